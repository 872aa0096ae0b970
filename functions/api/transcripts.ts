/**
 * Transcripts domain: uploads (presigned, straight to storage), starting a transcription, reading, changing,
 * sharing and playing it (docs/product.md#calls; docs/architecture.md#http-contract). The transcript service
 * does the work; this maps the routes onto it.
 */
import { NOINDEX_HEADERS } from '../domain/share-links';
import { FileName } from '../domain/transcribe-request';
import { createDomainHandler } from '../http/handler';
import { clientAddress, validate } from '../http/http';
import * as transcripts from '../services/transcripts';
import { listReply } from './list-reply';
import { monthUsage } from '../services/usage';

export const handler = createDomainHandler('transcripts', {
  'GET /api/capabilities': async () => ({ body: await transcripts.capabilities() }),

  'POST /api/uploads': async ({ session, body }) => ({ body: await transcripts.askUpload(session.userId, body) }),
  'POST /api/uploads/{id}/parts': async ({ session, params, body }) => ({ body: await transcripts.signUploadParts(session.userId, params.id, body.part_numbers) }),
  'POST /api/uploads/{id}/complete': async ({ session, params, body }) => ({ body: await transcripts.completeUpload(session.userId, params.id, body.parts) }),

  'POST /api/transcribe': async ({ session, body, form }) => ({
    body: body ? await transcripts.transcribeUploaded(session.userId, body) : await transcripts.transcribeForm(session.userId, form, (name) => validate(FileName, name, 400)),
  }),

  'GET /api/transcripts/{id}': async ({ session, params }) => ({ body: await transcripts.readTranscript(session.userId, params.id) }),

  'GET /api/usage': async ({ session }) => ({ body: await monthUsage(session.userId) }),
  'POST /api/ask': async ({ session, body }) => ({ body: await transcripts.askTranscripts(session.userId, body) }),

  'GET /api/transcripts': ({ session, query }) => listReply(transcripts.listOwnTranscripts(session.userId, 'active', query)),
  'GET /api/deleted_transcripts': ({ session, query }) => listReply(transcripts.listOwnTranscripts(session.userId, 'deleted', query)),
  'DELETE /api/transcripts/{id}': async ({ session, params }) => ({ body: { message: 'Transcript deleted.', id: await transcripts.moveTranscript(session.userId, params.id, 'deleted') } }),
  'POST /api/transcripts/{id}/restore': async ({ session, params }) => ({ body: { message: 'Transcript restored.', id: await transcripts.moveTranscript(session.userId, params.id, 'active') } }),

  'PATCH /api/transcripts/{id}': async ({ session, params, body }) => ({ body: await transcripts.changeTranscript(session.userId, params.id, body) }),
  'PUT /api/transcripts/{id}/text': async ({ session, params, body }) => ({ body: await transcripts.correctTranscript(session.userId, params.id, body.groups) }),
  'PUT /api/transcripts/{id}/speaker': async ({ session, params, body }) => ({ body: await transcripts.reassignTranscriptSpeaker(session.userId, params.id, body) }),
  'POST /api/transcripts/{id}/revert': async ({ session, params }) => ({ body: await transcripts.revertTranscript(session.userId, params.id) }),
  'GET /api/summary-templates': async ({ session }) => ({ body: await transcripts.savedTemplates(session.userId) }),
  'POST /api/summary-templates': async ({ session, body }) => ({ status: 201, body: await transcripts.saveTemplate(session.userId, body) }),
  'DELETE /api/summary-templates/{id}': async ({ session, params }) => ({ body: { message: 'Template deleted.', id: await transcripts.removeSavedTemplate(session.userId, params.id) } }),
  'POST /api/transcripts/{id}/summary': async ({ session, params, body }) => {
    const { done, started } = await transcripts.summarizeTranscript(session.userId, params.id, body);
    return started ? { status: 202, body: started } : { body: done };
  },
  'POST /api/transcripts/{id}/retry': async ({ session, params, body }) => ({ body: await transcripts.retryTranscription(session.userId, params.id, body.language) }),

  'GET /api/transcripts/{id}/export': ({ session, params, query }) => transcripts.exportTranscript(session.userId, params.id, query),

  'GET /api/search': async ({ session, query }) => ({ body: { results: await transcripts.searchTranscripts(session.userId, query) } }),

  'POST /api/transcripts/{id}/share': async ({ session, params, body }) => ({ status: 201, body: await transcripts.shareTranscript(session.userId, params.id, body) }),
  'GET /api/transcripts/{id}/share': async ({ session, params }) => ({ body: await transcripts.transcriptLinks(session.userId, params.id) }),
  'DELETE /api/transcripts/{id}/share/{token}': async ({ session, params }) => ({
    body: { message: 'Link turned off.', id: await transcripts.revokeTranscriptLink(session.userId, params.id, params.token) },
  }),

  'GET /api/shared/{token}': async ({ event, params }) => ({ body: await transcripts.readSharedTranscript(params.token, clientAddress(event)), headers: { ...NOINDEX_HEADERS } }),
  'GET /api/shared/{token}/{file}': async ({ event, params }) => ({
    location: await transcripts.sharedRecordingUrl(params.token, params.file, clientAddress(event)),
    headers: { ...NOINDEX_HEADERS },
  }),

  'GET /uploads/{filename}': async ({ session, params }) => ({ location: await transcripts.recordingUrl(session.userId, params.filename) }),
});
