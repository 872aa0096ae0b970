import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { projectsQuery } from '@web/lib/library-keys';
import { loadedItems, transcriptListQuery, usePagedList } from '../api/transcripts';
import { useRunningRows } from '../api/running-rows';
import { tagsQuery } from '../api/tags';
import { ANY, arrange, isAnyArrangement, tagsOf, type Arrangement } from '../arrange';
import { useGrowingList } from './use-growing-list';

/**
 * The Transcribed Files tab's list (docs/product.md#screens-and-routes): the active or deleted transcripts page by page,
 * arranged by the library's filters and order (which need every page), and the rows shown so far.
 */
export function useLibraryList(showDeleted: boolean) {
  const list = usePagedList(transcriptListQuery(showDeleted ? 'deleted' : 'active'));
  const projects = useQuery({ ...projectsQuery(), enabled: !showDeleted });
  const [arrangement, setArrangement] = useState<Arrangement>(ANY);
  const tags = useQuery(tagsQuery());
  const allItems = useMemo(() => loadedItems(list.data), [list.data]);
  const items = useMemo(() => arrange(allItems, arrangement), [allItems, arrangement]);
  useRunningRows(showDeleted ? [] : allItems, list.dataUpdatedAt);
  const arranging = !isAnyArrangement(arrangement);
  // A filter or another order asks for the rest of the list, so its results cover every transcript (only
  // once one is chosen: looking at the filters costs nothing). The tag choices need no page: they are the user's tags.
  const growing = useGrowingList(items.length, list, arranging);
  const tagChoices = useMemo(() => tagsOf([...allItems, ...(tags.data ?? []).map((tag) => ({ tags: [tag.name] }))]), [allItems, tags.data]);
  const projectNames = useMemo(() => new Map((projects.data ?? []).map((project) => [project.id, project.name])), [projects.data]);
  // Pages already in stay shown when a later call fails (a next page, a poll): the query's error state covers the whole list.
  const loaded = list.data !== undefined;
  return {
    list,
    allItems,
    items,
    arrangement,
    setArrangement,
    tagChoices,
    arranging,
    loaded,
    complete: loaded && !list.hasNextPage,
    growing,
    projects: showDeleted ? null : (projects.data ?? []),
    projectNames,
  };
}

export type LibraryList = ReturnType<typeof useLibraryList>;
