import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { TranslationAnswer } from '@contract';
import { findLanguage } from '@domain/languages';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Options } from '@web/components/ui/field';
import { TRANSCRIPTS_TEXTS } from './texts';
import { isUnauthorized } from '@web/lib/api-client';
import { scrollBehavior } from '@web/lib/motion';
import { defaultLanguage, translateErrorMessage, translateTranscript } from '@web/transcript/api/translation';
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
}

/**
 * The language select (English by default, docs/product.md#constants-and-limits) and Translate; the translated text shows below with
 * its language; errors in docs/product.md#errors words. Used by the library's cards and the transcript detail, both
 * under an h3 (the card's name, the detail's "Translate"): the translation's title is an h4.
 */
export function Translation({ id, name, languages, titleLevel = 4 }: TranslationProps) {
  const Title = titleLevel === 3 ? 'h3' : 'h4';
  const selectId = useId();
  const resultId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const language = chosen !== null && languages.includes(chosen) ? chosen : defaultLanguage(languages);
  const [result, setResult] = useState<TranslationAnswer | null>(null);
  const resultRef = useRef<HTMLElement>(null);
  // A translation can come below the fold (the transcript page's actions): it is brought into view.
  // A block, not an expression: browsers now answer scrollIntoView with a promise, which React would take for the effect's cleanup.
  useEffect(() => {
    resultRef.current?.scrollIntoView?.({ block: 'nearest', behavior: scrollBehavior() });
  }, [result]);

  const translate = useMutation({
    mutationFn: (target: string) => translateTranscript(id, target),
    onSuccess: (answer, target) => setResult({ translated_text: answer?.translated_text ?? '', language: answer?.language || target }),
  });
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
        <Button type="submit" size="sm" aria-label={L.translateLabel(name)} busy={translate.isPending} aria-controls={result ? resultId : undefined}>
          {TRANSCRIPTS_TEXTS.translate}
        </Button>
      </form>
      {error && <Alert tone="error">{error}</Alert>}
      <div aria-live="polite">
        {result && (
          <section ref={resultRef} id={resultId} className="translation" aria-label={L.translationTitle(result.language)}>
            <Title className="translation__title">{L.translationTitle(result.language)}</Title>
            <p className="translation__text" lang={findLanguage(result.language)?.code}>
              {result.translated_text}
            </p>
          </section>
        )}
      </div>
    </>
  );
}
