/**
 * The API contract, one import for the server, the tests and the web: the routes (./routes.ts) and, per
 * area, the answers' schemas and view types. The web imports it as types only (`import type … from
 * '@contract'`), so zod stays out of its bundle; the two path helpers it runs come from '@contract/path'.
 */
export * from './common';
export * from './routes';
export * from './path';
export * from './accounts';
export * from './transcripts';
export * from './sharing';
export * from './projects';
export * from './tags';
export * from './translation';
export * from './support';
export * from './ask';
export * from './live';
