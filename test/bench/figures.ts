/** A measured figure beside its target (docs/benchmark.md), as the benchmark prints and stores it. */
export interface Figure {
  group: string;
  name: string;
  value: number;
  unit: string;
  /** e.g. '≤ 0.15'; absent for figures without a target. */
  target?: string;
  ok?: boolean;
}

export const atMost = (group: string, name: string, value: number, unit: string, limit: number): Figure => ({
  group,
  name,
  value,
  unit,
  target: `≤ ${limit}`,
  ok: value <= limit,
});

export const info = (group: string, name: string, value: number, unit: string): Figure => ({ group, name, value, unit });

export const round = (value: number, digits = 3): number => Number(value.toFixed(digits));

export const atLeast = (group: string, name: string, value: number, unit: string, limit: number): Figure => ({
  group,
  name,
  value,
  unit,
  target: `≥ ${limit}`,
  ok: value >= limit,
});

/** The value `share` of the way up the sorted values (0.5: the median, 0.99: the p99). */
export const percentile = (values: number[], share: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!;
