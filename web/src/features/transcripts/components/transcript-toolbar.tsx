/**
 * The transcript page's toolbar (issue 28 point 6), above the text: Export (a menu of formats), Share,
 * Translate, Speakers and Ask (issue 30; each opens its panel under the toolbar), Summarize, and More (a link to this
 * moment, Revert, and Delete with Undo, away from the translation). Below 40rem (CSS) it is one menu.
 */
import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { toast } from 'react-toastify';
import { useQuery } from '@tanstack/react-query';
import { SUMMARY_TEMPLATES, TEMPLATE_NAMES, type SummaryTemplate } from '@domain/summary-templates';
import { MenuButton, type MenuItem } from '@web/components/ui/menu-button';
import { capabilitiesQuery } from '@web/lib/capabilities';
import { savedTemplatesQuery } from '@web/transcript/api/saved-templates';
import { paths } from '@web/config/paths';
import { SHARING_TEXTS, WORKSPACE_TEXTS } from '../texts';
import { exportGroups, exportItems } from '../export-menu';
import { ASK_TEXTS, TRANSCRIPTS_TEXTS } from '@web/transcript/texts';
import type { Transcript } from '@web/transcript/api/get-transcript';
import { Translation } from '@web/transcript/translation';
import { AskPanel } from '@web/transcript/ask-panel';
import { CustomSummary } from './custom-summary';
import { ShareDialog } from './share-dialog';
import { SpeakerNames, useTrash } from './transcript-actions';

const W = WORKSPACE_TEXTS;
const T = TRANSCRIPTS_TEXTS;

type Panel = 'translate' | 'speakers' | 'ask' | 'custom';

export interface ToolbarProps {
  transcript: Transcript;
  languages: readonly string[];
  /** Not in the trash: everything that changes it is offered. */
  editable: boolean;
  mediaRef: RefObject<HTMLMediaElement | null>;
  /** Key points (no template) or another summary template (issue 30). */
  summarize: (template?: SummaryTemplate, instruction?: string) => void;
  revert: () => void;
  busy: boolean;
  /** A summary asked for here is being made (a short text's, answered at once): Summarize as… shows it and waits. */
  summarizing: boolean;
}

/** "Copy link at this moment": this page at the player's whole second, `?t=` in seconds. */
async function copyMomentLink(id: string, media: HTMLMediaElement | null): Promise<void> {
  const ms = Math.floor(media?.currentTime ?? 0) * 1000;
  try {
    await navigator.clipboard.writeText(new URL(paths.transcriptAt(id, ms), window.location.origin).href);
    toast.success(W.momentLinkCopied);
  } catch {
    toast.error(W.momentLinkFailed);
  }
}

