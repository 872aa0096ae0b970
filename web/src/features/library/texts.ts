/**
 * The library tabs' texts: transcribed files, search and arrangement, projects and tags. Shared words are in
 * `@web/config/texts`; like it, this module has no browser or React imports (tests read it).
 */

import { COMMON_TEXTS } from '@web/config/texts';

/** docs/product.md#errors (projects and tags). */
export const PROJECTS_TEXTS = {
  nameRequired: 'Project name is required.',
  createFailed: 'Failed to create project.',
  genericError: 'An error occurred.',
  updateFailed: 'Failed to update project.',
  deleteFailed: 'Failed to delete project.',
} as const;

export const TAGS_TEXTS = {
  createFailed: 'Failed to create tag.',
} as const;

/** The library tabs (Transcribed Files, Projects, Tags): our own wording around the product's texts, which stay in TRANSCRIPTS_TEXTS (`@web/transcript/texts`), PROJECTS_TEXTS and TAGS_TEXTS. */
export const LIBRARY_TEXTS = {
  showDeleted: 'Show Deleted',
  showActive: 'Show Active',
  deleteAll: 'Delete All',
  restoreError: 'Error restoring transcript.',
  deleteAllFailed: "Some transcripts couldn't be deleted.",
  listLabel: 'Your transcripts',
  deletedListLabel: 'Deleted transcripts',
  count: (n: number) => `${n} ${n === 1 ? 'transcript' : 'transcripts'}`,
  showMore: (n: number) => `Show ${n} more`,
  /** When the rows to come are partly on a page not yet loaded, their number is not known. */
  showMoreUnknown: 'Show more',
  /** The count while later pages are not loaded yet (issue 16): never a number that is too small to be true. */
  countSoFar: (n: number) => `${n}+ transcripts`,
  loadingMore: 'Loading more transcripts...',
  loadMoreFailed: 'More transcripts could not be loaded.',
  /** Filters and orders other than newest first need every transcript: the rest of the list is asked for first. */
  loadingAll: 'Loading all your transcripts...',
  loadFailed: 'Your transcripts could not be loaded.',
  emptyActive: 'No transcripts yet.',
  emptyActiveHint: 'Transcribe a recording and it will appear here.',
  goTranscribe: 'Transcribe a file',
  emptyDeleted: 'No deleted transcripts.',
  emptyDeletedHint: 'Transcripts you delete appear here, and you can restore them.',
  deleteAllTitle: 'Delete all transcripts?',
  deleteAllText: (n: number) => `All ${n} active ${n === 1 ? 'transcript moves' : 'transcripts move'} to the deleted list. You can restore them from there.`,
  deleteAllDone: 'All transcripts were deleted.',
  /** Delete All with a filter on: the transcripts the filters show (on every page), no others. */
  deleteShownTitle: (n: number) => (n === 1 ? 'Delete the transcript shown?' : `Delete the ${n} transcripts shown?`),
  deleteShownText: (n: number) =>
    `${n === 1 ? 'It moves' : 'They move'} to the deleted list, where you can restore ${n === 1 ? 'it' : 'them'}. Transcripts the filters hide stay where they are.`,
  deleteShownConfirm: (n: number) => `Delete ${n}`,
  deleteShownDone: (n: number) => (n === 1 ? 'The transcript shown was deleted.' : `The ${n} transcripts shown were deleted.`),
  deletedToast: (filename: string) => `${filename} was deleted.`,
  restoredToast: (filename: string) => `${filename} was restored.`,
  statusLabel: 'Status',
  tagsLabel: 'Tags',
  viewFullLabel: (filename: string) => `View Full transcript of ${filename}`,
  deleteLabel: (filename: string) => `Delete ${filename}`,
  restoreLabel: (filename: string) => `Restore ${filename}`,
  downloadSrt: 'SRT',
  downloadVtt: 'VTT',
  downloadLabel: (file: string) => `Download ${file}`,
  /** Starts with the visible 'SRT' / 'VTT', so speech control finds it by what it shows. */
  subtitleLabel: (format: string, file: string) => `${format} subtitles: download ${file}`,
  downloadFailed: 'The transcript could not be downloaded. Please try again.',
  noTimings: 'This transcript has no word timings, so no subtitles can be made.',
  audioLabel: (filename: string) => `Recording of ${filename}`,
  audioUnsupported: 'Your browser cannot play this recording.',
  actionsLabel: (filename: string) => `Actions for ${filename}`,
  play: 'Play',
  hidePlayer: 'Hide player',
  subtitles: 'subtitles',
  translateMenu: 'Translate…',
  undoLabel: COMMON_TEXTS.undoLabel,
  rowsHint: 'Up and down arrows move between transcripts.',
  projects: {
    createTitle: 'New project',
    listTitle: 'Your projects',
    name: 'Name',
    description: 'Description',
    create: 'Create Project',
    created: 'Project created.',
    updated: 'Project updated.',
    deleted: 'Project deleted.',
    loadFailed: 'Your projects could not be loaded.',
    empty: 'No projects yet. Create one to group transcripts.',
    editLabel: (name: string) => `Edit ${name}`,
    saveLabel: (name: string) => `Save ${name}`,
    deleteLabel: (name: string) => `Delete ${name}`,
    deleteTitle: (name: string) => `Delete the project ${name}?`,
    deleteText: 'Its transcripts stay in your library; they just leave the project.',
    viewTranscripts: 'View Transcripts',
    hideTranscripts: 'Hide Transcripts',
    transcriptsOf: (name: string) => ` of ${name}`,
    transcriptsLoadFailed: 'The transcripts of this project could not be loaded.',
    noTranscripts: 'No transcripts in this project yet.',
    /** A project's next page of transcripts (issue 16). */
    moreTranscripts: 'Show more transcripts',
    createdOn: (date: string) => `Created ${date}`,
  },
  tags: {
    addTitle: 'New tag',
    listTitle: 'Your tags',
    added: 'Tag added.',
    renamed: 'Tag renamed.',
    deleted: 'Tag deleted.',
    name: 'Tag name',
    add: 'Add Tag',
    loadFailed: 'Your tags could not be loaded.',
    empty: 'No tags yet. Add one to label transcripts.',
    rename: 'Rename',
    renameLabel: (name: string) => `Rename ${name}`,
    newName: (name: string) => `New name for ${name}`,
    nameRequired: 'Enter a name.',
    deleteLabel: (name: string) => `Delete ${name}`,
    deleteTitle: (name: string) => `Delete the tag ${name}?`,
    deleteText: 'It is removed from every transcript that carries it.',
  },
} as const;

