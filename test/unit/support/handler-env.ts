/** The settings every API handler reads at start (functions/platform/config.ts), for unit tests that call a handler. */
export function setHandlerEnv(): void {
  process.env.TABLE_NAME = 'table';
  process.env.UPLOADS_BUCKET = 'bucket';
  process.env.USER_POOL_ID = 'pool';
  process.env.USER_POOL_CLIENT_ID = 'client';
  process.env.APP_ORIGINS = 'https://app.example.com';
}
