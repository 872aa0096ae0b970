/**
 * The vector backfill in this process (the local deployment), one user's at a time, batch after batch until none
 * remains, started after the request that asked for it has answered. A failed batch ends the run (logged): the
 * next question starts another.
 */
import type { EmbeddingEngine } from '../../domain/embedding';
import { logger } from '../../platform/logger';
import { backfillVectorsBatch } from './batch';
import type { VectorBackfill } from './types';

export class InProcessVectorBackfill implements VectorBackfill {
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;

  constructor(private readonly engine: () => Promise<EmbeddingEngine | null>) {}

  async start(userId: string): Promise<void> {
    if (this.running.has(userId) || this.stopping) return;
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        while (!this.stopping && (await backfillVectorsBatch(userId, await this.engine())));
      })
      .catch((error: Error) => logger.error('The vector backfill stopped', { error: error.message }))
      .finally(() => this.running.delete(userId));
    this.running.set(userId, run);
  }

  /** Resolves when every run started so far has ended (tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.running.values()]);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.settled();
  }
}
