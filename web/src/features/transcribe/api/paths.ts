/** The API paths the Transcribe tab calls (SPEC.md section 7, and the direct upload of DESIGN.md section 5). */
export const transcribeApiPaths = {
  uploads: '/api/uploads',
  completeUpload: (uploadId: string) => `/api/uploads/${encodeURIComponent(uploadId)}/complete`,
  transcribe: '/api/transcribe',
  projects: '/api/projects',
  tags: '/api/tags',
} as const;
