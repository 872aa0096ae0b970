/** The library's own filters and order (issue 14): project, tag, a date range, and newest, oldest or by name. Pure. */

export type LibrarySort = 'newest' | 'oldest' | 'name';
export const LIBRARY_SORTS: readonly LibrarySort[] = ['newest', 'oldest', 'name'];

export interface Arrangement {
  sort: LibrarySort;
  /** '' for any project. */
  projectId: string;
  /** '' for any tag. */
  tag: string;
  /** YYYY-MM-DD, inclusive; '' for open. */
  from: string;
  to: string;
}

export const ANY: Arrangement = { sort: 'newest', projectId: '', tag: '', from: '', to: '' };

/** Newest first, nothing filtered out: the order the server pages in, so the loaded pages can be shown as they are. */
export const isAnyArrangement = ({ sort, projectId, tag, from, to }: Arrangement): boolean => sort === ANY.sort && !projectId && !tag && !from && !to;

/** A filter is on (project, tag or a date): some transcripts may be hidden. Another order alone hides none. */
export const isFiltering = ({ projectId, tag, from, to }: Arrangement): boolean => !!(projectId || tag || from || to);

interface Arrangeable {
  filename: string;
  created_at: string;
  project_id: string | null;
  tags: string[];
}

/** The items that pass the filters, in the asked order (the list arrives newest first). */
export function arrange<T extends Arrangeable>(items: readonly T[], { sort, projectId, tag, from, to }: Arrangement): T[] {
  const day = (item: T) => item.created_at.slice(0, 10);
  const kept = items.filter(
    (item) =>
      (!projectId || item.project_id === projectId) &&
      (!tag || item.tags.some((name) => name.localeCompare(tag, undefined, { sensitivity: 'accent' }) === 0)) &&
      (!from || day(item) >= from) &&
      (!to || day(item) <= to),
  );
  if (sort === 'name') return kept.sort((a, b) => a.filename.localeCompare(b.filename, undefined, { numeric: true, sensitivity: 'base' }));
  if (sort === 'oldest') return kept.sort((a, b) => a.created_at.localeCompare(b.created_at));
  return kept.sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** The tags found on the items, once each, in alphabetical order. */
export const tagsOf = (items: readonly Pick<Arrangeable, 'tags'>[]): string[] => [...new Set(items.flatMap((item) => item.tags))].sort((a, b) => a.localeCompare(b));
