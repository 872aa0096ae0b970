import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { ConfirmModal } from '@web/components/ui/confirm-modal';
import { projectsQuery } from '@web/lib/library-keys';
import { LoadingState } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { COMMON_TEXTS } from '@web/config/texts';
import { WORKSPACE_TEXTS } from '../texts';
import { FIND_TEXTS, READING_TEXTS, TRANSCRIPTS_TEXTS } from '@web/transcript/texts';
import { hasRunningTextJob, isComplete, isFailed, isProcessing, transcriptQueryOptions, type Transcript } from '@web/transcript/api/get-transcript';
import { startFrom, transcriptLoadError } from '@web/transcript/format';
import { WhenAndLength } from '@web/transcript/meta';
import { useTranslationLanguages } from '@web/transcript/api/translation';
import { JobProgress, NotifyWhenReady, TextJobStatus, TryAgain } from '@web/transcript/job-progress';
import { announceReady } from '@web/transcript/job-notice';
import { ReadingView, type Marks } from '@web/transcript/reading-view';
import { FindReplace } from '@web/transcript/find-replace';
import type { SpeakerActions } from '@web/transcript/speaker-menu';
import type { SummaryTemplate } from '@domain/summary-templates';
import { pointsOf, summaryTitle, SummaryTabs, TopicAndBullets, useKeyPoints } from '@web/transcript/summary-box';
import { useAssignSpeaker, useCorrectText, useEditTranscript, useRevertTranscript, useSummarizeAgain, type GroupText } from '@web/transcript/api/transcript-changes';
import { LanguageMismatch } from './language-mismatch';
import { StickyPlayer } from '@web/transcript/sticky-player';
import { attempt, ProjectAndTags, RenameTitle, RestoreAction } from './transcript-actions';
import { TranscriptToolbar } from './transcript-toolbar';

const T = TRANSCRIPTS_TEXTS;
const W = WORKSPACE_TEXTS;

/** A transcript seen processing here that completes says so when the tab is in the background (issue 15). */
function useReadyNotice(transcript: Transcript | undefined): void {
  const wasProcessing = useRef(false);
  useEffect(() => {
    if (!transcript) return;
    if (wasProcessing.current && isComplete(transcript)) announceReady(transcript.filename ?? T.detailTitle);
    wasProcessing.current = isProcessing(transcript);
  }, [transcript]);
}

/**
 * Corrections with one step of undo, revert to the original and "Summarize again"; each a toast when
 * done. A correction that fails throws, so the paragraph stays open for another try.
 */
function useTranscriptEdits(transcript: Transcript) {
  const { id } = transcript;
  const correction = useCorrectText(id);
  const reverting = useRevertTranscript(id);
  const summarizing = useSummarizeAgain(id);
  // The last correction's groups as they were, and whether find and replace made it (its Undo is there too).
  const [undo, setUndo] = useState<{ groups: GroupText[]; byFind: boolean } | null>(null);
  const [asking, setAsking] = useState(false);

  const correct = async (groups: GroupText[], done: string = W.saved, byFind = false) => {
    const previous = groups.map(({ index }) => ({ index, text: transcript.word_timings[index]!.words.map((word) => word.word).join(' ') }));
    const answer = await attempt(() => correction.mutateAsync(groups), W.saveFailed);
    if (!answer) throw new Error(W.saveFailed);
    setUndo({ groups: previous, byFind });
    toast.success(done);
  };
  const undoLast = async () => {
    if (!undo) return;
    const answer = await attempt(() => correction.mutateAsync(undo.groups), W.saveFailed);
    if (!answer) return;
    setUndo(null);
    toast.success(W.undone);
  };
  const revert = async () => {
    const answer = await attempt(() => reverting.mutateAsync(undefined));
    setAsking(false);
    if (!answer) return;
    setUndo(null);
    toast.success(W.reverted);
  };
  // The template last made here: its tab opens (issue 30).
  const [made, setMade] = useState<SummaryTemplate>('key_points');
  const summarize = async (template: SummaryTemplate = 'key_points', instruction?: string) => {
    const answer = await attempt(() => summarizing.mutateAsync(template !== 'key_points' ? { template, ...(instruction ? { instruction } : {}) } : undefined), W.summarizeFailed);
    if (!answer) return;
    setMade(template);
    // A long text's is made as a job (issue 31): its progress shows on the page until the new summary is there.
    if (!hasRunningTextJob(answer)) toast.success(W.summarized);
  };
  const busy = reverting.isPending || summarizing.isPending || hasRunningTextJob(transcript);
  return { correct, undo, undoLast, undoing: correction.isPending, asking, setAsking, revert, summarize, summarizing: summarizing.isPending, made, busy };
}

