/** The profile's writes (docs/product.md#calls). Signed-in calls: a 401 is the shared session-expired rule. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf } from '@contract';
import { apiCall } from '@web/lib/api-client';
import { profileFormData, type ProfileFormValues } from '../form';
import { PROFILE_QUERY_KEY } from './get-profile';

/** `PUT /api/profile` with the multipart form {name, country, gender, age}. */
export const updateProfile = (body: FormData) => apiCall('PUT /api/profile', { body });

/** `POST /api/delete-account` {password}: the password is checked again on the server. */
export const deleteAccount = (password: string) => apiCall('POST /api/delete-account', { body: { password } });

/**
 * Saving the profile form: `onSaved` first (the form shows what was sent), then the profile is asked
 * for again (the server counts date-of-birth changes).
 */
export function useUpdateProfile(handlers: { onSaved: (answer: AnswerOf<'PUT /api/profile'>, sent: ProfileFormValues) => void; onError: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sent: ProfileFormValues) => updateProfile(profileFormData(sent)),
    onSuccess: async (answer, sent) => {
      handlers.onSaved(answer, sent);
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
    onError: handlers.onError,
  });
}
