import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { isUnauthorized } from '@web/lib/api-client';
import { paths } from '@web/config/paths';
import { clearSignedInState } from '@web/lib/session/get-session';
import { logout } from './auth-api';
import { logoutErrorMessage } from './errors';

/**
 * SPEC.md section 4: logout returns to signed out; local state is cleared even if the call fails
 * (the failure is still reported). A 401 means the session was already gone: nothing to report.
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
      navigate(paths.login, { replace: true });
    },
  });
}
