/**
 * @jest-environment jsdom
 *
 * The speaker-names form (transcript-actions.tsx, SpeakerNames) keeps its new names by speaker label. A label
 * is the transcript's own text: one that is also a name of Object.prototype ('constructor') must read as itself,
 * never as the prototype's function, when the transcript's speakers change under the form (a revert, a refresh).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { SpeakerNames } from '@web/features/transcripts/components/transcript-actions';
import { WORKSPACE_TEXTS } from '@web/features/transcripts/texts';
import type { Transcript } from '@web/transcript/api/get-transcript';

// react-router needs a TextEncoder that jsdom lacks; the form uses no route.
jest.mock('react-router-dom', () => ({ Link: () => null }));

const withSpeakers = (speakers: string[]) => ({ id: 'aaaaaaaa0001', speakers }) as Transcript;

afterEach(cleanup);

it("shows a speaker labelled 'constructor' as its own name after the speakers change", () => {
  const client = new QueryClient();
  const form = (speakers: string[]) => (
    <QueryClientProvider client={client}>
      <SpeakerNames transcript={withSpeakers(speakers)} />
    </QueryClientProvider>
  );
  const { rerender } = render(form(['Ann']));
  rerender(form(['constructor', 'toString']));
  expect(screen.getByLabelText(WORKSPACE_TEXTS.speakerLabel('constructor'))).toHaveProperty('value', 'constructor');
  expect(screen.getByLabelText(WORKSPACE_TEXTS.speakerLabel('toString'))).toHaveProperty('value', 'toString');
});
