import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/modal';
import { TRANSCRIBE_TEXTS } from '../texts';

const T = TRANSCRIBE_TEXTS;

/**
 * docs/product.md#states: opening the tab with a stored processing id asks 'Resume last unfinished
 * transcription?'. A modal dialog rather than window.confirm: it is styled, announced and keeps focus
 * like the app's other dialogs. Escape is the same as declining, as with the browser's own confirm.
 */
export function ResumeDialog({ open, onResume, onDecline }: { open: boolean; onResume: () => void; onDecline: () => void }) {
  return (
    <Modal open={open} onClose={onDecline} title={TRANSCRIBE_TEXTS.resumePrompt} description={T.resumeText}>
      <div className="modal__actions">
        <Button onClick={onResume}>{T.resumeConfirm}</Button>
        <Button variant="secondary" onClick={onDecline}>
          {T.resumeDecline}
        </Button>
      </div>
    </Modal>
  );
}
