/** One batch of a user's vector backfill (./types.ts), wherever it runs. */
import { VECTOR_BACKFILL_PASSAGES } from '../../domain/constants';
import type { EmbeddingEngine } from '../../domain/embedding';
import { addMissingVectors } from '../../storage/search-store';

/** The batch with this engine; true when more remain. Nothing to do without an engine. */
export async function backfillVectorsBatch(userId: string, engine: EmbeddingEngine | null): Promise<boolean> {
  return engine ? addMissingVectors(userId, engine, VECTOR_BACKFILL_PASSAGES) : false;
}
