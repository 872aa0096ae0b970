/**
 * One local speech job in a process of its own (run by speech.ts): prints wall time and peak resident memory
 * as JSON, this process's and its recognition worker's (a process of its own, still idle when the job ends:
 * its high-water mark from Linux's /proc). Their sum bounds the job's peak from above.
 */
import { MoonshineSpeechEngine } from '../../functions/engines/speech/local-moonshine';
import { childrenPeakMb } from './process-memory';

async function main(): Promise<void> {
  const started = performance.now();
  const { audioSeconds } = await new MoonshineSpeechEngine({ fetchMedia: async () => undefined }).transcribeFile(process.argv[2]!);
  const seconds = (performance.now() - started) / 1000;
  const appMb = process.resourceUsage().maxRSS / 1024;
  const workerMb = childrenPeakMb().reduce((sum, peak) => sum + peak, 0);
  console.log(JSON.stringify({ seconds, appMb, workerMb, peakMb: appMb + workerMb, audioSeconds }));
}

void main();
