/**
 * The vector backfill (issue 30): transcripts indexed before search by meaning gain their passages' vectors after
 * a question, never inside it (a library of a thousand transcripts takes minutes to embed). Where it runs is the
 * composition root's choice (../wiring.ts): in this process after the answer (./in-process.ts), or as a job
 * (./step-functions.ts). Each run embeds a bounded batch (./batch.ts), then another while more remain.
 */
export interface VectorBackfill {
  /** Starts the user's backfill, unless one runs; answers once it is started, not done. */
  start(userId: string): Promise<void>;
}
