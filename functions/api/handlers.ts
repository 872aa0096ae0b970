/** Domain → Lambda handler, for the local gateway (CDK bundles each `functions/api/<domain>.ts` on its own). */
import type { Domain } from '../contract';
import type { ApiEvent, ApiResult } from '../http/http';
import { handler as accounts } from './accounts';
import { handler as google } from './google';
import { handler as live } from './live';
import { handler as profile } from './profile';
import { handler as projects } from './projects';
import { handler as session } from './session';
import { handler as support } from './support';
import { handler as tags } from './tags';
import { handler as transcripts } from './transcripts';
import { handler as translation } from './translation';

export const DOMAIN_HANDLERS: Record<Domain, (event: ApiEvent) => Promise<ApiResult>> = {
  session,
  accounts,
  profile,
  transcripts,
  projects,
  tags,
  translation,
  google,
  support,
  live,
};
