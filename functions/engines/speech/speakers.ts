/**
 * Speaker identification without a neural model (no registry package carries one): MFCC statistics
 * (meyda) over windows of about a second inside the speech (never a whole piece: one piece can hold
 * two speakers), clustered divisively with a BIC test, so the number of speakers is estimated, at
 * most the requested maximum. Each word takes the speaker of the windows around it.
 */
import Meyda from 'meyda';
import { SAMPLE_RATE } from './audio';
import type { TimeSpan } from './voice-activity';

const FRAME = 512;
const COEFFICIENTS = 13;
/** A window is one second of speech, taken every half second. */
const WINDOW_SECONDS = 1;
const HOP_SECONDS = 0.5;
/** Fewer speech frames than this in a window and it says too little about the voice. */
const MIN_FRAMES = 12;
/**
 * A split needs this ΔBIC per window. Measured on the fixtures: two real speakers in turns score
 * 4.2–5.2; one speaker 0.8–1.7 (3.7 when the same clip is repeated, identical content pulling
 * windows together).
 */
const SPLIT_SCORE = 4;
/** A group of fewer windows than this (seconds of speech, about) is not a speaker of its own. */
const MIN_GROUP = 4;
/** k-means restarts per candidate count; seeded, so a recording always gets the same labels. */
const RESTARTS = 8;

export interface SpeakerWindow extends TimeSpan {
  features: number[];
}

/**
 * Windows of about a second inside a speech span (a short span is one window), with MFCC means and deviations
 * (c0, the level, left out); `samples` are the span's own, from its first sample (a job reads one span at a time).
 */
export function speakerWindows(samples: Float32Array, span: TimeSpan): SpeakerWindow[] {
  Meyda.sampleRate = SAMPLE_RATE;
  Meyda.bufferSize = FRAME;
  Meyda.numberOfMFCCCoefficients = COEFFICIENTS;
  const windows: SpeakerWindow[] = [];
  const frames = spanFrames(samples);
  const perWindow = Math.round(WINDOW_SECONDS / (FRAME / SAMPLE_RATE));
  const hop = Math.round(HOP_SECONDS / (FRAME / SAMPLE_RATE));
  for (let first = 0; first < Math.max(1, frames.length - perWindow + hop); first += hop) {
    const window = frames.slice(first, first + perWindow);
    if (window.length < MIN_FRAMES) continue;
    const start = span.start + (first * FRAME) / SAMPLE_RATE;
    windows.push({ start, end: start + (window.length * FRAME) / SAMPLE_RATE, features: statistics(window) });
  }
  return windows;
}

/** MFCCs (c1..c12) of the consecutive frames of a span's samples. */
function spanFrames(samples: Float32Array): number[][] {
  const frames: number[][] = [];
  const buffer = new Float32Array(FRAME);
  for (let at = 0; at + FRAME <= samples.length; at += FRAME) {
    buffer.set(samples.subarray(at, at + FRAME));
    const mfcc = (Meyda.extract('mfcc', buffer) as number[] | null) ?? [];
    if (mfcc.length === COEFFICIENTS && mfcc.every(Number.isFinite)) frames.push(mfcc.slice(1));
  }
  return frames;
}

function statistics(frames: readonly number[][]): number[] {
  const means = frames[0]!.map((_, column) => frames.reduce((sum, frame) => sum + frame[column]!, 0) / frames.length);
  const deviations = means.map((mean, column) => Math.sqrt(frames.reduce((sum, frame) => sum + (frame[column]! - mean) ** 2, 0) / frames.length));
  return [...means, ...deviations];
}

/**
 * Each window's speaker index (0, 1, ...), in order of first appearance. Divisive: the recording
 * starts as one speaker, and a group is split in two (k-means) while the split explains the windows
 * clearly better than one voice does (ΔBIC per window over SPLIT_SCORE), up to `maxSpeakers`.
 */
export function clusterSpeakers(windows: readonly SpeakerWindow[], maxSpeakers: number): number[] {
  const labels = windows.map(() => 0);
  if (windows.length < MIN_GROUP * 2) return labels;
  const points = standardise(windows.map((window) => window.features));
  for (let speakers = 1; speakers < maxSpeakers; speakers += 1) {
    const best = bestSplit(points, labels, speakers);
    if (!best) break;
    best.members.forEach((member, index) => {
      if (best.halves[index] === 1) labels[member] = speakers;
    });
  }
  return inOrderOfAppearance(smooth(labels));
}

/** The group whose two-way split scores best, if any scores over SPLIT_SCORE. */
function bestSplit(points: readonly number[][], labels: readonly number[], groups: number): { members: number[]; halves: number[] } | undefined {
  let best: { members: number[]; halves: number[]; score: number } | undefined;
  for (let group = 0; group < groups; group += 1) {
    const members = labels.flatMap((label, index) => (label === group ? [index] : []));
    if (members.length < MIN_GROUP * 2) continue;
    const groupPoints = members.map((member) => points[member]!);
    const halves = kMeans(groupPoints, 2);
    if (Math.min(...[0, 1].map((half) => halves.filter((label) => label === half).length)) < MIN_GROUP) continue;
    const score = splitScore(groupPoints, halves);
    if (score > SPLIT_SCORE && (!best || score > best.score)) best = { members, halves, score };
  }
  return best;
}

