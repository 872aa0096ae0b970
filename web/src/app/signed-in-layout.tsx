import { Outlet } from 'react-router-dom';
import { UploadQueueProvider } from '@web/features/transcribe/components/upload-queue-provider';

/** What the signed-in pages share for as long as the person stays signed in: the queue of files being sent (issue 15, point 2). */
export function SignedInLayout() {
  return (
    <UploadQueueProvider>
      <Outlet />
    </UploadQueueProvider>
  );
}
