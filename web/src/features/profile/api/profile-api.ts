/** The profile's writes (SPEC.md section 7). Signed-in calls: a 401 is the shared session-expired rule. */
import { apiCall } from '@web/lib/api-client';

/** `PUT /api/profile` with the multipart form {name, country, gender, age}. */
export const updateProfile = (body: FormData) => apiCall('PUT /api/profile', { body });

/** `POST /api/delete-account` {password}: the password is checked again on the server. */
export const deleteAccount = (password: string) => apiCall('POST /api/delete-account', { body: { password } });
