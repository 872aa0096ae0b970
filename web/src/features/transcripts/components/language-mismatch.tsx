/**
 * Issue 27: the engine doubts the recording is in the language it was transcribed in. The page says so and
 * transcribes it again in the language chosen here, in one click (POST /api/transcripts/{id}/retry with it).
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { AUTO_LANGUAGE, findLanguage } from '@domain/languages';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Options } from '@web/components/ui/field';
import { useRetryTranscript } from '@web/transcript/job-progress';
import { LANGUAGE_CHOICES } from '@web/transcript/language-choices';
import { WORKSPACE_TEXTS } from '../texts';
import { capabilitiesQuery } from '@web/lib/capabilities';
import type { Transcript } from '@web/transcript/api/get-transcript';
import './language-mismatch.css';

const W = WORKSPACE_TEXTS;

export function LanguageMismatch({ transcript }: { transcript: Pick<Transcript, 'id' | 'language'> }) {
  const selectId = useId();
  const capabilities = useQuery(capabilitiesQuery());
  // Auto (which finds the language), then every other language this server transcribes, as the Transcribe tab lists them.
  const available = new Set(capabilities.data?.transcription.languages ?? []);
  const choices = LANGUAGE_CHOICES.filter((choice) => choice.code === AUTO_LANGUAGE || (available.has(choice.name) && choice.code !== transcript.language));
  const [chosen, setLanguage] = useState<string>();
  // The first other language is the likeliest pick; Auto where there is none.
  const language = chosen ?? (choices.find((choice) => choice.code !== AUTO_LANGUAGE) ?? choices[0]!).code;
  const retry = useRetryTranscript(transcript.id);
  const current = findLanguage(transcript.language)?.name ?? transcript.language;
  return (
    <Alert tone="info">
      <div className="language-mismatch">
        <p>{W.languageMismatch(current)}</p>
        <div className="language-mismatch__row">
          <label htmlFor={selectId}>{W.transcribeAgainIn}</label>
          <select id={selectId} className="input select language-mismatch__select" value={language} onChange={(event) => setLanguage(event.target.value)}>
            <Options options={choices.map((choice) => ({ value: choice.code, label: choice.name }))} />
          </select>
          <Button size="sm" variant="secondary" busy={retry.isPending} onClick={() => retry.mutate(language)}>
            {W.transcribeAgain}
          </Button>
        </div>
      </div>
    </Alert>
  );
}