type Edits = ReturnType<typeof useTranscriptEdits>;

/**
 * docs/product.md#screens-and-routes, transcript detail: loading, loaded or error (section 4); a transcript still
 * processing is asked for again every 5 s. Issue 14 makes it a workspace: the name, status, date and
 * actions; the topic and summary once (with "Summarize again" after corrections); a sticky player over
 * the reading view, where paragraphs are corrected in place while the recording plays.
 */
export function TranscriptDetail({ id }: { id: string }) {
  const query = useQuery(transcriptQueryOptions(id, { poll: true }));
  // Asked for with the transcript, not after it: the summary's title and the translation's languages.
  const keyPoints = useKeyPoints();
  const languages = useTranslationLanguages();
  useReadyNotice(query.data);

  if (query.isPending) return <LoadingState label={T.loadingTranscript} />;
  if (query.isError) {
    return (
      <div className="stack">
        <h1 className="page-title">{T.detailTitle}</h1>
        <Alert tone="error">{transcriptLoadError(query.error)}</Alert>
        <p>
          <Link to={paths.dashboard}>{COMMON_TEXTS.goToDashboard}</Link>
        </p>
      </div>
    );
  }
  return <TranscriptWorkspace transcript={query.data} keyPoints={keyPoints} languages={languages} />;
}

function TranscriptWorkspace({ transcript, keyPoints, languages }: { transcript: Transcript; keyPoints: boolean; languages: readonly string[] }) {
  const { id } = transcript;
  const [params] = useSearchParams();
  const mediaRef = useRef<HTMLMediaElement>(null);
  const edits = useTranscriptEdits(transcript);
  const editable = isComplete(transcript) && !transcript.deleted;
  return (
    <article className="stack transcript">
      <TranscriptHeader transcript={transcript} editable={editable} />
      {transcript.deleted && (
        <Alert tone="warning">
          {W.inTrash} <RestoreAction transcript={transcript} />
        </Alert>
      )}
      {transcript.error && <Alert tone="error">{T.loadErrorPrefix + transcript.error}</Alert>}
      {isFailed(transcript) && !transcript.deleted && (
        <div>
          <TryAgain id={id} name={transcript.filename ?? T.detailTitle} />
        </div>
      )}
      {isProcessing(transcript) && <StillProcessing transcript={transcript} />}
      {isComplete(transcript) && transcript.language_mismatch && editable && <LanguageMismatch transcript={transcript} />}
      {isComplete(transcript) && (
        <TranscriptToolbar
          transcript={transcript}
          languages={languages}
          editable={editable}
          mediaRef={mediaRef}
          summarize={(template, instruction) => void edits.summarize(template, instruction)}
          revert={() => edits.setAsking(true)}
          busy={edits.busy}
          summarizing={edits.summarizing}
        />
      )}
      {isComplete(transcript) && !(transcript.text_job?.kind === 'translation' && transcript.text_job.status === 'failed') && <TextJobStatus transcript={transcript} />}
      <SummarySection transcript={transcript} keyPoints={keyPoints} edits={edits} editable={editable} />
      {isComplete(transcript) && (
        <TranscriptText
          transcript={transcript}
          mediaRef={mediaRef}
          startMs={startFrom(params, transcript.word_timings ?? [], transcript.duration_ms)}
          edits={editable ? edits : undefined}
        />
      )}
      <ConfirmModal
        open={edits.asking}
        busy={edits.busy}
        onCancel={() => edits.setAsking(false)}
        onConfirm={() => void edits.revert()}
        title={W.revertTitle}
        description={W.revertDescription}
        cancelLabel={READING_TEXTS.cancel}
        confirmLabel={W.revertConfirm}
      />
    </article>
  );
}

