import { memo, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { FailedJob, JobProgress } from '@web/transcript/job-progress';
import { Translation } from '@web/transcript/translation';
import { Button } from '@web/components/ui/button';
import { MenuButton, type MenuItem } from '@web/components/ui/menu-button';
import { paths } from '@web/config/paths';
import { LIBRARY_TEXTS } from '../texts';
import { TRANSCRIPTS_TEXTS } from '@web/transcript/texts';
import { WhenAndLength } from '@web/transcript/meta';
import type { TranscriptListItem } from '../api/transcripts';
import { DOWNLOAD_FORMATS, type DownloadFormat } from '../download';
import { downloadName, isComplete, previewText } from '../format';
import { useDownload } from '../hooks/use-download';
import { useRowMoves } from '../hooks/use-row-moves';

const T = TRANSCRIPTS_TEXTS;
const L = LIBRARY_TEXTS;

export interface TranscriptRowProps {
  item: TranscriptListItem;
  /** The name of the item's project, when it is in one. */
  projectName?: string | undefined;
  /** The languages offered for translation. */
  languages: readonly string[];
  /** Called after the item left this list (deleted or restored), so focus can go somewhere sensible. */
  onRemoved: () => void;
}

type Panel = 'play' | 'translate';

const statusTone = (status: string) => (status === 'complete' ? 'success' : status === 'failed' ? 'failed' : 'pending');

/**
 * One transcript of the Transcribed Files tab (docs/product.md#screens-and-routes) as a compact row (issue 15): the name
 * (a link to the transcript), status or live stage, date, length, project, tags, topic and the preview
 * (100 characters). The actions are in a menu: 'View Full', Play (the recording, only when asked),
 * Download (.txt, .srt, .vtt), Translate (the language select opens under the row) and Delete, which
 * moves it to the trash with an Undo in its toast. A deleted one offers Restore.
 * Nothing is fetched on render: the full transcript is fetched only when a download is asked for.
 */
export const TranscriptRow = memo(function TranscriptRow({ item, projectName, languages, onRemoved }: TranscriptRowProps) {
  const titleId = useId();
  const [panel, setPanel] = useState<Panel | null>(null);
  const name = item.filename || T.detailTitle;
  const { remove, restore } = useRowMoves(item, name, onRemoved);
  const download = useDownload(item);
  const actions = rowActions(item, name, panel, {
    toggle: (next) => setPanel((current) => (current === next ? null : next)),
    download: (format) => void download(format),
    remove: () => remove.mutate(),
  });

  return (
    <article className="panel stack stack--gap-3 lib-item lib-row" aria-labelledby={titleId} aria-busy={remove.isPending || restore.isPending || undefined}>
      <div className="lib-row__line">
        <h3 id={titleId} className="lib-item__title lib-row__title">
          <Link to={paths.transcript(item.id)} className="lib-row__link" data-row-focus>
            {name}
          </Link>
        </h3>
        <div className="lib-row__status">
          {item.status === 'processing' && !item.deleted ? (
            <JobProgress name={name} compact stage={item.stage} progress={item.progress} queue_position={item.queue_position} />
          ) : (
            <span className={`badge badge--${statusTone(item.status)}`}>
              <span className="visually-hidden">{L.statusLabel}: </span>
              {item.status}
            </span>
          )}
        </div>
        {item.deleted ? (
          <Button size="sm" variant="secondary" aria-label={L.restoreLabel(name)} busy={restore.isPending} onClick={() => restore.mutate()}>
            {T.restore}
          </Button>
        ) : (
          <MenuButton label={L.actionsLabel(name)} items={actions}>
            <MoreIcon />
          </MenuButton>
        )}
      </div>
      <RowMeta item={item} projectName={projectName} />
      <RowDetails item={item} name={name} panel={panel} languages={languages} />
    </article>
  );
});

interface RowCommands {
  toggle: (panel: Panel) => void;
  download: (format: DownloadFormat) => void;
  remove: () => void;
}

/** The row's menu: 'View Full', Play (with a recording), the three downloads and Translate (once complete), Delete. */
function rowActions(item: TranscriptListItem, name: string, panel: Panel | null, commands: RowCommands): MenuItem[] {
  const complete = isComplete(item.status);
  const playText = panel === 'play' ? L.hidePlayer : L.play;
  return [
    { key: 'view', text: T.viewFull, label: L.viewFullLabel(name), to: paths.transcript(item.id) },
    ...(item.audio_url ? [{ key: 'play', text: playText, label: `${playText} ${name}`, onSelect: () => commands.toggle('play') }] : []),
    ...DOWNLOAD_FORMATS.map((format) => ({
      key: format,
      text: format === 'txt' ? T.download : `${format === 'srt' ? L.downloadSrt : L.downloadVtt} ${L.subtitles}`,
      label: format === 'txt' ? L.downloadLabel(downloadName(item.filename, format)) : L.subtitleLabel(format === 'srt' ? L.downloadSrt : L.downloadVtt, downloadName(item.filename, format)),
      disabled: !complete,
      onSelect: () => commands.download(format),
    })),
    { key: 'translate', text: L.translateMenu, label: `${L.translateMenu} ${name}`, disabled: !complete, onSelect: () => commands.toggle('translate') },
    { key: 'delete', text: T.delete, label: L.deleteLabel(name), danger: true, onSelect: commands.remove },
  ];
}

/** Date, length, project, tags and topic; each labelled for screen readers. */
function RowMeta({ item, projectName }: { item: TranscriptListItem; projectName: string | undefined }) {
  return (
    <dl className="meta lib-row__meta">
      <WhenAndLength createdAt={item.created_at} durationMs={item.duration_ms} hiddenTerms />
      {projectName && (
        <div>
          <dt className="visually-hidden">{TRANSCRIPTS_TEXTS.projectLabel}</dt>
          <dd className="lib-row__project">{projectName}</dd>
        </div>
      )}
      {item.tags && item.tags.length > 0 && (
        <div>
          <dt className="visually-hidden">{L.tagsLabel}</dt>
          <dd>
            <ul className="chips">
              {item.tags.map((tag) => (
                <li key={tag} className="pill chip">
                  {tag}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      {item.topic && (
        <div className="lib-row__topic">
          <dt>{T.topicLabel}:</dt>
          <dd>{item.topic}</dd>
        </div>
      )}
    </dl>
  );
}

/** Under the row: the failure (with Try again while active) or the preview, then the open panel (player or translation). */
function RowDetails({ item, name, panel, languages }: { item: TranscriptListItem; name: string; panel: Panel | null; languages: readonly string[] }) {
  const complete = isComplete(item.status);
  const preview = previewText(item.preview);
  return (
    <>
      {item.status === 'failed' ? (
        item.deleted ? (
          <p className="lib-item__error">{item.error}</p>
        ) : (
          <FailedJob id={item.id} name={name} reason={item.error ?? T.transcribeFailed} compact />
        )
      ) : (
        (preview || complete) && <p className="lib-item__preview">{preview || TRANSCRIPTS_TEXTS.noSpeech}</p>
      )}
      {panel === 'play' && item.audio_url && (
        <audio className="lib-item__audio" controls autoPlay preload="none" src={item.audio_url} aria-label={L.audioLabel(name)}>
          {L.audioUnsupported}
        </audio>
      )}
      {panel === 'translate' && complete && <Translation id={item.id} name={name} languages={languages} sourceLanguage={item.language} />}
    </>
  );
}

function MoreIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="19" cy="12" r="2" fill="currentColor" />
    </svg>
  );
}
