import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TranslationAnswer } from '@contract';
import { EXPORT_FORMATS, type ExportFormat } from '@domain/export-formats';
import { findLanguage } from '@domain/languages';
import { paragraphsOf } from '@domain/paragraphs';
import { textPieces, translatedGroups } from '@domain/translation';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Options } from '@web/components/ui/field';
import { TRANSCRIPTS_TEXTS } from './texts';
import { isUnauthorized } from '@web/lib/api-client';
import { scrollBehavior } from '@web/lib/motion';
import { defaultLanguage, isStartedJob, translateErrorMessage, translateTranscript } from '@web/transcript/api/translation';
import { hasRunningTextJob, transcriptQueryKey, transcriptQueryOptions } from '@web/transcript/api/get-transcript';
import { exportUrl } from '@web/transcript/api/workspace';
import './translation.css';

const L = TRANSCRIPTS_TEXTS;

export interface TranslationProps {
  id: string;
  /** The transcript's name, for the labels (several may be on one page). */
  name: string;
  /** The languages offered (`useTranslationLanguages`). */
  languages: readonly string[];
  /** The translation title's level: under an h3 (a library card), 4; under the transcript page's h2 panel, 3. */
  titleLevel?: 3 | 4;
  /** The transcript's own language (name or code): not offered (issue 28). */
  sourceLanguage?: string | undefined;
  /** Told the language of each translation made (the transcript page's Export menu then offers it). */
  onTranslated?: (language: string) => void;
}

/**
 * The language select (English by default, docs/product.md#constants-and-limits, never the transcript's own) and Translate;
 * the translation shows below with its language, paragraph by paragraph under the original speaker labels, words left
 * untranslated marked as such, and a download of it in any export format; errors in docs/product.md#errors words. Used by
 * the library's cards and the transcript detail, both under an h3 (the card's name, the detail's "Translate"): the
 * translation's title is an h4.
 */
export function Translation({ id, name, languages: offered, sourceLanguage, titleLevel = 4, onTranslated }: TranslationProps) {
  const Title = titleLevel === 3 ? 'h3' : 'h4';
  const selectId = useId();
  const resultId = useId();
  const own = sourceLanguage === undefined ? undefined : findLanguage(sourceLanguage)?.code;
  const languages = useMemo(() => offered.filter((language) => own === undefined || findLanguage(language)?.code !== own), [offered, own]);
  const [chosen, setChosen] = useState<string | null>(null);
  const language = chosen !== null && languages.includes(chosen) ? chosen : defaultLanguage(languages);
  const [result, setResult] = useState<TranslationAnswer | null>(null);
  const resultRef = useRef<HTMLElement>(null);
  // A translation can come below the fold (the transcript page's actions): it is brought into view.
  // A block, not an expression: browsers now answer scrollIntoView with a promise, which React would take for the effect's cleanup.
  useEffect(() => {
    resultRef.current?.scrollIntoView?.({ block: 'nearest', behavior: scrollBehavior() });
  }, [result]);

  const client = useQueryClient();
  // Issue 31: the language of a long text's translation being made as a job; the transcript is followed until it is done.
  const [waiting, setWaiting] = useState<string | null>(null);
  const followed = useQuery({ ...transcriptQueryOptions(id, { poll: true }), enabled: waiting !== null });
  const translate = useMutation({
    mutationFn: (target: string) => translateTranscript(id, target),
    onSuccess: (answer, target) => {
      if (isStartedJob(answer)) {
        client.setQueryData(transcriptQueryKey(id), answer);
        setWaiting(target);
        return;
      }
      setWaiting(null);
      const language = answer?.language || target;
      setResult({ translated_text: answer?.translated_text ?? '', language, segments: answer?.segments ?? [] });
      onTranslated?.(language);
    },
    onError: () => setWaiting(null),
  });
  // The job ended: done, the stored translation answers at once; failed, its reason shows here (the page's TextJobStatus leaves a translation's to this panel).
  const job = followed.data?.text_job;
  const ended = waiting !== null && followed.data !== undefined && !hasRunningTextJob(followed.data);
  const { mutate, isPending } = translate;
  useEffect(() => {
    if (ended && job?.status !== 'failed' && !isPending) mutate(waiting!);
  }, [ended, job?.status, isPending, mutate, waiting]);
  const error = translate.isError && !isUnauthorized(translate.error) ? translateErrorMessage(translate.error) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    translate.mutate(language);
  };

  return (
    <>
      <form className="translate" onSubmit={onSubmit}>
        <div className="field">
          <label className="field__label" htmlFor={selectId}>
            {L.language}
            <span className="visually-hidden">{L.languageFor(name)}</span>
          </label>
          <select id={selectId} className="input select" value={language} onChange={(event) => setChosen(event.target.value)}>
            <Options options={languages} />
          </select>
        </div>
        <Button type="submit" size="sm" aria-label={L.translateLabel(name)} busy={translate.isPending || (waiting !== null && hasRunningTextJob(followed.data))} aria-controls={result ? resultId : undefined}>
          {TRANSCRIPTS_TEXTS.translate}
        </Button>
      </form>
      {error && <Alert tone="error">{error}</Alert>}
      {ended && job?.status === 'failed' && <Alert tone="error">{job.error}</Alert>}
      <div aria-live="polite">
        {result && (
          <section ref={resultRef} id={resultId} className="translation" aria-label={L.translationTitle(result.language)}>
            <Title className="translation__title">{L.translationTitle(result.language)}</Title>
            <TranslatedText result={result} />
            <TranslationDownload id={id} language={result.language} />
          </section>
        )}
      </div>
    </>
  );
}