/** Issue 14: search and arrangement of the library (sort, project, tag, dates). Our own wording. */
export const SEARCH_TEXTS = {
  searchLabel: 'Search your transcripts',
  searchPlaceholder: 'Search words, names, topics… (press / )',
  searchButton: 'Search',
  searching: 'Searching…',
  noResults: (query: string) => `Nothing found for “${query}”.`,
  resultsLabel: 'Search results',
  resultsFound: (n: number) => `${n} ${n === 1 ? 'result' : 'results'}.`,
  /** As many results as were asked for: more may match (the server sends the best ones). */
  bestMatchesOnly: (n: number) => `Only the ${n} best matches are shown. Add words to narrow the search.`,
  at: (time: string) => `at ${time}`,
  /** Issue 30: a result found by a passage of similar meaning rather than by the words searched. */
  meaningMatch: 'Similar meaning',
  meaningMatchHint: 'Found by meaning: these words were not searched for, but the passage speaks of something similar.',
  arrangeLabel: 'Filter and sort',
  sortLabel: 'Sort',
  sorts: { newest: 'Newest first', oldest: 'Oldest first', name: 'Name' },
  anyProject: 'Any project',
  tagLabel: 'Tag',
  anyTag: 'Any tag',
  fromLabel: 'From',
  toLabel: 'To',
  noneMatch: 'No transcript matches these filters.',
} as const;
