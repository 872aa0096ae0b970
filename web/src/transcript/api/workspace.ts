/** Issue 14: changing a transcript (corrections, revert, names, summary), exports and search. */
import type { BodyOf } from '@contract';
import type { ExportFormat } from '@domain/export-formats';
import type { SummaryTemplate } from '@domain/summary-templates';
import { apiCall, apiPath } from '@web/lib/api-client';

/** `DELETE /api/transcripts/{id}`: a soft delete (docs/product.md#states); doing it twice is harmless. */
export const deleteTranscript = (id: string) => apiCall('DELETE /api/transcripts/{id}', { params: { id } });

/** `POST /api/transcripts/{id}/restore`. */
export const restoreTranscript = (id: string) => apiCall('POST /api/transcripts/{id}/restore', { params: { id } });

/** `POST /api/transcripts/{id}/retry`: a failed transcription runs again from its upload (issue 15). */
/** Runs a transcription again; with a language (issue 27), in that language. */
export const retryTranscript = (id: string, language?: string) => apiCall('POST /api/transcripts/{id}/retry', { params: { id }, ...(language ? { body: { language } } : {}) });

export const patchTranscript = (id: string, body: BodyOf<'PATCH /api/transcripts/{id}'>) => apiCall('PATCH /api/transcripts/{id}', { params: { id }, body });
export const correctGroups = (id: string, groups: { index: number; text: string }[]) => apiCall('PUT /api/transcripts/{id}/text', { params: { id }, body: { groups } });
/** Issue 28: a paragraph's word groups given to a speaker (one of the transcript's, or a new one). */
export const assignSpeaker = (id: string, groups: readonly number[], speaker: string) => apiCall('PUT /api/transcripts/{id}/speaker', { params: { id }, body: { groups: [...groups], speaker } });
export const revertTranscript = (id: string) => apiCall('POST /api/transcripts/{id}/revert', { params: { id } });
/** Key points again (no body), or another summary template (issue 30). */
export const summarizeAgain = (id: string, request?: { template: SummaryTemplate; instruction?: string }) =>
  apiCall('POST /api/transcripts/{id}/summary', { params: { id }, ...(request ? { body: request } : {}) });
export const searchTranscripts = (q: string, limit: number) => apiCall('GET /api/search', { query: { q, limit: String(limit) } });
/** Issue 30: a question about one transcript, one project's, or (neither) all the user's. */
export const askTranscripts = (question: string, scope: AskScope) =>
  apiCall('POST /api/ask', { body: { question, ...(scope.transcriptId ? { transcript_id: scope.transcriptId } : scope.projectId ? { project_id: scope.projectId } : {}) } });
export interface AskScope {
  transcriptId?: string | undefined;
  projectId?: string | undefined;
}

/** What an export holds: times, speakers, and (`lang`, a language code) a translation instead of the transcript. */
export interface ExportOptions {
  timestamps: boolean;
  speakers: boolean;
  lang?: string | undefined;
}

/** The export's address: the browser downloads it itself (a link), with the session cookie. */
export function exportUrl(id: string, format: ExportFormat, { timestamps, speakers, lang }: ExportOptions): string {
  const query = new URLSearchParams({ format, timestamps: String(timestamps), speakers: String(speakers), ...(lang ? { lang } : {}) });
  return `${apiPath('GET /api/transcripts/{id}/export', { id })}?${query}`;
}

/** Issue 15: read-only links of a transcript (made, listed and turned off by its owner). */
export const createShareLink = (id: string, body: BodyOf<'POST /api/transcripts/{id}/share'>) => apiCall('POST /api/transcripts/{id}/share', { params: { id }, body });
export const listShareLinks = (id: string) => apiCall('GET /api/transcripts/{id}/share', { params: { id } });
export const revokeShareLink = (id: string, link: string) => apiCall('DELETE /api/transcripts/{id}/share/{token}', { params: { id, token: link } });
/** The page of a link: no session needed, none sent (a reader's own session has nothing to do with it). */
export const getSharedTranscript = (token: string) => apiCall('GET /api/shared/{token}', { params: { token }, signedOutCall: true, credentials: false });
