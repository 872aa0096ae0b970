import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { CreatedShareLink } from '@contract';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { CheckboxField, SelectField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { SHARING_TEXTS } from '../texts';
import { formatDateTime } from '@web/transcript/format';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '@web/transcript/api/transcript-changes';
import { attempt } from './transcript-actions';

const S = SHARING_TEXTS;
const DEFAULT_EXPIRY = '30';
const NEVER = 'never';

const EXPIRY_OPTIONS = S.expiries.map(([days, label]) => ({ value: days === null ? NEVER : String(days), label }));

/** The select's value as the API takes it: whole days, or null for a link that does not expire. */
const expiryDays = (value: string): number | null => (value === NEVER ? null : Number(value));

/** Share (issue 15): the dialog to make, copy and turn off read-only links (opened from the toolbar, issue 28). */
export function ShareDialog({ transcriptId, open, onClose }: { transcriptId: string; open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={S.dialogTitle} description={S.dialogDescription}>
      <SharePanel transcriptId={transcriptId} onClose={onClose} />
    </Modal>
  );
}

/**
 * The options (how long, with or without the recording), Create, the new link with Copy (shown only
 * now: the server keeps no copy of a token), and the links that work now, each with Turn off.
 */
function SharePanel({ transcriptId, onClose }: { transcriptId: string; onClose: () => void }) {
  const links = useShareLinks(transcriptId);
  const creating = useCreateShareLink(transcriptId);
  const revoking = useRevokeShareLink(transcriptId);
  const [expiry, setExpiry] = useState(DEFAULT_EXPIRY);
  const [audio, setAudio] = useState(false);
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const busy = creating.isPending;

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await attempt(() => creating.mutateAsync({ expires_in_days: expiryDays(expiry), include_audio: audio }), S.createFailed);
    if (!answer) return;
    setCreated(answer);
    // The new link is ready to copy: move there (the form's button is gone from focus's way).
    requestAnimationFrame(() => urlRef.current?.select());
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      toast.success(S.copied);
    } catch {
      urlRef.current?.select();
      toast.error(S.copyFailed);
    }
  };

  const revoke = async (linkId: string) => {
    const done = await attempt(() => revoking.mutateAsync(linkId), S.revokeFailed);
    if (!done) return;
    toast.success(S.revoked);
    if (created?.id === linkId) setCreated(null);
  };

  return (
    <>
      <form className="stack stack--gap-3 share-form" onSubmit={create}>
        <SelectField label={S.expiryLabel} options={EXPIRY_OPTIONS} value={expiry} onChange={(event) => setExpiry(event.target.value)} />
        <CheckboxField label={S.includeAudio} checked={audio} onChange={(event) => setAudio(event.target.checked)} />
        <Button type="submit" size="sm" busy={busy}>
          {busy ? S.creating : S.create}
        </Button>
      </form>
      {created && (
        <div className="stack stack--gap-2 share-new">
          <Alert tone="success">{S.created}</Alert>
          <label className="field__label" htmlFor="share-url">
            {S.newLinkLabel}
          </label>
          <div className="share-new__row">
            <input id="share-url" ref={urlRef} className="input" readOnly value={created.url} onFocus={(event) => event.target.select()} />
            <Button variant="primary" size="sm" onClick={() => void copy()}>
              {S.copy}
            </Button>
          </div>
        </div>
      )}
      <section aria-labelledby="share-live-title" className="share-links">
        <h3 id="share-live-title" className="card__subtitle">
          {S.liveTitle}
        </h3>
        {links.isError ? (
          <p className="field__error">{S.loadFailed}</p>
        ) : links.data?.length === 0 ? (
          <p className="note">{S.noLinks}</p>
        ) : (
          <ul className="list-stack">
            {(links.data ?? []).map((link) => {
              const made = formatDateTime(link.created_at) ?? link.created_at;
              return (
                <li key={link.id} className="share-links__item spread-row" data-testid="share-link">
                  <span>{S.linkSummary(made, link.expires_at ? (formatDateTime(link.expires_at) ?? link.expires_at) : null, link.include_audio)}</span>
                  <Button variant="danger" size="sm" aria-label={S.revokeLabel(made)} onClick={() => void revoke(link.id)}>
                    {S.revoke}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <div className="modal__actions">
        <Button variant="secondary" onClick={onClose}>
          {S.close}
        </Button>
      </div>
    </>
  );
}
