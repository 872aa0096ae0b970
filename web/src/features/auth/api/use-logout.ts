import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { isUnauthorized } from '@web/lib/api-client';
import { paths } from '@web/config/paths';
import { clearSignedInState } from '@web/lib/session/get-session';
import { forgetReturnPath } from '@web/lib/session/return-path';
import { logout } from './auth-api';
import { logoutErrorMessage } from './errors';

/**
 * docs/product.md#states: logout returns to signed out; local state is cleared even if the call fails
 * (the failure is still reported), and so is a page remembered for a login in this tab (the next person at
 * this browser is not sent to it). A 401 means the session was already gone: nothing to report.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onError: (error) => {
      if (!isUnauthorized(error)) toast.error(logoutErrorMessage(error));
    },
    onSettled: () => {
      clearSignedInState(queryClient);
      forgetReturnPath();
      navigate(paths.login, { replace: true });
    },
  });
}
