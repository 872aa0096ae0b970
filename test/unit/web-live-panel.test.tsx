/**
 * @jest-environment jsdom
 *
 * Issue 29 point 4: before recording, the Transcribe tab's live switch says why a recording would have no live
 * text (a language without a live engine); an older server's capabilities without `live` show no switch.
 * `apiCall` is mocked; nothing records here.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { apiCall } from '@web/lib/api-client';
import { LiveTranscript } from '@web/features/live/live-transcript';
import { LIVE_TEXTS } from '@web/features/live/texts';

jest.mock('@web/lib/api-client', () => ({ ...jest.requireActual('@web/lib/api-client'), apiCall: jest.fn() }));
const call = apiCall as unknown as jest.Mock;

const panel = (language: string) => (
  <QueryClientProvider client={new QueryClient()}>
    <LiveTranscript recording="idle" stream={undefined} language={language} arrival={0} onText={() => {}} />
  </QueryClientProvider>
);

test('a language without a live engine: said before recording, beside the switch', async () => {
  call.mockResolvedValue({ live: { languages: ['English'], engine: 'browser' } });
  render(panel('fr'));
  await waitFor(() => expect(screen.getByRole('switch', { name: LIVE_TEXTS.switchLabel })).toBeTruthy());
  expect(screen.getByText(LIVE_TEXTS.noLanguage('French'))).toBeTruthy();
  expect(screen.queryByRole('log')).toBeNull();
});

test('English: the switch, on by default, with its hint', async () => {
  call.mockResolvedValue({ live: { languages: ['English'], engine: 'browser' } });
  render(panel('en'));
  await waitFor(() => expect((screen.getByRole('switch', { name: LIVE_TEXTS.switchLabel }) as HTMLInputElement).checked).toBe(true));
  expect(screen.getByText(LIVE_TEXTS.switchHint)).toBeTruthy();
});

test('an older server without live: no switch, nothing said', async () => {
  call.mockResolvedValue({ transcription: { languages: ['English'] } });
  render(panel('en'));
  await waitFor(() => expect(call).toHaveBeenCalled());
  expect(screen.queryByRole('switch')).toBeNull();
});
