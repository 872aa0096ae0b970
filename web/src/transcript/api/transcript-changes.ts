/**
 * Issue 14 and 15: the changes made on a transcript's page, as mutations that own what they refresh.
 * A change answers with the whole transcript: it becomes the page's data at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@contract';
import { libraryKeys } from '@web/lib/library-keys';
import { transcriptQueryKey, type Transcript } from '@web/transcript/api/get-transcript';
import { assignSpeaker, correctGroups, createShareLink, deleteTranscript, listShareLinks, patchTranscript, restoreTranscript, revertTranscript, revokeShareLink, summarizeAgain } from '@web/transcript/api/workspace';

export type GroupText = { index: number; text: string };

/** Runs a change whose answer is the transcript: the page shows it; lists show the name, project and tags, and new tag names became tags. */
function useTranscriptChange<V>(id: string, change: (id: string, variables: V) => Promise<Transcript>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => change(id, variables),
    onSuccess: (answer) => {
      client.setQueryData(transcriptQueryKey(id), answer);
      void client.invalidateQueries({ queryKey: libraryKeys.lists });
      void client.invalidateQueries({ queryKey: libraryKeys.tags });
    },
  });
}

/** `PATCH /api/transcripts/{id}`: the name, project, tags or speaker names. */
export const useEditTranscript = (id: string) => useTranscriptChange(id, (transcriptId, body: BodyOf<'PATCH /api/transcripts/{id}'>) => patchTranscript(transcriptId, body));
/** Corrected paragraphs (and their undo): the groups' new text. */
export const useCorrectText = (id: string) => useTranscriptChange(id, (transcriptId, groups: GroupText[]) => correctGroups(transcriptId, groups));
/** Issue 28: a paragraph given to another speaker. */
export const useAssignSpeaker = (id: string) => useTranscriptChange(id, (transcriptId, { groups, speaker }: { groups: readonly number[]; speaker: string }) => assignSpeaker(transcriptId, groups, speaker));
export const useRevertTranscript = (id: string) => useTranscriptChange(id, (transcriptId) => revertTranscript(transcriptId));
export const useSummarizeAgain = (id: string) => useTranscriptChange(id, (transcriptId, request?: Parameters<typeof summarizeAgain>[1]) => summarizeAgain(transcriptId, request));

/** To the trash (true) or back from it (false): the page asks for the transcript again. */
export function useTrashTranscript(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deleting: boolean) => (deleting ? deleteTranscript(id) : restoreTranscript(id)),
    onSuccess: () => void client.invalidateQueries({ queryKey: transcriptQueryKey(id) }),
  });
}

const shareLinksKey = (id: string) => ['transcripts', id, 'share-links'] as const;

/** The read-only links that work now. */
export const useShareLinks = (id: string) => useQuery({ queryKey: shareLinksKey(id), queryFn: () => listShareLinks(id) });

/** Making and turning off a link: the list of links is asked again. */
function useShareLinkChange<V, R>(id: string, change: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => void client.invalidateQueries({ queryKey: shareLinksKey(id) }) });
}

export const useCreateShareLink = (id: string) => useShareLinkChange(id, (body: BodyOf<'POST /api/transcripts/{id}/share'>) => createShareLink(id, body));
export const useRevokeShareLink = (id: string) => useShareLinkChange(id, (linkId: string) => revokeShareLink(id, linkId));
