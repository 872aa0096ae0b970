import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '@web/components/document-title';
import { TEXTS } from '@web/config/texts';
import { AppShell } from '../shell/app-shell';
import { TranscriptDetail } from '@web/features/transcripts/components/transcript-detail';

export function Component() {
  useDocumentTitle(TEXTS.transcripts.detailTitle);
  const { id = '' } = useParams();
  return (
    <AppShell>
      <TranscriptDetail key={id} id={id} />
    </AppShell>
  );
}
