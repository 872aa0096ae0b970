/**
 * Which paths are static files of the built web app; every other page path is a route of the
 * single-page app and gets /index.html. One rule for CloudFront (its function's source is built from
 * these patterns) and the local gateway: Vite's hashed bundles under /assets/ and top-level files
 * such as /favicon.svg. A page like /reset-password/<id>.<code> has a dot but is not a file.
 */
export const STATIC_FILE_PATTERNS = [/^\/assets\//, /^\/[^/]+\.[A-Za-z0-9]+$/] as const;

export const isStaticFilePath = (path: string): boolean => STATIC_FILE_PATTERNS.some((pattern) => pattern.test(path));