export function TranscriptToolbar({ transcript, languages, editable, mediaRef, summarize, revert, busy, summarizing }: ToolbarProps) {
  const [panel, setPanel] = useState<Panel | null>(null);
  const [sharing, setSharing] = useState(false);
  const [options, setOptions] = useState({ timestamps: true, speakers: true });
  // A translation made on this visit, first, then those stored (the transcript's answer, newest first): each is exported.
  const [translated, setTranslated] = useState<string>();
  const panelRef = useRef<HTMLElement>(null);
  const groupRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const trash = useTrash(transcript);
  const name = transcript.filename ?? T.detailTitle;
  const speakers = transcript.speakers ?? [];
  // Like the speakers, missing from an older or hand-made answer.
  const stored = transcript.translations ?? [];

  const toggleOption = (option: keyof typeof options) => setOptions((current) => ({ ...current, [option]: !current[option] }));
  const exports = exportItems(transcript.id, exportGroups([...(translated ? [translated] : []), ...stored]), options, toggleOption);
  /** Opens a panel; from the phone's menu the focus goes into it (its button is hidden there). */
  const open = (which: Panel, focus: boolean) => {
    setPanel(which);
    if (focus) requestAnimationFrame(() => panelRef.current?.focus());
  };
  const toggle = (which: Panel) => (panel === which ? setPanel(null) : open(which, false));
  /** Closed by Close or Escape: the focus goes back to the panel's button, not to the page's start (on a phone, where it is hidden, the Actions menu's). */
  const close = () => {
    const own = groupRef.current?.querySelector<HTMLElement>(panel === 'custom' ? '.toolbar__summarize button' : `[data-panel="${panel}"]`);
    setPanel(null);
    (own?.offsetParent ? own : groupRef.current?.querySelector<HTMLElement>('.toolbar__compact button'))?.focus();
  };

  const more: MenuItem[] = [
    ...(transcript.audio_url ? [{ key: 'moment', text: W.copyMomentLink, onSelect: () => void copyMomentLink(transcript.id, mediaRef.current) }] : []),
    ...(editable && transcript.edited_at ? [{ key: 'revert', text: W.revert, onSelect: revert }] : []),
    transcript.deleted
      ? { key: 'restore', text: T.restore, disabled: trash.busy, onSelect: () => void trash.restore() }
      : { key: 'delete', text: T.delete, label: `${T.delete} ${name}`, danger: true, disabled: trash.busy, onSelect: () => void trash.remove() },
  ];
  const summaries = useSummaryItems(summarize, busy, () => open('custom', true));
  const changes: MenuItem[] = editable
    ? [
        { key: 'share', text: SHARING_TEXTS.share, onSelect: () => setSharing(true) },
        { key: 'translate', text: T.translate, onSelect: () => open('translate', true) },
        ...(speakers.length > 0 ? [{ key: 'speakers', text: W.speakersTitle, onSelect: () => open('speakers', true) }] : []),
        { key: 'ask', text: ASK_TEXTS.ask, onSelect: () => open('ask', true) },
        ...summaries.map((item) => ({ ...item, group: item.group ?? W.summarizeAsLabel })),
      ]
    : [];
  const disclosure = (which: Panel, text: string) => (
    <button type="button" className="btn btn--secondary btn--sm" data-panel={which} aria-expanded={panel === which} aria-controls={panel === which ? panelId : undefined} onClick={() => toggle(which)}>
      {text}
    </button>
  );

  return (
    <>
      <div ref={groupRef} role="group" aria-label={W.actionsLabel} className="toolbar">
        <div className="toolbar__wide">
          <MenuButton label={W.export} variant="secondary" className="menu-button--start" items={exports}>
            {W.export} <span aria-hidden="true">▾</span>
          </MenuButton>
          {editable && (
            <>
              <button type="button" className="btn btn--secondary btn--sm" aria-haspopup="dialog" onClick={() => setSharing(true)}>
                {SHARING_TEXTS.share}
              </button>
              {disclosure('translate', T.translate)}
              {speakers.length > 0 && disclosure('speakers', W.speakersTitle)}
              {disclosure('ask', ASK_TEXTS.ask)}
              <MenuButton label={W.summarizeAsLabel} variant="secondary" className="toolbar__summarize" items={summaries} busy={summarizing} disabled={summarizing}>
                {W.summarizeAs} <span aria-hidden="true">▾</span>
              </MenuButton>
            </>
          )}
          <MenuButton label={W.moreLabel} variant="secondary" className="toolbar__more" items={more}>
            {W.more} <span aria-hidden="true">▾</span>
          </MenuButton>
        </div>
        <MenuButton label={W.actionsMenu} variant="secondary" className="toolbar__compact menu-button--start" items={[...exports, ...changes, ...more]} busy={summarizing}>
          {W.actionsMenu} <span aria-hidden="true">▾</span>
        </MenuButton>
        {/* Under the buttons, at every width; always there (empty), so a screen reader hears it. The result or failure is a toast. */}
        <p role="status" className="note toolbar__status">
          {summarizing ? W.summarizing : ''}
        </p>
      </div>
      {editable && panel === 'translate' && (
        <ToolbarPanel id={panelId} panelRef={panelRef} title={T.translate} onClose={close}>
          <Translation id={transcript.id} name={name} languages={languages} sourceLanguage={transcript.language} titleLevel={3} onTranslated={setTranslated} />
        </ToolbarPanel>
      )}
      {editable && panel === 'speakers' && (
        <ToolbarPanel id={panelId} panelRef={panelRef} title={W.speakersTitle} onClose={close}>
          <SpeakerNames key={speakers.join()} transcript={{ ...transcript, speakers }} />
        </ToolbarPanel>
      )}
      {editable && panel === 'ask' && (
        <ToolbarPanel id={panelId} panelRef={panelRef} title={ASK_TEXTS.ask} onClose={close}>
          <AskPanel transcriptId={transcript.id} />
        </ToolbarPanel>
      )}
      {editable && panel === 'custom' && (
        <ToolbarPanel id={panelId} panelRef={panelRef} title={TEMPLATE_NAMES.custom} onClose={close}>
          <CustomSummary busy={busy} summarize={(instruction) => summarize('custom', instruction)} />
        </ToolbarPanel>
      )}
      {editable && <ShareDialog transcriptId={transcript.id} open={sharing} onClose={() => setSharing(false)} />}
    </>
  );
}

/**
 * "Summarize as…" (issue 30): every template; those this server can't write are disabled with why; Custom asks for its
 * instruction in a panel. Where Custom is written, the user's own templates follow, each the custom summary with its instruction.
 */
function useSummaryItems(summarize: (template?: SummaryTemplate, instruction?: string) => void, busy: boolean, askInstruction: () => void): MenuItem[] {
  const available = useQuery(capabilitiesQuery()).data?.summary_templates ?? ['key_points'];
  const saved = useQuery(savedTemplatesQuery(available.includes('custom'))).data ?? [];
  const templates: MenuItem[] = SUMMARY_TEMPLATES.map((template) => {
    const usable = available.includes(template);
    return {
      key: `summary-${template}`,
      text: usable ? TEMPLATE_NAMES[template] : W.templateUnavailable(TEMPLATE_NAMES[template]),
      disabled: busy || !usable,
      onSelect: template === 'custom' ? askInstruction : () => summarize(template),
    };
  });
  const own: MenuItem[] = saved.map((template) => ({
    key: `saved-${template.id}`,
    text: template.name,
    label: W.useSavedTemplate(template.name),
    group: W.savedTemplatesGroup,
    disabled: busy,
    onSelect: () => summarize('custom', template.instruction),
  }));
  return [...templates, ...own];
}

/** A panel under the toolbar (Translate, Speakers, Ask): a labelled region with Close; Escape closes it too, as it does Find and replace. */
function ToolbarPanel({ id, panelRef, title, onClose, children }: { id: string; panelRef: RefObject<HTMLElement | null>; title: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  return (
    <section
      id={id}
      ref={panelRef}
      tabIndex={-1}
      className="card stack stack--gap-2"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        onClose();
      }}
    >
      <div className="spread-row">
        <h2 id={titleId} className="card__title">
          {title}
        </h2>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onClose}>
          {SHARING_TEXTS.close}
        </button>
      </div>
      {children}
    </section>
  );
}
