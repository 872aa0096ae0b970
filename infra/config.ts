/**
 * Deploy-time configuration of the AWS stack, validated once before any construct is built.
 * Each key comes from CDK context (`cdk deploy -c domainName=app.example.com`, or `context` in cdk.json)
 * or else from the environment variable `DEPLOY_<KEY_IN_UPPER_SNAKE_CASE>` (`DEPLOY_DOMAIN_NAME=...`).
 * docs/operations.md ("Configuration") documents every key.
 */
import { z } from 'zod';

/** Unset, empty and whitespace-only values all mean "not configured". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

/** A list from a cdk.json array or from a comma-separated string (`-c` and environment variables). */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').map((part) => part.trim()).filter(Boolean) : value),
    z.array(item).default([]),
  );

const flag = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const normalized = value.trim().toLowerCase();
  return normalized === 'true' ? true : normalized === 'false' ? false : value;
}, z.boolean());

const hostname = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const DeployConfigSchema = z
  .object({
    stackName: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9-]{0,63}$/, 'must start with a letter and hold only letters, digits and hyphens')
      .default('TranscribeApp'),
    domainName: optional(z.string().toLowerCase().regex(hostname, 'must be a host name such as app.example.com')),
    certificateArn: optional(
      z
        .string()
        .regex(/^arn:aws:acm:us-east-1:\d{12}:certificate\/[\w-]+$/, 'must be an ACM certificate ARN in us-east-1 (CloudFront reads certificates only there)'),
    ),
    googleClientId: optional(z.string().regex(/\.apps\.googleusercontent\.com$/, 'must be a Google OAuth client id (….apps.googleusercontent.com)')),
    googleClientSecretArn: optional(
      z.string().regex(/^arn:aws:secretsmanager:[a-z0-9-]+:\d{12}:secret:.+$/, 'must be a Secrets Manager secret ARN'),
    ),
    authDomainPrefix: optional(
      z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'must be lower-case letters, digits and hyphens'),
    ),
    bedrockModelId: z.string().min(1).default('global.anthropic.claude-haiku-4-5-20251001-v1:0'),
    allowedOrigins: list(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin)),
    retainData: flag.default(true),
    /** Mail through Amazon SES from this verified address (default: Cognito's own sender, 50 mails a day). */
    sesFromEmail: optional(z.email('must be an e-mail address verified in Amazon SES')),
    /** The domain verified in SES when the sender's address itself is not (its mails then go out as the domain's identity). */
    sesVerifiedDomain: optional(z.string().regex(/^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/, 'must be a domain name such as example.org')),
    /** The SES region of that identity (default: the stack's region). */
    sesRegion: optional(z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as eu-west-1')),
    /** Who the alarm topic mails (alarms and the budget's notices); unset: no subscriber. */
    alarmEmail: optional(z.email('must be an e-mail address')),
    /** A monthly AWS Budgets cost alarm for the account, in US dollars, to the alarm topic; 0: none. */
    budgetMonthlyUsd: z.coerce.number().min(0, 'must be 0 (no budget) or an amount in US dollars').default(100),
    /** Who else gets the budget's e-mails (finance), besides the alarm topic. */
    budgetEmail: optional(z.email('must be an e-mail address')),
    /** Requests per 10 s per signed-in user, and per client address without a session (issue 16); unset: the functions' defaults (200, 300); 0: off. */
    requestLimitPerUser: optional(z.coerce.number().int('must be a whole number').min(0, 'must be 0 (off) or more')),
    /** Speech jobs one user may have running at once (issue 16); unset: the functions' default (2). */
    jobsPerUser: optional(z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(100, 'must be 100 or less')),
    /** Transcriptions running at once in the deployment, the rest waiting in line (issue 31); unset: the functions' default (200, below Transcribe's quota of 250). */
    transcribeConcurrency: optional(z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(10_000, 'must be 10000 or less')),
    requestLimitPerAddress: optional(z.coerce.number().int('must be a whole number').min(0, 'must be 0 (off) or more')),
    /** Sign-ups one client address may make an hour (issue 25: each mails a code or a notice); unset: the functions' default (10); 0: off. */
    signupLimitPerAddress: optional(z.coerce.number().int('must be a whole number').min(0, 'must be 0 (off) or more')),
    /** Questions one user may ask the model per day, UTC (issue 30); unset: the functions' default (100); 0: off. */
    askLimitPerDay: optional(z.coerce.number().int('must be a whole number').min(0, 'must be 0 (off) or more')),
    /** Audio seconds a user may transcribe per calendar month (UTC), reserved when a job starts; unset: no quota. */
    monthlyAudioQuotaSeconds: optional(z.coerce.number().int('must be a whole number').positive('must be 1 or more')),
    /**
     * Raise by one to replace the origin secret (docs/operations.md, "Only through the site"): a new secret, and
     * CloudFront and every function take it in the same deployment.
     */
    originSecretGeneration: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').default(1),
    /** CloudFront edges: 100 (North America, Europe), 200 (and Asia, Middle East, Africa) or All. */
    priceClass: z.enum(['100', '200', 'All']).default('100'),
  })
  .superRefine((config, ctx) => {
    if (Boolean(config.domainName) !== Boolean(config.certificateArn)) {
      ctx.addIssue({ code: 'custom', path: ['certificateArn'], message: 'domainName and certificateArn go together: set both or neither' });
    }
    if (Boolean(config.googleClientId) !== Boolean(config.googleClientSecretArn)) {
      ctx.addIssue({ code: 'custom', path: ['googleClientSecretArn'], message: 'googleClientId and googleClientSecretArn go together: set both or neither' });
    }
    if (config.budgetEmail && !config.budgetMonthlyUsd) {
      ctx.addIssue({ code: 'custom', path: ['budgetEmail'], message: 'budgetEmail is only used with a budget (budgetMonthlyUsd above 0)' });
    }
    if (config.sesRegion && !config.sesFromEmail) {
      ctx.addIssue({ code: 'custom', path: ['sesRegion'], message: 'sesRegion is only used with sesFromEmail' });
    }
    if (config.sesVerifiedDomain && !config.sesFromEmail?.toLowerCase().endsWith(`@${config.sesVerifiedDomain}`)) {
      ctx.addIssue({ code: 'custom', path: ['sesVerifiedDomain'], message: "sesVerifiedDomain is the domain of sesFromEmail's address: set both" });
    }
    if (config.authDomainPrefix && !config.googleClientId) {
      ctx.addIssue({ code: 'custom', path: ['authDomainPrefix'], message: 'authDomainPrefix is only used with Google sign-in (googleClientId)' });
    }
  });

export type DeployConfig = z.infer<typeof DeployConfigSchema>;
export type DeployConfigKey = keyof z.input<typeof DeployConfigSchema>;

const KEYS = Object.keys(DeployConfigSchema.shape) as DeployConfigKey[];

export const envVarName = (key: DeployConfigKey): string => `DEPLOY_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/**
 * Reads every key from `context` (CDK context lookup) or the environment, and validates the whole.
 * Throws one error naming every invalid key and where to set it.
 */
export function loadDeployConfig(
  context: (key: string) => unknown,
  env: Record<string, string | undefined> = process.env,
): DeployConfig {
  const raw = Object.fromEntries(KEYS.map((key) => [key, context(key) ?? env[envVarName(key)]]));
  const parsed = DeployConfigSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    const where = (KEYS as string[]).includes(key) ? ` (context "${key}" or ${envVarName(key as DeployConfigKey)})` : '';
    return `  - ${key || 'config'}: ${issue.message}${where}`;
  });
  throw new Error(`Invalid deploy configuration:\n${lines.join('\n')}\nSee "Configuration" in docs/operations.md (operator guide).`);
}
