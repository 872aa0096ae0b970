/**
 * @jest-environment jsdom
 *
 * Issue 27: a transcript the engine doubted is in its language says so, and transcribes it again in the
 * language chosen, in one click (POST /api/transcripts/{id}/retry with it). `apiCall` is mocked.
 */
import { TextEncoder } from 'node:util';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { apiCall } from '@web/lib/api-client';

jest.mock('@web/lib/api-client', () => ({ ...jest.requireActual('@web/lib/api-client'), apiCall: jest.fn() }));
const call = apiCall as unknown as jest.Mock;
// The router the retry's toast module pulls in needs TextEncoder, which jsdom lacks: set before it loads.
Object.assign(globalThis, { TextEncoder });
const { LanguageMismatch } = jest.requireActual<typeof import('@web/features/transcripts/components/language-mismatch')>('@web/features/transcripts/components/language-mismatch');

test('says the recording may not be in its language, and runs it again in the first other language in one click', async () => {
  call.mockImplementation(async (key: string) => (key === 'GET /api/capabilities' ? { transcription: { languages: ['English', 'Spanish'], speaker_identification: true } } : { id: 't1', status: 'processing' }));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LanguageMismatch transcript={{ id: 't1', language: 'en' }} />
    </QueryClientProvider>,
  );
  expect(screen.getByText('This recording may not be in English. Choose its language and transcribe again.')).toBeTruthy();
  await waitFor(() => expect((screen.getByLabelText('Language to transcribe in') as HTMLSelectElement).value).toBe('es'));
  // Auto first, as the Transcribe tab lists it; the first other language chosen.
  expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Auto (find the language)', 'Spanish']);
  fireEvent.click(screen.getByRole('button', { name: 'Transcribe again' }));
  await waitFor(() => expect(call).toHaveBeenCalledWith('POST /api/transcripts/{id}/retry', { params: { id: 't1' }, body: { language: 'es' } }));
});
