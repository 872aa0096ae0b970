/**
 * The microphone's audio for the live engine: an AudioWorklet on the recording's stream, resampled to
 * 16 kHz on the way. Its own AudioContext: the recorder's level meter keeps its own.
 */
import workletUrl from './tap.worklet.ts?worker&url';
import { Resampler } from './resample';

export interface AudioTap {
  close(): void;
}

export async function tapMicrophone(stream: MediaStream, onSamples: (samples: Float32Array) => void): Promise<AudioTap> {
  const audio = new AudioContext();
  try {
    await audio.audioWorklet.addModule(workletUrl);
    const source = audio.createMediaStreamSource(stream);
    const node = new AudioWorkletNode(audio, 'live-tap', { numberOfInputs: 1, numberOfOutputs: 1, channelCount: 1, channelCountMode: 'explicit' });
    const resampler = new Resampler(audio.sampleRate);
    node.port.onmessage = ({ data }: MessageEvent<Float32Array>) => onSamples(resampler.push(data));
    // Connected to the output (it writes silence) so that the browser keeps running it.
    source.connect(node).connect(audio.destination);
    return { close: () => void audio.close().catch(() => {}) };
  } catch (error) {
    void audio.close().catch(() => {});
    throw error;
  }
}