/** The translation in paragraphs as the page reads the original (the speaker's own label), unknown words marked. */
function TranslatedText({ result }: { result: TranslationAnswer }) {
  const paragraphs = useMemo(() => paragraphsOf(translatedGroups(result.segments)), [result.segments]);
  const untranslated = paragraphs.some((paragraph) => textPieces(paragraph.text).some((piece) => piece.unknown));
  // A translation without segments (an older or hand-made answer) shows its text as it came.
  if (paragraphs.length === 0) return <p className="translation__text">{result.translated_text}</p>;
  return (
    <div lang={findLanguage(result.language)?.code}>
      {paragraphs.map((paragraph) => (
        <p key={paragraph.groups[0]} className="translation__text">
          {paragraph.speaker && <strong lang="">{`${paragraph.speaker}: `}</strong>}
          {textPieces(paragraph.text).map((piece, index) =>
            piece.unknown ? (
              <span key={index} className="translation__unknown" title={L.untranslated}>
                {piece.text}
              </span>
            ) : (
              piece.text
            ),
          )}
        </p>
      ))}
      {untranslated && (
        <p className="note translation__legend" lang="en">
          <span className="translation__unknown">{L.untranslated}</span> {L.untranslatedLegend}
        </p>
      )}
    </div>
  );
}

/** The translation as a download, in any export format (a plain link: the browser downloads it with the session cookie). */
function TranslationDownload({ id, language }: { id: string; language: string }) {
  const [format, setFormat] = useState<ExportFormat>('srt');
  const lang = findLanguage(language)?.code ?? language;
  return (
    <div className="translate translation__download">
      <select className="input select" aria-label={L.translationDownloadLabel(language)} value={format} onChange={(event) => setFormat(event.target.value as ExportFormat)}>
        {EXPORT_FORMATS.map((value) => (
          <option key={value} value={value}>
            {L.exportFormats[value]}
          </option>
        ))}
      </select>
      <a className="btn btn--secondary btn--sm" href={exportUrl(id, format, { timestamps: true, speakers: true, lang })} download>
        {L.translationDownload}
      </a>
    </div>
  );
}