/** The name (with Rename); the status, date, length, project and tags (issue 28: editable here). */
function TranscriptHeader({ transcript, editable }: { transcript: Transcript; editable: boolean }) {
  const [editing, setEditing] = useState(false);
  // Fields beyond docs/product.md#entities may be missing from an older or hand-made answer.
  const tags = transcript.tags ?? [];
  return (
    <header className="stack stack--gap-3 transcript__header">
      <RenameTitle key={transcript.filename} transcript={transcript} />
      <dl className="meta">
        {transcript.status && (
          <div>
            <dt>{T.statusLabel}</dt>
            <dd>
              <span className={`badge badge--${isComplete(transcript) ? 'success' : isFailed(transcript) ? 'failed' : 'pending'}`}>{transcript.status}</span>
              {transcript.edited_at && <span className="badge badge--pending">{W.edited}</span>}
            </dd>
          </div>
        )}
        <WhenAndLength createdAt={transcript.created_at} durationMs={transcript.duration_ms} />
        <ProjectAndTagsMeta projectId={transcript.project_id} tags={tags} />
      </dl>
      {editable &&
        (editing ? (
          <ProjectAndTags key={`${transcript.project_id}:${tags.join()}`} transcript={{ ...transcript, tags }} onDone={() => setEditing(false)} />
        ) : (
          <div>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setEditing(true)}>
              {W.editDetails}
            </button>
          </div>
        ))}
    </header>
  );
}

/** The project (by name, once the projects are known) and the tags, or that there are none. */
function ProjectAndTagsMeta({ projectId, tags }: { projectId: string | null | undefined; tags: readonly string[] }) {
  const projects = useQuery({ ...projectsQuery(), enabled: Boolean(projectId) });
  // While the projects load, its place is kept (an ellipsis), not said to be "No project".
  const project = projectId && (projects.isPending ? '…' : projects.data?.find((item) => item.id === projectId)?.name);
  return (
    <>
      <div>
        <dt>{TRANSCRIPTS_TEXTS.projectLabel}</dt>
        <dd>{project || W.noProject}</dd>
      </div>
      <div>
        <dt>{W.tagsTitle}</dt>
        <dd className="meta__tags">{tags.length > 0 ? tags.map((tag) => <span key={tag} className="badge">{tag}</span>) : W.noTags}</dd>
      </div>
    </>
  );
}

function StillProcessing({ transcript }: { transcript: Transcript }) {
  const name = transcript.filename ?? T.detailTitle;
  return (
    <div className="card stack">
      <div role="status" className="stack">
        <p className="card__title">{TRANSCRIPTS_TEXTS.processing(name)}</p>
        <JobProgress name={name} stage={transcript.stage} progress={transcript.progress} queue_position={transcript.queue_position} />
      </div>
      <NotifyWhenReady />
    </div>
  );
}

/** The topic and summary (key points with the extractive engine), with "Summarize again" once corrections made it outdated or when the job had to leave it out. */
function SummarySection({ transcript, keyPoints, edits, editable }: { transcript: Transcript; keyPoints: boolean; edits: Edits; editable: boolean }) {
  const points = pointsOf(transcript);
  const templates = transcript.summaries ?? {};
  // An older answer has no summary_left_out.
  const leftOut = transcript.summary_left_out === true;
  if (!transcript.topic && points.length === 0 && Object.keys(templates).length === 0 && !leftOut) return null;
  return (
    <section className="card" aria-labelledby="summary-title">
      <h2 id="summary-title" className="card__title">
        {summaryTitle(keyPoints)}
      </h2>
      {(transcript.summary_outdated || leftOut) && (
        <Alert tone="info">
          {leftOut ? W.summaryLeftOut : W.summaryOutdated}{' '}
          <Button variant="secondary" size="sm" disabled={edits.busy || !editable} busy={edits.summarizing} onClick={() => void edits.summarize()}>
            {W.summarizeAgain}
          </Button>
        </Alert>
      )}
      <SummaryTabs key={edits.made} initial={edits.made} keyPointsTitle={summaryTitle(keyPoints)} summaries={templates} onRedo={editable ? (template) => void edits.summarize(template) : undefined} busy={edits.busy}>
        <TopicAndBullets topic={transcript.topic} points={points} />
      </SummaryTabs>
    </section>
  );
}

