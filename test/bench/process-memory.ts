/** The peak resident memory of this process's children (the recognition worker), from Linux's /proc. */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const children = (): string[] => readdirSync('/proc/self/task').flatMap((task) => readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean));

/** The peak resident memory of each running child of this process, in MB. */
export function childrenPeakMb(): number[] {
  return children().map((pid) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
}

/** Starts each child's peak afresh from its present size (Linux: 5 into clear_refs), so a figure is one recording's. */
export function resetChildrenPeaks(): void {
  for (const pid of children()) writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
