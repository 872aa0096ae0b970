/** Starting a transcription, and the choices of project and tags (docs/product.md#calls). */
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@web/lib/api-client';
import type { TranscribeUploadedBody } from '../options';

/** `POST /api/transcribe` with the upload's id. The same upload id again answers the same job (a double click starts one). */
export const startTranscription = (body: TranscribeUploadedBody) => apiCall('POST /api/transcribe', { body });

/** Own keys: the library tabs keep their lists under theirs; these are read fresh each time the tab opens. */
export const projectChoicesQuery = () =>
  queryOptions({
    queryKey: ['transcribe-choices', 'projects'],
    queryFn: () => apiCall('GET /api/projects'),
  });

export const tagChoicesQuery = () =>
  queryOptions({
    queryKey: ['transcribe-choices', 'tags'],
    queryFn: () => apiCall('GET /api/tags'),
  });
