import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { LIBRARY_TEXTS } from '../texts';
import { isUnauthorized } from '@web/lib/api-client';
import { undoDelete, useMoveTranscript, type TranscriptListItem } from '../api/transcripts';
import { deleteErrorMessage, restoreErrorMessage } from '../format';
import { UNDO_TOAST_MS, UndoDelete } from '@web/components/ui/undo-delete';

const L = LIBRARY_TEXTS;

/**
 * A row's Delete (to the trash, with Undo in its toast) and Restore (from the trash). Each says how it went
 * in a toast (a 401 is the shared rule) and calls `onRemoved` once the item left the list.
 */
export function useRowMoves(item: TranscriptListItem, name: string, onRemoved: () => void) {
  const queryClient = useQueryClient();
  const undo = async () => {
    try {
      await undoDelete(queryClient, item.id);
      toast.success(L.restoredToast(name));
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(restoreErrorMessage(error));
    }
  };

  const remove = useMoveTranscript(item.id, 'active', {
    onSuccess: () => {
      toast.success(<UndoDelete text={L.deletedToast(name)} name={name} onUndo={() => void undo()} />, { autoClose: UNDO_TOAST_MS });
      onRemoved();
    },
    onError: (error) => {
      if (!isUnauthorized(error)) toast.error(deleteErrorMessage(error));
    },
  });

  const restore = useMoveTranscript(item.id, 'deleted', {
    onSuccess: () => {
      toast.success(L.restoredToast(name));
      onRemoved();
    },
    onError: (error) => {
      if (!isUnauthorized(error)) toast.error(restoreErrorMessage(error));
    },
  });

  return { remove, restore };
}
