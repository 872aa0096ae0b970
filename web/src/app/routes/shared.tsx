import { useParams } from 'react-router-dom';
import { useDocumentTitle, useNoIndex } from '@web/components/document-title';
import { SHARING_TEXTS } from '@web/features/transcripts/texts';
import { SharedTranscript } from '@web/features/transcripts/components/shared-transcript';

/** Issue 15: `/s/{token}`, a read-only link's page; open to anyone with the link, never indexed. */
export function Component() {
  useDocumentTitle(SHARING_TEXTS.pageTitle);
  useNoIndex();
  const { token = '' } = useParams();
  return <SharedTranscript key={token} token={token} />;
}
