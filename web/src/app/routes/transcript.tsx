import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '@web/components/document-title';
import { TRANSCRIPTS_TEXTS } from '@web/transcript/texts';
import { AppShell } from '../shell/app-shell';
import { TranscriptDetail } from '@web/features/transcripts/components/transcript-detail';

export function Component() {
  useDocumentTitle(TRANSCRIPTS_TEXTS.detailTitle);
  const { id = '' } = useParams();
  return (
    <AppShell>
      <TranscriptDetail key={id} id={id} />
    </AppShell>
  );
}
