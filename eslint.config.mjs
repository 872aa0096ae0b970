/**
 * Lint (`npm run lint`, part of `npm test`): typescript-eslint's recommended rules and the import
 * boundaries of docs/architecture.md#http-contract. The web imports only the API contract and the domain's pure modules
 * of the server code (never services, data, engines or AWS SDK modules); nothing of the server imports web/.
 * The server's folders are layers that import only downward (SERVER_LAYERS), and no module imports itself
 * through others (import-x/no-cycle; test/unit/layers.test.ts plants both and checks lint refuses them).
 * typescript-eslint needs TypeScript 6 (`typescript` here); `npm run typecheck` uses TypeScript 7
 * (`typescript-7`). The boundary rules need no type information, so no type-aware linting.
 */
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

/**
 * The server's layers, lowest first, with what each may import besides itself. The entry points above them
 * (api/, workflow/, media/, triggers/) may import any layer. aws-calls.ts (the AWS calls each function may
 * make, read by platform/aws-clients.ts) is a manifest of constants. Services take values and refuse with
 * their own ServiceError, so they import nothing of http/; api/ reaches the table and storage only through services,
 * and workflow/ the transcript only through services/transcripts/jobs.ts.
 */
const SERVER_LAYERS = [
  { layer: 'domain', below: [] },
  { layer: 'contract', below: ['domain'] },
  { layer: 'platform', below: ['domain', 'aws-calls.ts'] },
  { layer: 'data', below: ['domain', 'platform'] },
  { layer: 'storage', below: ['domain', 'platform', 'data'] },
  { layer: 'engines', below: ['domain', 'platform', 'storage'] },
  { layer: 'services', below: ['domain', 'contract', 'platform', 'data', 'storage', 'engines'] },
  { layer: 'http', below: ['domain', 'contract', 'platform', 'services'] },
];

/** Read from disk, so a new feature is covered without editing this file. */
const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url));

export default tseslint.config(
  { ignores: ['node_modules/', 'cdk.out/', 'web/dist/', '.local/', 'test-results/', 'playwright-report/', 'coverage/'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // Which files import-x reads for their imports (no-cycle follows them): TypeScript too, not only JavaScript.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
    rules: {
      // A variable that closures read before its one assignment stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './web', from: './functions', except: ['./contract', './domain'], message: 'web/ imports only the API contract and the domain of the server code.' },
            { target: './functions', from: './web', message: 'Nothing of the server imports web/.' },
            { target: './infra', from: './web/src', message: 'Infrastructure does not import the web app.' },
            // Web features do not import each other: the app composes them; shared pieces live in components/, lib/ or transcript/.
            ...FEATURES.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'A web feature does not import another feature: move the shared piece to web/src/components, web/src/lib or web/src/transcript.',
            })),
            // The server's layers (README's folder map): entry points (api/, workflow/, media/, triggers/) → http/ →
            // services/ → (storage/, engines/) → data/ → platform/ → (domain/, contract/). Nothing imports upward.
            ...SERVER_LAYERS.map(({ layer, below }) => ({
              target: `./functions/${layer}`,
              from: './functions',
              except: [`./${layer}`, ...below.map((name) => `./${name}`)],
              message: `functions/${layer}/ imports only ${below.map((name) => `${name}/`).join(', ') || 'itself'}: move the piece down, or the caller up.`,
            })),
            {
              // The API's handlers are adapters from routes to services (issue 26 point 2): one owner per aggregate.
              target: './functions/api',
              from: ['./functions/data', './functions/storage'],
              message: 'api/ calls services (services/transcripts, services/accounts ...), never the table or storage itself.',
            },
            {
              // The workflow too reaches a transcript only through its service, by the door made for jobs: the
              // service's index would bring the whole service (the downloads' docx writer too) into its bundle.
              target: './functions/workflow',
              from: ['./functions/data/transcripts.ts', './functions/storage/search-store.ts'],
              message: 'The workflow reaches the transcript through services/transcripts/jobs.ts.',
            },
            { target: './functions/workflow', from: './functions/services/transcripts', except: ['./jobs.ts'], message: 'The workflow reaches the transcript through services/transcripts/jobs.ts.' },
            { target: './web/src/features', from: './web/src/app', message: 'A web feature does not import the app shell: the app composes the features.' },
            {
              target: ['./web/src/components', './web/src/lib', './web/src/config', './web/src/transcript'],
              from: ['./web/src/features', './web/src/app'],
              message: 'Shared web code does not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./){2,}', message: 'Use the path aliases (@web/, @contract/, @domain/) instead of climbing directories.' },
            { group: ['@aws-sdk/*', 'electrodb'], message: 'The web app reaches AWS only through the API.' },
            // The contract's schemas are zod: the web takes its types only (its path helpers, zod-free, from @contract/path), so zod stays out of the bundle.
            { regex: '(@contract|functions/contract)(/(?!path$)[\\w-]+)?$', allowTypeImports: true, message: "Import the contract as types (import type … from '@contract'); routes are called with apiCall." },
          ],
        },
      ],
      // Long components are split into smaller components and hooks (issue 11): none over 120 lines.
      'max-lines-per-function': ['error', { max: 120 }],
    },
  },
  {
    // One data layer: every read and write of the table goes through a module of functions/data/.
    files: ['functions/**'],
    ignores: ['functions/data/**', 'functions/platform/aws-clients.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '/data/(db|entities)(/|$)', allowTypeImports: true, message: 'Reach the table through a module of functions/data/ (one per entity).' },
            { group: ['electrodb', '@aws-sdk/lib-dynamodb'], allowTypeImports: true, message: 'Table access lives in functions/data/.' },
          ],
        },
      ],
    },
  },
  {
    // The transcript's body is the transcript service's (services/transcripts/jobs.ts stores it); the workflow
    // still writes and reads the speech engine's own files in storage.
    files: ['functions/workflow/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '../storage/media-store', importNames: ['bodyKey'], message: 'The workflow stores the body through services/transcripts/jobs.ts.' }] }],
    },
  },
  {
    // No import circles (issue 26). import-x/no-cycle does not follow type-only imports: test/unit/layers.test.ts
    // checks functions/ for those.
    files: ['**/*.ts', '**/*.tsx'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Local adapters are required lazily, only in local mode, so the AWS path never loads their tools.
    files: ['functions/engines/wiring.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // CloudFormation templates are untyped JSON.
    files: ['test/infra/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Node scripts (setup, servers started as child processes).
    files: ['**/*.cjs', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', require: 'readonly', module: 'writable', __dirname: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