/** Issue 28: the speaker menu's rename (everywhere, as the Speakers form does) and reassignment, each with its toast. */
function useSpeakerActions(transcript: Transcript): SpeakerActions {
  const renaming = useEditTranscript(transcript.id);
  const assigning = useAssignSpeaker(transcript.id);
  // The same actions while the speakers are the same, so the reading view's paragraphs are not drawn again.
  const latest = useRef({ renaming, assigning });
  latest.current = { renaming, assigning };
  const speakers = transcript.speakers ?? [];
  const key = speakers.join('\n');
  return useMemo(
    () => ({
      speakers,
      rename: async (from, to) => {
        const answer = await attempt(() => latest.current.renaming.mutateAsync({ speakers: { [from]: to } }));
        if (answer) toast.success(W.speakersSaved);
        return answer !== undefined;
      },
      assign: async (groups, speaker) => {
        const answer = await attempt(() => latest.current.assigning.mutateAsync({ groups, speaker }));
        if (answer) toast.success(W.speakerChanged(speaker));
        return answer !== undefined;
      },
    }),
    // `key` stands for the speakers' names.
    [key],
  );
}

/** Ctrl+H (⌘⇧H on a Mac), within the transcript's text: the browser keeps Ctrl+F for its own find in the page. */
const isFindShortcut = (event: KeyboardEvent): boolean => event.key.toLowerCase() === 'h' && !event.altKey && ((event.ctrlKey && !event.metaKey && !event.shiftKey) || (event.metaKey && event.shiftKey));

/**
 * The recording in a sticky player over the reading view (or the plain text when there are no word times). With
 * `edits`, words and paragraphs are corrected in place, the speaker labels are menus, and "Find and replace" opens
 * above the text.
 */
function TranscriptText({ transcript, mediaRef, startMs, edits }: { transcript: Transcript; mediaRef: RefObject<HTMLMediaElement | null>; startMs: number | undefined; edits: Edits | undefined }) {
  const [finding, setFinding] = useState(false);
  const [marks, setMarks] = useState<Marks | undefined>(undefined);
  const speakerActions = useSpeakerActions(transcript);
  const findButton = useRef<HTMLButtonElement>(null);
  const hasWords = Boolean(transcript.word_timings?.length);
  const undo = edits?.undo;
  const closeFind = () => {
    setFinding(false);
    findButton.current?.focus();
  };
  return (
    <section
      className="card workspace"
      aria-labelledby="text-title"
      onKeyDown={(event) => {
        if (!edits || !hasWords || !isFindShortcut(event)) return;
        event.preventDefault();
        setFinding(true);
      }}
    >
      <div className="workspace__title-row">
        <h2 id="text-title" className="card__title">
          {T.textLabel}
        </h2>
        {edits && hasWords && (
          <button ref={findButton} type="button" className="btn btn--secondary btn--sm" aria-expanded={finding} aria-keyshortcuts="Control+H Meta+Shift+H" onClick={() => (finding ? closeFind() : setFinding(true))}>
            {FIND_TEXTS.open}
          </button>
        )}
      </div>
      {transcript.audio_url && <StickyPlayer src={transcript.audio_url} kind={transcript.media_kind} lengthMs={transcript.duration_ms} name={transcript.filename} mediaRef={mediaRef} />}
      {edits && finding && (
        <FindReplace
          groups={transcript.word_timings}
          onReplace={async (groups, count) => {
            try {
              await edits.correct(groups, FIND_TEXTS.replaced(count), true);
              return true;
            } catch {
              return false;
            }
          }}
          undo={undo?.byFind ? { busy: edits.undoing, onUndo: () => void edits.undoLast() } : undefined}
          onMarks={setMarks}
          onClose={closeFind}
        />
      )}
      {transcript.speakers_missing && <Alert tone="info">{W.speakersMissing}</Alert>}
      {hasWords ? (
        // A new `?t=` (a key point's link) opens the reading view anew at that moment.
        <ReadingView
          key={startMs}
          groups={transcript.word_timings}
          mediaRef={mediaRef}
          startMs={startMs}
          onCorrect={edits?.correct}
          undo={edits && undo?.groups.length ? { groups: undo.groups.map(({ index }) => index), busy: edits.undoing, onUndo: () => void edits.undoLast() } : undefined}
          speakerActions={edits ? speakerActions : undefined}
          marks={marks}
        />
      ) : (
        <p className="transcript__text">{transcript.text || TRANSCRIPTS_TEXTS.noSpeech}</p>
      )}
    </section>
  );
}
