/** What ffmpeg says about a recording's audio, and whether a speech service takes it as is (functions/domain/speech-audio.ts). */
import { audioStreamChannels, channelsOf, convertArgs, decodeArgs, durationOf, readsAsIs } from '../../functions/domain/speech-audio';

const TRANSCRIBE = { extensions: ['mp3', 'mp4', 'm4a', 'wav', 'flac', 'ogg', 'opus', 'amr', 'webm'], maxChannels: 2 };

describe('channels from ffmpeg', () => {
  it('reads each audio stream of the input, past codec details, from ffmpeg 4 and 5 alike', () => {
    const stderr = [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'http://127.0.0.1:1/media':",
      '    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 176x144, 10 fps (default)',
      '    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, 5.1(side), fltp, 384 kb/s (default)',
      '    Stream #0:2: Audio: pcm_s16le ([1][0][0][0] / 0x0001), 16000 Hz, 1 channels, s16, 256 kb/s',
      'At least one output file must be specified',
    ].join('\n');
    expect(audioStreamChannels(stderr)).toEqual([6, 1]);
    expect(audioStreamChannels("Input #0, image2, from 'x':\n    Stream #0:0: Video: png")).toEqual([]);
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
    expect(readsAsIs(TRANSCRIBE, 'mp4', [2])).toBe(true);
    expect(readsAsIs(TRANSCRIBE, 'mov', [2])).toBe(false);
    expect(readsAsIs(TRANSCRIBE, 'wav', [6])).toBe(false);
    expect(readsAsIs(TRANSCRIBE, 'wav', [])).toBe(false);
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
