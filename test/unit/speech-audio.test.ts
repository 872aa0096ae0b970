/** What ffmpeg says about a recording's audio, and whether a speech service takes it as is (functions/domain/speech-audio.ts). */
import { audioStreams, channelsOf, convertArgs, decodeArgs, durationOf, MediaRequest, readsAsIs } from '../../functions/domain/speech-audio';
import { AwsTranscribeEngine } from '../../functions/engines/speech/aws-transcribe';

const TRANSCRIBE = new AwsTranscribeEngine({ send: jest.fn() }).reads;
/** ffmpeg's description of an input with one audio stream (its lines as ffmpeg 6 prints them). */
const described = (container: string, stream: string) => `Input #0, ${container}, from 'http://127.0.0.1:1/media':\n  Stream #0:0: Audio: ${stream}`;
const readsAsIsFrom = (extension: string, stderr: string) => readsAsIs(TRANSCRIBE, extension, audioStreams(stderr));
const stream = (channels: number) => ({ codec: 'aac', sampleRate: 44_100, channels });

describe('audio streams from ffmpeg', () => {
  it('reads each audio stream of the input, past codec details, from ffmpeg 4 and 5 alike', () => {
    const stderr = [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'http://127.0.0.1:1/media':",
      '    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 176x144, 10 fps (default)',
      '    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, 5.1(side), fltp, 384 kb/s (default)',
      '    Stream #0:2: Audio: pcm_s16le ([1][0][0][0] / 0x0001), 16000 Hz, 1 channels, s16, 256 kb/s',
      'At least one output file must be specified',
    ].join('\n');
    expect(audioStreams(stderr)).toEqual([
      { codec: 'aac', sampleRate: 48_000, channels: 6 },
      { codec: 'pcm_s16le', sampleRate: 16_000, channels: 1 },
    ]);
    expect(audioStreams("Input #0, image2, from 'x':\n    Stream #0:0: Video: png")).toEqual([]);
  });

  it('counts named, numbered and surround layouts; an unknown one counts as too many', () => {
    expect(['mono', 'stereo', 'downmix', '6 channels', '7.1', 'quad(side)', 'hexagonal'].map(channelsOf)).toEqual([1, 2, 2, 6, 8, 4, 6]);
    expect(channelsOf('22.2-new-layout')).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('length from ffmpeg', () => {
  it('reads the input\'s Duration line (what usage and the quota count while a job runs); N/A is unknown', () => {
    const stderr = (duration: string) => `Input #0, mp3, from 'http://127.0.0.1:1/media':\n  Duration: ${duration}, start: 0.025057, bitrate: 32 kb/s\n  Stream #0:0: Audio: mp3, 16000 Hz, mono, fltp, 32 kb/s`;
    expect(durationOf(stderr('00:00:06.03'))).toBeCloseTo(6.03);
    expect(durationOf(stderr('01:02:03.50'))).toBeCloseTo(3723.5);
    expect(durationOf(stderr('N/A'))).toBeNull();
  });
});

describe('what the service reads as is', () => {
  it('its containers, up to its channel count, judged by the first audio stream', () => {
    expect(readsAsIs(TRANSCRIBE, 'mp4', [stream(2)])).toBe(true);
    expect(readsAsIs(TRANSCRIBE, 'mov', [stream(2)])).toBe(false);
    expect(readsAsIs(TRANSCRIBE, 'mp4', [stream(6)])).toBe(false);
    expect(readsAsIs(TRANSCRIBE, 'wav', [])).toBe(false);
  });

  it('Transcribe: only its codecs in each container, at 8 kHz or 16 to 48 kHz; the rest is converted', () => {
    expect(readsAsIsFrom('wav', described('wav', 'pcm_s16le ([1][0][0][0] / 0x0001), 16000 Hz, mono, s16, 256 kb/s'))).toBe(true);
    expect(readsAsIsFrom('wav', described('wav', 'pcm_s16le ([1][0][0][0] / 0x0001), 8000 Hz, mono, s16, 128 kb/s'))).toBe(true);
    expect(readsAsIsFrom('webm', described('matroska,webm', 'opus, 48000 Hz, stereo, fltp (default)'))).toBe(true);
    // 96 kHz WAV, 11 kHz between the two ranges, 8-bit WAV, 24-bit WAV, ALAC in M4A, Opus in MKV, Vorbis in Ogg.
    expect(readsAsIsFrom('wav', described('wav', 'pcm_s16le ([1][0][0][0] / 0x0001), 96000 Hz, stereo, s16, 3072 kb/s'))).toBe(false);
    expect(readsAsIsFrom('wav', described('wav', 'pcm_s16le ([1][0][0][0] / 0x0001), 11025 Hz, mono, s16, 176 kb/s'))).toBe(false);
    expect(readsAsIsFrom('wav', described('wav', 'pcm_u8 ([1][0][0][0] / 0x0001), 8000 Hz, mono, u8, 64 kb/s'))).toBe(false);
    expect(readsAsIsFrom('wav', described('wav', 'pcm_s24le ([1][0][0][0] / 0x0001), 48000 Hz, mono, s32 (24 bit), 1152 kb/s'))).toBe(false);
    expect(readsAsIsFrom('m4a', described('mov,mp4,m4a,3gp,3g2,mj2', 'alac (alac / 0x63616C61), 44100 Hz, stereo, s16p, 136 kb/s (default)'))).toBe(false);
    expect(readsAsIsFrom('mkv', described('matroska,webm', 'opus, 48000 Hz, mono, fltp'))).toBe(false);
    expect(readsAsIsFrom('ogg', described('ogg', 'vorbis, 44100 Hz, stereo, fltp, 128 kb/s'))).toBe(false);
    // A rate ffmpeg does not say is converted too.
    expect(readsAsIsFrom('mp3', described('mp3', 'mp3, mono, fltp'))).toBe(false);
  });

  it('the media function is told the codecs and rates, not only the containers (its request keeps them)', () => {
    const request = MediaRequest.parse({ source: 'https://bucket.example/a', target: 'https://bucket.example/b', extension: 'wav', readable: TRANSCRIBE });
    expect(request.readable).toEqual(TRANSCRIBE);
  });

  it('converts the first audio stream only, to 16 kHz mono 16-bit FLAC, never past the longest recording the app takes', () => {
    const args = convertArgs('http://127.0.0.1:1/media', 'mov', 'http', '/tmp/out.flac');
    expect(args.join(' ')).toContain('-map 0:a:0 -t 14400 -ac 1 -ar 16000 -sample_fmt s16 -c:a flac');
    expect(args.slice(-3)).toEqual(['flac', '-y', '/tmp/out.flac']);
  });

  it('decodes a work file for the local recogniser: its forced demuxer and only the file protocol, to raw 16-bit mono samples', () => {
    const args = decodeArgs('/tmp/input', 'webm', '/tmp/audio.raw', 16_000);
    expect(args.join(' ')).toContain('-protocol_whitelist file -f matroska -i /tmp/input -map 0:a:0 -t 14400 -ac 1 -ar 16000 -f s16le -c:a pcm_s16le -y /tmp/audio.raw');
  });
});
