/** Error texts the API sends. SPEC.md section 8 wording where it names one. */
export const MESSAGES = {
  notSignedIn: 'Not signed in.',
  foreignOrigin: 'Request refused: it came from another site.',
  notFound: 'Not found.',
  routeNotFound: 'No such API route.',
  bodyTooLarge: 'The request is too large.',
  internal: 'Something went wrong on our side. Please try again.',
  malformedJson: 'The request body is not valid JSON.',
} as const;