/** ΔBIC of two diagonal Gaussians against one, per window: how much better two voices explain the windows. */
export function splitScore(points: readonly number[][], halves: readonly number[]): number {
  const dimensions = points[0]!.length;
  const parts = [0, 1].map((half) => points.filter((_, index) => halves[index] === half));
  const logLikelihoodGain = (points.length / 2) * logVariance(points) - parts.reduce((sum, part) => sum + (part.length / 2) * logVariance(part), 0);
  const penalty = dimensions * Math.log(points.length);
  return (logLikelihoodGain - penalty) / points.length;
}

/** Sum over dimensions of the log variance (the log determinant of a diagonal covariance). */
function logVariance(points: readonly number[][]): number {
  let sum = 0;
  for (let column = 0; column < points[0]!.length; column += 1) {
    const mean = points.reduce((total, point) => total + point[column]!, 0) / points.length;
    sum += Math.log(Math.max(1e-6, points.reduce((total, point) => total + (point[column]! - mean) ** 2, 0) / points.length));
  }
  return sum;
}

/** Each feature to zero mean and unit deviation over the recording, so no feature outweighs the others. */
function standardise(points: readonly number[][]): number[][] {
  const columns = points[0]!.map((_, column) => points.map((point) => point[column]!));
  const stats = columns.map((values) => {
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    return { mean, deviation: Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length) || 1 };
  });
  return points.map((point) => point.map((value, column) => (value - stats[column]!.mean) / stats[column]!.deviation));
}

const distance = (a: readonly number[], b: readonly number[]): number => Math.sqrt(a.reduce((sum, value, index) => sum + (value - b[index]!) ** 2, 0));

/** k-means with k-means++ seeding from a fixed seed; the best of a few restarts. */
export function kMeans(points: readonly number[][], count: number): number[] {
  const random = seededRandom(count);
  let best: { labels: number[]; cost: number } | undefined;
  for (let restart = 0; restart < RESTARTS; restart += 1) {
    let centres = seedCentres(points, count, random);
    let labels: number[] = [];
    for (let round = 0; round < 50; round += 1) {
      const next = points.map((point) => nearest(point, centres));
      if (next.every((label, index) => label === labels[index])) break;
      labels = next;
      centres = centres.map((centre, cluster) => {
        const members = points.filter((_, index) => labels[index] === cluster);
        return members.length === 0 ? centre : centre.map((_, column) => members.reduce((sum, member) => sum + member[column]!, 0) / members.length);
      });
    }
    const cost = points.reduce((sum, point, index) => sum + distance(point, centres[labels[index]!]!) ** 2, 0);
    if (!best || cost < best.cost) best = { labels, cost };
  }
  return best!.labels;
}

function seedCentres(points: readonly number[][], count: number, random: () => number): number[][] {
  const centres = [points[Math.floor(random() * points.length)]!];
  while (centres.length < count) {
    const weights = points.map((point) => Math.min(...centres.map((centre) => distance(point, centre))) ** 2);
    let pick = random() * weights.reduce((sum, weight) => sum + weight, 0);
    const index = weights.findIndex((weight) => (pick -= weight) <= 0);
    centres.push(points[index === -1 ? points.length - 1 : index]!);
  }
  return centres.map((centre) => [...centre]);
}

const nearest = (point: readonly number[], centres: readonly number[][]): number =>
  centres.reduce((best, centre, index) => (distance(point, centre) < distance(point, centres[best]!) ? index : best), 0);

/** A lone window between two of another speaker is that speaker (turns last longer than half a second). */
function smooth(labels: readonly number[]): number[] {
  return labels.map((label, index) => (index > 0 && index < labels.length - 1 && labels[index - 1] === labels[index + 1] ? labels[index - 1]! : label));
}

function inOrderOfAppearance(labels: readonly number[]): number[] {
  const order = new Map<number, number>();
  return labels.map((label) => {
    if (!order.has(label)) order.set(label, order.size);
    return order.get(label)!;
  });
}

/** Park–Miller: a small seeded generator (Math.random would give a recording different labels each run). */
function seededRandom(seed: number): () => number {
  let state = (seed * 16_807) % 2_147_483_647 || 1;
  return () => {
    state = (state * 16_807) % 2_147_483_647;
    return (state - 1) / 2_147_483_646;
  };
}

/** The speaker of a stretch of time: the most common label among the windows overlapping it (the nearest window if none). */
export function speakerAt(windows: readonly SpeakerWindow[], labels: readonly number[], span: TimeSpan): number {
  const votes = new Map<number, number>();
  windows.forEach((window, index) => {
    const overlap = Math.min(window.end, span.end) - Math.max(window.start, span.start);
    if (overlap > 0) votes.set(labels[index]!, (votes.get(labels[index]!) ?? 0) + overlap);
  });
  if (votes.size > 0) return [...votes.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const middle = (span.start + span.end) / 2;
  let closest = 0;
  windows.forEach((window, index) => {
    if (Math.abs((window.start + window.end) / 2 - middle) < Math.abs((windows[closest]!.start + windows[closest]!.end) / 2 - middle)) closest = index;
  });
  return labels[closest] ?? 0;
}
