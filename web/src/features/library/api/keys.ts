/**
 * Query keys of the library (TanStack Query). Every transcript list lives under one root, so a change
 * that moves transcripts (delete, restore, a project or tag change) refreshes all lists with one call.
 * A transcript's full view stays under ['transcripts', id] (features/transcripts).
 */
export const libraryKeys = {
  lists: ['transcript-lists'] as const,
  active: ['transcript-lists', 'active'] as readonly ['transcript-lists', 'active' | 'deleted'],
  deleted: ['transcript-lists', 'deleted'] as readonly ['transcript-lists', 'active' | 'deleted'],
  project: (projectId: string) => ['transcript-lists', 'project', projectId] as const,
  /** Full transcripts (text, word timings): the detail screen's key root. */
  transcripts: ['transcripts'] as const,
  projects: ['projects'] as const,
  tags: ['tags'] as const,
  languages: ['translate-languages'] as const,
};
