import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@web/lib/api-client';

/**
 * Query keys of the library (TanStack Query). Every transcript list lives under one root, so a change
 * that moves transcripts (delete, restore, a project or tag change) refreshes all lists with one call.
 * A transcript's full view stays under ['transcripts', id] (the transcript page).
 */
export const libraryKeys = {
  lists: ['transcript-lists'] as const,
  active: ['transcript-lists', 'active'] as readonly ['transcript-lists', 'active' | 'deleted'],
  deleted: ['transcript-lists', 'deleted'] as readonly ['transcript-lists', 'active' | 'deleted'],
  project: (projectId: string) => ['transcript-lists', 'project', projectId] as const,
  /** A row whose job runs, followed by itself (outside the lists' root: asking the lists again does not ask it). */
  runningRow: (id: string) => ['transcript-row', id] as const,
  /** Full transcripts (text, word timings): the detail screen's key root. */
  transcripts: ['transcripts'] as const,
  projects: ['projects'] as const,
  tags: ['tags'] as const,
  languages: ['translate-languages'] as const,
};

/** `GET /api/projects`: the library's tabs and the transcript page's project choice share it (same key). */
export const projectsQuery = () =>
  queryOptions({
    queryKey: libraryKeys.projects,
    queryFn: () => apiCall('GET /api/projects'),
  });
