import type { ProjectView } from '@contract';
import { Options } from '@web/components/ui/field';
import { SEARCH_TEXTS } from '../texts';
import { TRANSCRIPTS_TEXTS } from '@web/transcript/texts';
import { LIBRARY_SORTS, type Arrangement, type LibrarySort } from '../arrange';

const W = SEARCH_TEXTS;

/** The library's filters and order (issue 14): sort, project (active list only), tag (of `tags`), and a date range. */
export function ArrangeBar({ arrangement, onChange, tags, projects }: { arrangement: Arrangement; onChange: (next: Arrangement) => void; tags: readonly string[]; projects: readonly ProjectView[] | null }) {
  const set = (change: Partial<Arrangement>) => onChange({ ...arrangement, ...change });
  return (
    <fieldset className="library__arrange">
      <legend className="visually-hidden">{W.arrangeLabel}</legend>
      <label>
        <span>{W.sortLabel}</span>
        <select className="input select" value={arrangement.sort} onChange={(event) => set({ sort: event.target.value as LibrarySort })}>
          {LIBRARY_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {W.sorts[sort]}
            </option>
          ))}
        </select>
      </label>
      {projects && (
        <label>
          <span>{TRANSCRIPTS_TEXTS.projectLabel}</span>
          <select className="input select" value={arrangement.projectId} onChange={(event) => set({ projectId: event.target.value })}>
            <option value="">{W.anyProject}</option>
            <Options options={projects.map((project) => ({ value: project.id, label: project.name }))} />
          </select>
        </label>
      )}
      <label>
        <span>{W.tagLabel}</span>
        <select className="input select" value={arrangement.tag} onChange={(event) => set({ tag: event.target.value })}>
          <option value="">{W.anyTag}</option>
          <Options options={tags} />
        </select>
      </label>
      <label>
        <span>{W.fromLabel}</span>
        <input className="input" type="date" value={arrangement.from} onChange={(event) => set({ from: event.target.value })} />
      </label>
      <label>
        <span>{W.toLabel}</span>
        <input className="input" type="date" value={arrangement.to} onChange={(event) => set({ to: event.target.value })} />
      </label>
    </fieldset>
  );
}
