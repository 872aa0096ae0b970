import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { LIBRARY_TEXTS } from '../texts';
import { isUnauthorized } from '@web/lib/api-client';
import { transcriptQueryOptions } from '@web/transcript/api/get-transcript';
import type { TranscriptListItem } from '../api/transcripts';
import { downloadFile, saveFile, type DownloadFormat } from '../download';

const L = LIBRARY_TEXTS;

/** Download: the text (.txt, docs/product.md#constants-and-limits) and subtitles (.srt, .vtt), made in the browser from the full transcript. */
export function useDownload(item: TranscriptListItem) {
  const queryClient = useQueryClient();
  return async (format: DownloadFormat) => {
    try {
      const full = await queryClient.fetchQuery({ ...transcriptQueryOptions(item.id), staleTime: 60_000 });
      const file = downloadFile({ filename: full.filename ?? item.filename, text: full.text, word_timings: full.word_timings }, format);
      if (file) saveFile(file);
      else toast.info(L.noTimings);
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(L.downloadFailed);
    }
  };
}
