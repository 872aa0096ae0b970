import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../components/document-title';
import { TEXTS } from '../../config/texts';
import { AppShell } from '../../features/dashboard/components/app-shell';
import { TranscriptDetail } from '../../features/transcripts/components/transcript-detail';

export function Component() {
  useDocumentTitle(TEXTS.transcripts.detailTitle);
  const { id = '' } = useParams();
  return (
    <AppShell>
      <TranscriptDetail key={id} id={id} />
    </AppShell>
  );
}
