import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LoadingState } from '@web/components/ui/spinner';
import { SEARCH_RESULTS } from '@web/config/constants';
import { paths } from '@web/config/paths';
import { SEARCH_TEXTS } from '../texts';
import { searchTranscripts } from '@web/transcript/api/workspace';
import { formatClock } from '@domain/paragraphs';
import { snippetParts } from '../search';
import '@web/transcript/found-moments.css';

const W = SEARCH_TEXTS;

const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** That only the best matches are shown, when a search brought as many as it asks for (more may match); else null. */
const cappedNote = (found: number): string | null => (found >= SEARCH_RESULTS ? W.bestMatchesOnly(SEARCH_RESULTS) : null);

/** What a search found, in a sentence: none, or how many (and the capped note, when there is one). */
function announcement(found: number, query: string): string {
  if (found === 0) return W.noResults(query);
  const note = cappedNote(found);
  return note ? `${W.resultsFound(found)} ${note}` : W.resultsFound(found);
}

/**
 * Search over all the user's transcripts (issue 14): `/` focuses the box; each result shows the words
 * around the match and opens the transcript at the moment they were said.
 */
export function SearchBox() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const results = useQuery({ queryKey: ['search', query], queryFn: () => searchTranscripts(query, SEARCH_RESULTS), enabled: query !== '' });
  const note = results.data ? cappedNote(results.data.results.length) : null;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      event.preventDefault();
      inputRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(text.trim());
  };

  return (
    <section className="stack stack--gap-3 search" aria-label={W.searchLabel}>
      <form role="search" className="search__form" onSubmit={submit}>
        <label className="visually-hidden" htmlFor="library-search">
          {W.searchLabel}
        </label>
        <input
          id="library-search"
          ref={inputRef}
          className="input"
          type="search"
          placeholder={W.searchPlaceholder}
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => event.key === 'Escape' && (setText(''), setQuery(''))}
        />
        <button type="submit" className="btn btn--primary btn--sm">
          {W.searchButton}
        </button>
      </form>
      {results.isFetching && <LoadingState label={W.searching} />}
      {/* Always there, so screen readers hear what came: how many, not every snippet. */}
      <p className="visually-hidden" aria-live="polite">
        {results.data && announcement(results.data.results.length, query)}
      </p>
      {results.data && (
        <div>
          {results.data.results.length === 0 ? (
            <p className="search__empty">{W.noResults(query)}</p>
          ) : (
            <ol className="search__results" aria-label={W.resultsLabel}>
              {results.data.results.map((result) => (
                <li key={result.id}>
                  <Link to={paths.transcriptAt(result.id, result.start_ms)}>
                    <span className="search__name">{result.filename}</span> <span className="search__time">{W.at(formatClock(result.start_ms))}</span>
                  </Link>
                  {result.match === 'meaning' && (
                    <>
                      {' '}
                      <span className="badge" title={W.meaningMatchHint}>
                        {W.meaningMatch}
                      </span>
                    </>
                  )}
                  <p className="search__snippet">
                    {snippetParts(result.snippet).map((part, index) => (part.mark ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
                  </p>
                </li>
              ))}
            </ol>
          )}
          {note && <p className="note">{note}</p>}
        </div>
      )}
    </section>
  );
}
