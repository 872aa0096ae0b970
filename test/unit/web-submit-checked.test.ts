/** A sign-up step's submit (sign up, verify): a problem is a toast and nothing is sent; a sound form is sent. */
import type { FormEvent } from 'react';
import { toast } from 'react-toastify';
import { SIGNUP_TOAST } from '../../web/src/config/toast';
import { submitChecked } from '../../web/src/features/auth/submit-checked';

jest.mock('react-toastify', () => ({ toast: { error: jest.fn() } }));

const submitEvent = () => ({ preventDefault: jest.fn() }) as unknown as FormEvent<HTMLFormElement>;

beforeEach(() => jest.mocked(toast.error).mockReset());

it('says the problem in the sign-up toast and sends nothing', () => {
  const send = jest.fn();
  const event = submitEvent();
  submitChecked(() => 'Passwords do not match.', send)(event);
  expect(event.preventDefault).toHaveBeenCalled();
  expect(toast.error).toHaveBeenCalledWith('Passwords do not match.', SIGNUP_TOAST);
  expect(send).not.toHaveBeenCalled();
});

it('sends a form without a problem, with no toast', () => {
  const send = jest.fn();
  submitChecked(() => undefined, send)(submitEvent());
  expect(send).toHaveBeenCalledTimes(1);
  expect(toast.error).not.toHaveBeenCalled();
});
