import type { FormEvent } from 'react';
import { toast } from 'react-toastify';
import { SIGNUP_TOAST } from '@web/config/toast';

/**
 * The submit of a sign-up step's form (sign up, verify): the form is checked first; a problem is said in the
 * sign-up toast and nothing is sent (docs/product.md#validation).
 */
export const submitChecked =
  (problem: () => string | undefined, send: () => void) =>
  (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const found = problem();
    if (found) toast.error(found, SIGNUP_TOAST);
    else send();
  };
