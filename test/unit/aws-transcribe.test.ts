import { StartTranscriptionJobCommand, type TranscribeClient } from '@aws-sdk/client-transcribe';
import { EngineError } from '../../functions/engines/engine-error';
import { AwsTranscribeEngine, buildStartTranscriptionJob } from '../../functions/engines/speech/aws-transcribe';
import type { SpeechJob } from '../../functions/engines/speech/types';

const job: SpeechJob = {
  jobName: 'tr-0123abcd_1',
  media: { bucket: 'uploads-bucket', key: 'users/u1/media/m1' },
  language: 'en',
  diarization: false,
  output: { bucket: 'uploads-bucket', key: 'users/u1/transcribe/tr-0123abcd_1.json' },
};

describe('buildStartTranscriptionJob', () => {
  it('names the job, the media, the language and our output location', () => {
    expect(buildStartTranscriptionJob(job)).toEqual({
      TranscriptionJobName: 'tr-0123abcd_1',
      LanguageCode: 'en-US',
      Media: { MediaFileUri: 's3://uploads-bucket/users/u1/media/m1' },
      OutputBucketName: 'uploads-bucket',
      OutputKey: 'users/u1/transcribe/tr-0123abcd_1.json',
    });
  });

  it('asks for speaker labels when diarization is on, within Transcribe’s 2 to 30', () => {
    expect(buildStartTranscriptionJob({ ...job, diarization: true }).Settings).toEqual({ ShowSpeakerLabels: true, MaxSpeakerLabels: 10 });
    expect(buildStartTranscriptionJob({ ...job, diarization: true, maxSpeakers: 99 }).Settings?.MaxSpeakerLabels).toBe(30);
    // The user's count of speakers is Transcribe's maximum.
    expect(buildStartTranscriptionJob({ ...job, diarization: true, speakers: 3 }).Settings?.MaxSpeakerLabels).toBe(3);
  });

  it('tells Transcribe the container found in the bytes (the key has no extension); it reads only its own formats, up to two channels, at 8 kHz or 16-48 kHz', () => {
    expect(buildStartTranscriptionJob({ ...job, mediaExtension: 'mp3' }).MediaFormat).toBe('mp3');
    expect(buildStartTranscriptionJob({ ...job, mediaExtension: 'opus' }).MediaFormat).toBe('ogg');
    expect(buildStartTranscriptionJob({ ...job, mediaExtension: 'aiff' }).MediaFormat).toBeUndefined();
    // Everything else (MOV, MKV, AVI, AIFF, CAF, MPEG-TS, 3GP, ...) is converted by PrepareMedia before the job.
    const reads = new AwsTranscribeEngine({ send: jest.fn() }).reads;
    expect(reads).toMatchObject({ extensions: ['mp3', 'mp4', 'm4a', 'wav', 'flac', 'ogg', 'opus', 'amr', 'webm'], maxChannels: 2, sampleRates: [[8_000, 8_000], [16_000, 48_000]] });
    // Each container's codecs are named (test/unit/speech-audio.test.ts tests what passes).
    expect(Object.keys(reads.codecs!).sort()).toEqual([...reads.extensions].sort());
  });

  it("maps the product's language names and codes to Transcribe codes", () => {
    expect(buildStartTranscriptionJob({ ...job, language: 'French' }).LanguageCode).toBe('fr-FR');
    expect(buildStartTranscriptionJob({ ...job, language: 'sw' }).LanguageCode).toBe('sw-KE');
  });

  it('with auto, asks Transcribe to identify the language among those it transcribes here', () => {
    const request = buildStartTranscriptionJob({ ...job, language: 'auto' });
    expect(request.LanguageCode).toBeUndefined();
    expect(request.IdentifyLanguage).toBe(true);
    expect(request.LanguageOptions).toEqual(expect.arrayContaining(['en-US', 'fr-FR', 'es-US', 'de-DE']));
    expect(request.LanguageOptions).not.toContain(null);
    expect(new Set(request.LanguageOptions).size).toBe(new AwsTranscribeEngine({ send: jest.fn() }).capabilities().languages.length);
  });

  it('refuses a language Transcribe lacks, saying so, and an unknown one', () => {
    expect(() => buildStartTranscriptionJob({ ...job, language: 'Yoruba' })).toThrow(new EngineError('unsupported-language', "Yoruba isn't available here yet. Please choose another language."));
    expect(() => buildStartTranscriptionJob({ ...job, language: 'xx' })).toThrow(/Unknown language/);
  });

  it('refuses a job name Transcribe would reject', () => {
    expect(() => buildStartTranscriptionJob({ ...job, jobName: 'has space' })).toThrow(/job name/);
  });
});

describe('AwsTranscribeEngine', () => {
  it('sends StartTranscriptionJob and reports the job as started', async () => {
    const send = jest.fn().mockResolvedValue({});
    const engine = new AwsTranscribeEngine({ send } as unknown as TranscribeClient);
    await expect(engine.start(job)).resolves.toEqual({ status: 'started' });
    const command = send.mock.calls[0]![0] as StartTranscriptionJobCommand;
    expect(command).toBeInstanceOf(StartTranscriptionJobCommand);
    expect(command.input.TranscriptionJobName).toBe('tr-0123abcd_1');
  });
});
