/**
 * Sentence vectors for search by meaning (issue 30): their math, how a shard stores them, and a hashed
 * bag of words that stands in for a model where none is present (the AWS stand-in without the local
 * sentence encoder). Pure. Vectors are unit length, so their dot product is their cosine.
 */
import { terms } from './terms';

/** The sentence-vector port (functions/engines/embeddings/): texts in, unit vectors of one space out. */
export interface EmbeddingEngine {
  /** The vector space's name, stored with the vectors: vectors of another model are made again, never compared. */
  readonly model: string;
  /** One unit vector a text, in order. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** Dimensions of the vectors a passage gets: Titan Text Embeddings V2 at 512, the same as the local sentence encoder. */
export const EMBEDDING_DIMENSIONS = 512;

/** Scaled to length 1 (a zero vector stays zero). */
export function normalize(vector: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let index = 0; index < vector.length; index++) sum += vector[index]! * vector[index]!;
  const norm = Math.sqrt(sum);
  return Float32Array.from(vector, (value) => (norm === 0 ? 0 : value / norm));
}

export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const length = Math.min(a.length, b.length);
  let sum = 0;
  for (let index = 0; index < length; index++) sum += a[index]! * b[index]!;
  return sum;
}

/**
 * A vector as stored in a shard: one signed byte a dimension, its largest value at ±127 (only the direction
 * counts), in base64 — 684 characters for 512 dimensions where JSON numbers took about 5,000; a cosine
 * moves by less than 0.001.
 */
export function encodeVector(vector: ArrayLike<number>): string {
  let largest = 0;
  for (let index = 0; index < vector.length; index++) largest = Math.max(largest, Math.abs(vector[index]!));
  const scale = largest === 0 ? 0 : 127 / largest;
  const bytes = Int8Array.from(vector, (value) => Math.round(value * scale));
  return Buffer.from(bytes.buffer).toString('base64');
}

/** The stored vector back, at unit length. */
export function decodeVector(stored: string): Float32Array {
  const buffer = Buffer.from(stored, 'base64');
  return normalize(new Int8Array(buffer.buffer, buffer.byteOffset, buffer.length));
}

/** FNV-1a: a term's bucket and sign in the hashed vector. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) value = Math.imul(value ^ text.charCodeAt(index), 0x01000193);
  return value >>> 0;
}

/**
 * A deterministic vector of a text's terms (the feature-hashing trick): it matches words, not meaning, so
 * it makes a stand-in's answers well-formed and stable, not a substitute for a sentence model.
 */
export function hashedVector(text: string, dimensions: number = EMBEDDING_DIMENSIONS): Float32Array {
  const vector = new Float32Array(dimensions);
  for (const term of terms(text)) {
    const value = hash(term);
    vector[value % dimensions]! += value & 0x80000000 ? -1 : 1;
  }
  return normalize(vector);
}
