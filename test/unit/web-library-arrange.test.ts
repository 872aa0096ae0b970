import { ANY, arrange, tagsOf } from '../../web/src/features/library/arrange';

const item = (filename: string, created_at: string, project_id: string | null = null, tags: string[] = []) => ({ filename, created_at, project_id, tags });
const items = [item('b talk.mp3', '2026-11-20T10:00:00Z', 'p1', ['Radio']), item('A talk 10.mp3', '2026-11-10T10:00:00Z'), item('a talk 2.mp3', '2026-11-15T10:00:00Z', 'p1', ['radio', 'News'])];
const names = (list: { filename: string }[]) => list.map((entry) => entry.filename);

describe('library arrangement', () => {
  it('sorts newest first, oldest first, or by name (numbers in order, case aside)', () => {
    expect(names(arrange(items, ANY))).toEqual(['b talk.mp3', 'a talk 2.mp3', 'A talk 10.mp3']);
    expect(names(arrange(items, { ...ANY, sort: 'oldest' }))).toEqual(['A talk 10.mp3', 'a talk 2.mp3', 'b talk.mp3']);
    expect(names(arrange(items, { ...ANY, sort: 'name' }))).toEqual(['a talk 2.mp3', 'A talk 10.mp3', 'b talk.mp3']);
  });

  it('filters by project, tag (any case) and an inclusive date range', () => {
    expect(names(arrange(items, { ...ANY, projectId: 'p1' }))).toEqual(['b talk.mp3', 'a talk 2.mp3']);
    expect(names(arrange(items, { ...ANY, tag: 'RADIO' }))).toEqual(['b talk.mp3', 'a talk 2.mp3']);
    expect(names(arrange(items, { ...ANY, from: '2026-11-15', to: '2026-11-15' }))).toEqual(['a talk 2.mp3']);
    expect(names(arrange(items, { ...ANY, from: '2026-11-16' }))).toEqual(['b talk.mp3']);
  });

  it('lists the tags found, once each', () => {
    expect(tagsOf(items)).toEqual(['News', 'radio', 'Radio']);
  });
});
