/** The Transcribe tab's options, request body and error texts (docs/product.md#calls, #errors, #constants-and-limits). */
import { ApiRequestError, NetworkError } from '../../web/src/lib/api-client';
import { DEFAULT_CHOICES, LANGUAGE_CHOICES, languageChoices, speakerCountChoices, toggleTag, transcribeBody } from '../../web/src/features/transcribe/options';
import { failedJobText, isAbort, transcribeErrorText } from '../../web/src/features/transcribe/errors';
import { TRANSCRIPT_POLL_INTERVAL_MS, transcriptQueryOptions } from '../../web/src/transcript/api/get-transcript';
import { HIGHLIGHT_FLASH_MS } from '../../web/src/features/transcribe/timing';
import { TRANSCRIPTS_TEXTS } from '../../web/src/transcript/texts';

/** docs/product.md#constants-and-limits, copied: the 25 transcription languages in its order. */
const PRODUCT_LANGUAGES = 'English, French, Spanish, Swahili, German, Arabic, Hindi, Chinese, Russian, Portuguese, Italian, Korean, Japanese, Turkish, Dutch, Polish, Ukrainian, Greek, Hebrew, Bengali, Tamil, Urdu, Zulu, Amharic, Yoruba'.split(', ');

describe('options', () => {
  it('offer Auto first, then all 25 languages, marking those this server cannot transcribe in words (all offered until the server has said)', () => {
    const choices = languageChoices({ transcription: { languages: ['English', 'Spanish'], speaker_identification: true, max_speakers: 10 } });
    expect(choices.map((choice) => choice.name)).toEqual(['Auto (find the language)', ...PRODUCT_LANGUAGES]);
    expect(choices.filter((choice) => !choice.unavailable).map((choice) => choice.code)).toEqual(['auto', 'en', 'es']);
    expect(choices.find((choice) => choice.code === 'fr')!.unavailable).toBe('not available here yet');
    expect(languageChoices(undefined).every((choice) => !choice.unavailable)).toBe(true);
  });

  it("default to the product's defaults (docs/product.md#constants-and-limits): language en, AI summary on, verbatim, speaker identification and timestamps off, no project, no tags", () => {
    expect(DEFAULT_CHOICES).toEqual({ language: 'en', useAiSummary: true, verbatim: false, diarization: false, speakerCount: 'auto', includeTimestamps: false, projectId: '', tags: [] });
  });

  it('offer the 25 languages of docs/product.md in its order, English first, after Auto', () => {
    expect(LANGUAGE_CHOICES.map((language) => language.name)).toEqual(['Auto (find the language)', ...PRODUCT_LANGUAGES]);
    expect(LANGUAGE_CHOICES[1]).toEqual({ name: 'English', code: 'en' });
  });

  it('make the JSON body of POST /api/transcribe: no project_id without a project, tags as a list', () => {
    expect(transcribeBody('upload-123456', { ...DEFAULT_CHOICES, tags: [] })).toEqual({
      upload_id: 'upload-123456',
      verbatim: false,
      diarization: false,
      language: 'en',
      use_ai_summary: true,
      include_timestamps: false,
      tags: [],
    });
    expect(
      transcribeBody('upload-123456', { language: 'fr', useAiSummary: false, verbatim: true, diarization: true, speakerCount: 3, includeTimestamps: true, projectId: 'p1', tags: [' a ', 'b', 'a', ''] }),
    ).toEqual({ upload_id: 'upload-123456', verbatim: true, diarization: true, speaker_count: 3, language: 'fr', use_ai_summary: false, include_timestamps: true, project_id: 'p1', tags: ['a', 'b'] });
    // A count of speakers goes only with speaker identification.
    expect(transcribeBody('upload-123456', { ...DEFAULT_CHOICES, speakerCount: 4 })).not.toHaveProperty('speaker_count');
  });

  it('offer Auto and 2 to the most speakers this server takes', () => {
    expect(speakerCountChoices({ transcription: { languages: ['English'], speaker_identification: true, max_speakers: 4 } })).toEqual(['auto', 2, 3, 4]);
    expect(speakerCountChoices(undefined)).toEqual(['auto', 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(DEFAULT_CHOICES.speakerCount).toBe('auto');
  });

  it('toggle tags in order', () => {
    expect(toggleTag(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleTag(['a', 'b'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleTag(['a', 'b'], 'a', false)).toEqual(['b']);
  });
});

describe('errors (docs/product.md#errors, transcribe)', () => {
  it("show the server's error, else 'Transcription failed.'", () => {
    expect(transcribeErrorText(new ApiRequestError(415, 'x', 'This file is not audio or video.', {}))).toBe('This file is not audio or video.');
    expect(transcribeErrorText(new ApiRequestError(502, 'x', undefined, undefined))).toBe('Transcription failed.');
    expect(transcribeErrorText(new Error('odd'))).toBe('Transcription failed.');
  });

  it("say 'An error occurred while transcribing the file.' when there was no answer", () => {
    expect(transcribeErrorText(new NetworkError())).toBe('An error occurred while transcribing the file.');
  });

  it("show a failed job's own reason, else 'Transcription failed.'", () => {
    expect(failedJobText('Local transcription supports English only.')).toBe('Local transcription supports English only.');
    expect(failedJobText(undefined)).toBe(TRANSCRIPTS_TEXTS.transcribeFailed);
    expect(failedJobText('  ')).toBe(TRANSCRIPTS_TEXTS.transcribeFailed);
  });

  it('tell a cancelled upload from an error', () => {
    expect(isAbort(new DOMException('stop', 'AbortError'))).toBe(true);
    expect(isAbort(new NetworkError())).toBe(false);
  });
});

describe('timings (docs/product.md#constants-and-limits)', () => {
  it('poll every 5000 ms while processing, and stop when complete or failed', () => {
    expect(TRANSCRIPT_POLL_INTERVAL_MS).toBe(5000);
    const { refetchInterval } = transcriptQueryOptions('abc', { poll: true }) as unknown as { refetchInterval: (query: { state: { data?: { status?: string } } }) => number | false };
    expect(refetchInterval({ state: { data: { status: 'processing' } } })).toBe(5000);
    expect(refetchInterval({ state: { data: { status: 'queued' } } })).toBe(5000);
    expect(refetchInterval({ state: { data: { status: 'complete' } } })).toBe(false);
    expect(refetchInterval({ state: { data: { status: 'failed' } } })).toBe(false);
    expect(refetchInterval({ state: {} })).toBe(false);
    expect('refetchInterval' in transcriptQueryOptions('abc')).toBe(false);
  });

  it('flash 3 s (nothing plays by itself: issue 28)', () => {
    expect(HIGHLIGHT_FLASH_MS).toBe(3000);
  });
});
