/**
 * The vector backfill on the AWS path (issue 30): with the AWS adapters, a question over passages without vectors
 * starts one execution of the vector-backfill state machine (infra/workflow/vector-backfill.asl.json), run here by
 * the local runner with the workflow's step handler, which gives them Titan's vectors through the Bedrock stand-in.
 */
import { renderText, type WordGroup } from '../../functions/domain/parse-transcript';
import { EMBEDDING_DIMENSIONS } from '../../functions/domain/embedding';
import { EMBEDDING_MODEL_ID } from '../../functions/domain/constants';
import { storedPassageIndexes } from '../../functions/storage/search-store';
import type { LocalStack } from '../../infra/local/stack';
import { LECTURE_TRANSCRIPT, MEETING_TRANSCRIPT } from '../fixtures/ask-made-transcripts';
import { signedUpBrowser, userIdOf } from './http-client';
import { startTestStack, stopTestStack } from './local-stack';
import { seedFinished } from './seed';

let stack: LocalStack;
beforeAll(async () => {
  stack = await startTestStack(undefined, { engines: 'aws' });
});
afterAll(() => stopTestStack(stack));

const bodyOf = (groups: WordGroup[]) => ({ text: renderText(groups, false), word_timings: groups, speakers: [...new Set(groups.flatMap((group) => (group.speaker ? [group.speaker] : [])))] });

it('a question starts one backfill execution for the user, whose batches give every passage a Titan vector', async () => {
  const ann = await signedUpBrowser(stack, 'ann@example.com');
  for (const transcript of [MEETING_TRANSCRIPT, LECTURE_TRANSCRIPT]) await seedFinished(ann, bodyOf(transcript.groups), `${transcript.id}.m4a`);
  const embeds = () => stack.standIns!.calls.filter((call) => call.operation.includes('InvokeModel')).length;
  const before = embeds();
  expect((await ann.post('/api/ask', { question: 'battery overnight' })).status).toBe(200);
  expect((await ann.post('/api/ask', { question: 'waggle dance' })).status).toBe(200);
  const arn = stack.workflow.otherMachineArns['vector-backfill'];
  const executions = stack.workflow.executions().filter((execution) => execution.stateMachineArn === arn);
  // The second question found the first one's execution (same name and input): one run.
  expect(executions).toHaveLength(1);
  expect(JSON.parse(executions[0]!.input)).toEqual({ userId: await userIdOf(ann) });
  const ended = await stack.workflow.settled(executions[0]!.executionArn)
  expect(ended).toMatchObject({ status: 'SUCCEEDED' });
  const model = `${EMBEDDING_MODEL_ID}/${EMBEDDING_DIMENSIONS}`;
  const indexes = await storedPassageIndexes(await userIdOf(ann), async () => [], model);
  const vectors = indexes.flatMap((index) => index.passages.map((_, position) => index.vectors[position]));
  expect(vectors.length).toBeGreaterThan(3);
  expect(vectors.every(Boolean)).toBe(true);
  // The questions embedded themselves only; the passages were embedded by the execution.
  expect(embeds() - before).toBeGreaterThanOrEqual(2 + vectors.length);
});
