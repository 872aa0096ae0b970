/**
 * Lint (`npm run lint`, part of `npm test`): typescript-eslint's recommended rules and the import
 * boundaries of DESIGN.md section 3. The web imports only the API contract and the domain's pure modules
 * of the server code (never functions/lib, functions/data, engines or AWS SDK modules); nothing of the
 * server imports web/. typescript-eslint needs TypeScript 6 (`typescript` here); `npm run typecheck` uses
 * TypeScript 7 (`typescript-7`). The boundary rules need no type information, so no type-aware linting.
 */
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

/** Read from disk, so a new feature is covered without editing this file. */
const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url));

export default tseslint.config(
  { ignores: ['node_modules/', 'cdk.out/', 'web/dist/', '.local/', 'test-results/', 'playwright-report/', 'coverage/'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
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
            // Web features do not import each other: the app composes them; shared pieces live in components/ or lib/.
            ...FEATURES.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'A web feature does not import another feature: move the shared piece to web/src/components or web/src/lib.',
            })),
            {
              target: ['./web/src/components', './web/src/lib', './web/src/config'],
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
            // The contract's request schemas are zod: the web takes its types only, so zod stays out of the bundle.
            { regex: '(@contract|functions/contract)/routes$', allowTypeImports: true, message: 'Import the contract as types (import type); routes are called with apiCall.' },
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
            { regex: '/data/(db|entities)$', allowTypeImports: true, message: 'Reach the table through a module of functions/data/ (one per entity).' },
            { group: ['electrodb', '@aws-sdk/lib-dynamodb'], allowTypeImports: true, message: 'Table access lives in functions/data/.' },
          ],
        },
      ],
    },
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
