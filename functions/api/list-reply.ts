/** A transcript list as the API answers it: the items, and the next page's cursor in X-Next-Cursor (issue 16, point 5). */
import type { TranscriptList } from '../services/transcripts';

export const listReply = async (list: Promise<TranscriptList>) => {
  const { items, next } = await list;
  return { body: items, ...(next ? { headers: { 'x-next-cursor': next } } : {}) };
};
