/**
 * Which paths are static files of the built web app; every other page path is a route of the
 * single-page app and gets /index.html. One rule for CloudFront (its function's source is built from
 * these patterns) and the local gateway: Vite's hashed bundles under /assets/, the live engine's files
 * under /live/ (a missing one is a 404, not the app's page handed to the ONNX runtime) and top-level files
 * such as /favicon.svg. A page like /reset-password/<id>.<code> has a dot but is not a file.
 */
import { LIVE_ASSETS_ROOT } from '../functions/domain/live-assets';

export const STATIC_FILE_PATTERNS = [/^\/assets\//, new RegExp(`^/${LIVE_ASSETS_ROOT}/`), /^\/[^/]+\.[A-Za-z0-9]+$/] as const;

export const isStaticFilePath = (path: string): boolean => STATIC_FILE_PATTERNS.some((pattern) => pattern.test(path));
