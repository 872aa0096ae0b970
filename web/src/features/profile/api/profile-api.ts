/** The profile's writes (SPEC.md section 7). Signed-in calls: a 401 is the shared session-expired rule. */
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../config/paths';

export interface MessageAnswer {
  message?: string;
}

/** `PUT /api/profile` with the multipart form {name, country, gender, age}. */
export const updateProfile = (form: FormData) => api.put<MessageAnswer>(apiPaths.profile, form);

/** `POST /api/delete-account` {password}: the password is checked again on the server. */
export const deleteAccount = (password: string) => api.post<MessageAnswer>(apiPaths.deleteAccount, { password });
