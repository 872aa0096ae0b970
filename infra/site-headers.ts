/**
 * Headers every page of the site carries, in both deployments: CloudFront's response-headers policy
 * (infra/constructs/web.ts) and the local gateway (infra/local/gateway.ts).
 */

/** The browser features the site may use: the microphone (recording on the Transcribe tab), nothing else. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(self), geolocation=()';
