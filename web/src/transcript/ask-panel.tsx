import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { answerPieces } from '@domain/ask-prompt';
import { markQuestion } from '@domain/ask-ranking';
import { ASK_LIMITS } from '@domain/constants';
import { formatClock } from '@domain/paragraphs';
import { Alert } from '@web/components/ui/alert';
import { LoadingState } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { failureText, isUnauthorized } from '@web/lib/api-client';
import type { AskCitation } from '@contract';
import { askTranscripts, type AskScope } from './api/workspace';
import { ASK_TEXTS } from './texts';
import './found-moments.css';

const A = ASK_TEXTS;

/** A written answer (mode 'ai'), each citation number a link that plays its moment; a number without its citation stays text (an older or odd answer). */
function WrittenAnswer({ answer, citations }: { answer: string; citations: readonly AskCitation[] }) {
  return (
    <p className="ask__answer">
      {answerPieces(answer, citations.length).map((piece, index) => {
        if ('text' in piece) return <span key={index}>{piece.text}</span>;
        const citation = citations[piece.citation - 1]!;
        return (
          <Link key={index} className="ask__cite" to={paths.transcriptAt(citation.transcript_id, citation.start_ms)} aria-label={A.citedAt(piece.citation, formatClock(citation.start_ms))}>
            [{piece.citation}]
          </Link>
        );
      })}
    </p>
  );
}

/**
 * Ask (issue 30): a question about one transcript (`transcriptId`), one project's (`projectId`) or all the user's (its field's visible
 * `label`, "Your question" unless the place says more), answered with the passages
 * that best match it, best first: each with its speaker and moment, the question's words marked, and a link that
 * plays it. Without a language model (mode 'passages') the panel says the passages are the answer; with one (mode 'ai') the
 * written answer comes first, its citation numbers linking to the passages' moments, numbered alike in the list below.
 */
export function AskPanel({ transcriptId, projectId, label = A.questionLabel }: AskScope & { label?: string }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const ask = useMutation({ mutationFn: (question: string) => askTranscripts(question, { transcriptId, projectId }) });
  const asked = ask.variables ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '') ask.mutate(text.trim());
  };

  return (
    <div className="stack stack--gap-3">
      <form className="stack stack--gap-2" onSubmit={submit}>
        <label className="field__label" htmlFor={inputId}>
          {label}
        </label>
        <div className="search__form">
          <input id={inputId} className="input" type="search" placeholder={transcriptId ? A.placeholderOne : A.placeholderAll} value={text} maxLength={ASK_LIMITS.questionLength} onChange={(event) => setText(event.target.value)} />
          <button type="submit" className="btn btn--primary btn--sm" disabled={ask.isPending}>
            {A.ask}
          </button>
        </div>
      </form>
      {ask.isPending && <LoadingState label={A.asking} />}
      {ask.isError && !isUnauthorized(ask.error) && <Alert tone="error">{failureText(ask.error, A.failed)}</Alert>}
      <div aria-live="polite">
        {ask.data && (
          <>
            {ask.data.answer && <WrittenAnswer answer={ask.data.answer} citations={ask.data.citations} />}
            {ask.data.citations.length === 0 ? (
              !ask.data.answer && <p className="search__empty">{A.noPassages}</p>
            ) : (
              <>
                {ask.data.mode === 'passages' && <p className="ask__note">{A.passagesOnly}</p>}
                <ol className="search__results" aria-label={A.citationsLabel}>
                  {ask.data.citations.map((citation, index) => (
                    <li key={`${citation.transcript_id}-${citation.start_ms}`}>
                      <Link to={paths.transcriptAt(citation.transcript_id, citation.start_ms)}>
                        {ask.data.mode === 'ai' && <span className="ask__number">[{index + 1}] </span>}
                        {!transcriptId && <span className="search__name">{citation.filename} </span>}
                        {citation.speaker && <span>{citation.speaker} </span>}
                        <span className="search__time">{A.at(formatClock(citation.start_ms))}</span>
                      </Link>
                      <p className="search__snippet">
                        {markQuestion(citation.text, asked).map((piece, index) => (piece.match ? <mark key={index}>{piece.text}</mark> : <span key={index}>{piece.text}</span>))}
                      </p>
                    </li>
                  ))}
                </ol>
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}
