/**
 * A delete, restore or move that lands between another request's read and its write is kept (issue 16's
 * trash rule under concurrency): the later write was made on a stale read, and used to put the state and
 * project it read back. Each case reads the item, lets a second change land, then writes from the stale read.
 */
import { findTranscript, leaveProject, setState, type TranscriptItem } from '../../functions/data/transcripts';
import { db } from '../../functions/data/db';
import { patchTranscript } from '../../functions/services/transcripts/edits';
import { useTestStack } from './local-stack';

useTestStack();
const USER = 'moves-user-0001';
let next = 0;

beforeAll(async () => {
  for (const projectId of ['projectone001', 'projecttwo002']) await db().entities.project.create({ userId: USER, projectId, name: projectId, description: '' } as never).go();
});

/** A finished transcript in `projectId`, as stored, and a second read of it (the stale one). */
async function transcriptIn(projectId: string): Promise<{ id: string; stale: TranscriptItem }> {
  const transcriptId = `moves${String(next++).padStart(7, '0')}`;
  await db()
    .entities.transcript.create({ userId: USER, transcriptId, filename: 'a.wav', mediaKey: 'k', mediaType: 'audio/wav', mediaExtension: 'wav', size: 1, language: 'en', status: 'complete', projectId } as never)
    .go();
  return { id: transcriptId, stale: (await findTranscript(USER, transcriptId))! };
}
const now = async (id: string) => (await findTranscript(USER, id))!;

it('a move to another project made from a read taken before a delete leaves the transcript deleted: 409', async () => {
  const { id, stale } = await transcriptIn('projectone001');
  await setState(await now(id), 'deleted');
  await expect(patchTranscript(stale, { project_id: 'projecttwo002' })).rejects.toMatchObject({ reason: 'conflict' });
  expect(await now(id)).toMatchObject({ state: 'deleted', projectId: 'projectone001' });
});

it('a delete made from a read taken before a move deletes the transcript where it went', async () => {
  const { id, stale } = await transcriptIn('projectone001');
  await patchTranscript(await now(id), { project_id: 'projecttwo002' });
  await setState(stale, 'deleted');
  expect(await now(id)).toMatchObject({ state: 'deleted', projectId: 'projecttwo002' });
});

it("a project's deletion leaves a transcript moved meanwhile in its new project, and one deleted meanwhile in the trash", async () => {
  const moved = await transcriptIn('projectone001');
  const deleted = await transcriptIn('projectone001');
  await patchTranscript(await now(moved.id), { project_id: 'projecttwo002' });
  await setState(await now(deleted.id), 'deleted');
  await leaveProject(moved.stale);
  await leaveProject(deleted.stale);
  expect(await now(moved.id)).toMatchObject({ state: 'active', projectId: 'projecttwo002' });
  expect(await now(deleted.id)).toMatchObject({ state: 'deleted', projectId: '' });
});
