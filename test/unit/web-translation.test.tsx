/**
 * @jest-environment jsdom
 *
 * Issue 28: the translation offers no translation into the transcript's own language, reads under the original
 * speaker labels with the words left untranslated marked, downloads with ?lang= and tells its page the language. `apiCall` is mocked.
 */
import { TextEncoder } from 'node:util';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { apiCall } from '@web/lib/api-client';
import { TRANSCRIPTS_TEXTS } from '@web/transcript/texts';

jest.mock('@web/lib/api-client', () => ({ ...jest.requireActual('@web/lib/api-client'), apiCall: jest.fn() }));
const call = apiCall as unknown as jest.Mock;
// A module the component pulls in needs TextEncoder, which jsdom lacks: set before it loads.
Object.assign(globalThis, { TextEncoder });
const { Translation } = jest.requireActual<typeof import('@web/transcript/translation')>('@web/transcript/translation');

test('leaves out the transcript’s own language, shows the original labels and the unknown words, and downloads the translation', async () => {
  call.mockResolvedValue({
    language: 'Spanish',
    translated_text: 'Speaker 1: El *gizmo va.',
    segments: [{ speaker: 'Speaker 1', start: 0, end: 1000, text: 'El *gizmo va.' }],
  });
  const onTranslated = jest.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Translation id="t1" name="Talk" languages={['English', 'Spanish', 'French']} sourceLanguage="en" onTranslated={onTranslated} />
    </QueryClientProvider>,
  );
  expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Spanish', 'French']);
  fireEvent.click(screen.getByRole('button', { name: 'Translate Talk' }));
  await waitFor(() => expect(call).toHaveBeenCalledWith('POST /api/translate/{id}', { params: { id: 't1' }, body: { language: 'Spanish' } }));

  const translation = await screen.findByRole('region', { name: 'Translation (Spanish)' });
  // The transcript page's Export menu then offers it.
  expect(onTranslated).toHaveBeenCalledWith('Spanish');
  expect(translation.querySelector('strong')?.textContent).toBe('Speaker 1: ');
  const unknown = translation.querySelector('.translation__text .translation__unknown');
  expect(unknown).toMatchObject({ textContent: 'gizmo', title: TRANSCRIPTS_TEXTS.untranslated });
  expect(translation.textContent).toContain(TRANSCRIPTS_TEXTS.untranslatedLegend);
  fireEvent.change(screen.getByLabelText('Download the Spanish translation as'), { target: { value: 'vtt' } });
  expect(screen.getByRole('link', { name: TRANSCRIPTS_TEXTS.translationDownload }).getAttribute('href')).toBe('/api/transcripts/t1/export?format=vtt&timestamps=true&speakers=true&lang=es');
});
