/** One local speech job in a process of its own (run by speech.ts): prints wall time and peak resident memory as JSON. */
import { MoonshineSpeechEngine } from '../../functions/engines/speech/local-moonshine';

async function main(): Promise<void> {
  const started = performance.now();
  const { audioSeconds } = await new MoonshineSpeechEngine({ fetchMedia: async () => undefined }).transcribeFile(process.argv[2]!);
  console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, peakMb: process.resourceUsage().maxRSS / 1024, audioSeconds }));
}

void main();
