import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { CardSection } from '@web/components/ui/card-section';
import { CheckboxField, PasswordField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { REDIRECT_AFTER_ACCOUNT_DELETION_MS } from '@web/config/constants';
import { COMMON_TEXTS } from '@web/config/texts';
import { paths } from '@web/config/paths';
import { PROFILE_TEXTS } from '../texts';
import { isUnauthorized } from '@web/lib/api-client';
import { useLater } from '@web/lib/use-later';
import { clearSignedInState, useSession } from '@web/lib/session/get-session';
import { deleteAccount } from '../api/profile-api';
import { deleteAccountErrorMessage, validateDeleteAccount } from '../form';

const T = PROFILE_TEXTS;

/** The 'Delete Account' part of the Profile tab: a button that opens the confirmation dialog. */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <CardSection title={T.deleteSection} className="card--danger profile__section">
      <p className="note profile__note">{T.deleteSectionText}</p>
      <div className="form__actions">
        <Button variant="danger" onClick={() => setOpen(true)}>
          {T.deleteAccount}
        </Button>
      </div>
      <Modal open={open} onClose={() => setOpen(false)} dismissible={!busy} title={T.deleteDialogTitle} description={T.deleteDialogText}>
        <DeleteAccountForm onCancel={() => setOpen(false)} onBusyChange={setBusy} />
      </Modal>
    </CardSection>
  );
}

/**
 * docs/product.md#states, #validation, #errors: the checkbox 'I understand and agree' and the password are both needed
 * ('Please agree and enter your password.'); on success 'Account deleted. Redirecting...' and /login
 * after 2 s; on failure the server's error or 'Failed to delete account.'. After a Google sign-in the
 * password is optional: the dialog says so and only the checkbox is required.
 */
function DeleteAccountForm({ onCancel, onBusyChange }: { onCancel: () => void; onBusyChange: (busy: boolean) => void }) {
  const [agreed, setAgreed] = useState(false);
  const [password, setPassword] = useState('');
  const [warning, setWarning] = useState<string | undefined>();
  const signInMethod = useSession().data?.sign_in_method;
  const viaGoogle = signInMethod === 'google';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const later = useLater();

  const mutation = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      later(() => {
        // The account and its session are gone: forget everything held for it, then /login.
        clearSignedInState(queryClient);
        navigate(paths.login, { replace: true });
      }, REDIRECT_AFTER_ACCOUNT_DELETION_MS);
    },
  });
  const busy = mutation.isPending || mutation.isSuccess;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateDeleteAccount({ agreed, password, signInMethod });
    setWarning(problem);
    if (problem) return;
    mutation.mutate(password);
  };

  let notice;
  if (mutation.isSuccess) notice = <Alert tone="success">{T.deleted}</Alert>;
  else if (warning) notice = <Alert tone="warning">{warning}</Alert>;
  // A 401 is the shared rule's (toast and /login).
  else if (mutation.isError && !isUnauthorized(mutation.error)) notice = <Alert tone="error">{deleteAccountErrorMessage(mutation.error)}</Alert>;

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {viaGoogle && <p className="note profile__note">{T.deleteGoogleNote}</p>}
      {signInMethod === 'google-stand-in' && <p className="note profile__note">{T.deleteStandInNote}</p>}
      <CheckboxField name="agree" label={T.deleteAgree} checked={agreed} disabled={busy} onChange={(e) => setAgreed(e.target.checked)} />
      <PasswordField
        label={viaGoogle ? T.deletePasswordOptional : T.deletePassword}
        name="password"
        autoComplete="current-password"
        disabled={busy}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {notice}
      <div className="modal__actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {COMMON_TEXTS.cancel}
        </Button>
        <Button type="submit" variant="danger" busy={mutation.isPending} disabled={mutation.isSuccess}>
          {T.deleteConfirm}
        </Button>
      </div>
    </form>
  );
}
