import { useMemo, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { projectsQuery } from '@web/lib/library-keys';
import { loadedItems, transcriptListQuery } from '../api/transcripts';
import { ANY, arrange, isAnyArrangement, type Arrangement } from '../arrange';
import { useGrowingList } from './use-growing-list';

/**
 * The Transcribed Files tab's list (SPEC.md section 2): the active or deleted transcripts page by page,
 * arranged by the library's filters and order (which need every page), and the rows shown so far.
 */
export function useLibraryList(showDeleted: boolean) {
  const list = useInfiniteQuery(transcriptListQuery(showDeleted ? 'deleted' : 'active'));
  const projects = useQuery({ ...projectsQuery(), enabled: !showDeleted });
  const [arrangement, setArrangement] = useState<Arrangement>(ANY);
  // Touching the filters asks for the rest of the list, so their choices (tags) and results cover every transcript.
  const [wholeListWanted, setWholeListWanted] = useState(false);
  const allItems = useMemo(() => loadedItems(list.data), [list.data]);
  const items = useMemo(() => arrange(allItems, arrangement), [allItems, arrangement]);
  const arranging = !isAnyArrangement(arrangement);
  const growing = useGrowingList(items.length, list, arranging || wholeListWanted);
  const projectNames = useMemo(() => new Map((projects.data ?? []).map((project) => [project.id, project.name])), [projects.data]);
  // Pages already in stay shown when a later call fails (a next page, a poll): the query's error state covers the whole list.
  const loaded = list.data !== undefined;
  return {
    list,
    allItems,
    items,
    arrangement,
    setArrangement,
    wantWholeList: () => setWholeListWanted(true),
    arranging,
    loaded,
    complete: loaded && !list.hasNextPage,
    growing,
    projects: showDeleted ? null : (projects.data ?? []),
    projectNames,
  };
}

export type LibraryList = ReturnType<typeof useLibraryList>;
