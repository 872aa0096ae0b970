/**
 * POST /api/ask (issue 30): the passages of the user's own transcripts that best match a question (ranked
 * over the passages kept with their search index, functions/domain/ask-ranking.ts), checked against the
 * table like search hits (still there, active, finished, in the asked project), and the answer from them
 * (./ask-answer.ts).
 */
import type { AskAnswer } from '../../contract';
import { findProject } from '../../data/projects';
import { findTranscripts, projectTranscripts } from '../../data/transcripts';
import type { AskBody } from '../../domain/ask';
import { rankPassages } from '../../domain/ask-ranking';
import { ASK_LIMITS } from '../../domain/constants';
import { MESSAGES } from '../../domain/messages';
import type { Passage } from '../../domain/passages';
import { embeddingEngine } from '../../engines/wiring';
import { passageIndexes } from '../../storage/search-store';
import { ServiceError } from '../service-error';
import { answerFromPassages, countQuestion } from './ask-answer';
import { ownTranscript } from './edits';
import { requestVectorBackfill } from './vector-backfill';
import { matches, searchSources } from './search';

/** Passages ranked before the table check drops those of transcripts in the trash or unfinished. */
const CANDIDATES = 4 * ASK_LIMITS.citations;

/** The transcripts a question may reach: one, a project's, or (null) all of the user's. 404 for another user's. */
async function scope(userId: string, request: AskBody): Promise<ReadonlySet<string> | null> {
  if (request.transcript_id) return new Set([(await ownTranscript(userId, request.transcript_id)).transcriptId]);
  if (!request.project_id) return null;
  if (!(await findProject(userId, request.project_id))) throw new ServiceError('not-found', MESSAGES.projectNotFound);
  return new Set((await projectTranscripts(userId, request.project_id)).map((item) => item.transcriptId));
}

export async function askTranscripts(userId: string, request: AskBody): Promise<AskAnswer> {
  const reach = await scope(userId, request);
  await countQuestion(userId);
  const embedder = await embeddingEngine();
  const { indexes, withoutVectors } = await passageIndexes(userId, () => searchSources(userId), (transcriptIds) => searchSources(userId, transcriptIds), embedder?.model);
  // Without the question's vector (the model busy), the words alone rank.
  const meaning = embedder ? (await embedder.embed([request.question]).catch(() => []))[0] : undefined;
  const ranked = rankPassages(indexes, request.question, { limit: CANDIDATES, meaning, keep: (passage) => reach === null || reach.has(passage.transcript_id) });
  const items = new Map((await findTranscripts(userId, [...new Set(ranked.map((passage) => passage.transcript_id))])).map((item) => [item.transcriptId, item]));
  const cited: Passage[] = ranked.filter((passage) => matches(items.get(passage.transcript_id), { project_id: request.project_id })).slice(0, ASK_LIMITS.citations);
  const { mode, answer, passages } = await answerFromPassages(request.question, cited);
  // Passages indexed before search by meaning answered by their words; they gain vectors once this answer is made.
  if (withoutVectors) await requestVectorBackfill(userId);
  return { mode, answer, citations: passages.map((passage) => ({ ...passage, filename: items.get(passage.transcript_id)!.filename })) };
}
