/**
 * Jest: three projects (unit, infra, integration) with one setup: TypeScript through @swc/jest, and the
 * path aliases of tsconfig.json (`@contract/`, `@domain/`, `@web/`). A React hook's test (`.test.tsx`)
 * asks for a DOM with a `@jest-environment jsdom` docblock; the rest run in plain Node.
 */
const base = {
  "transform": {
    "^.+\\.(t|j)sx?$": [
      "@swc/jest",
      {
        "jsc": {
          "target": "es2022",
          "parser": {
            "syntax": "typescript",
            "tsx": true
          },
          "transform": {
            "react": {
              "runtime": "automatic"
            }
          }
        },
        "module": {
          "type": "commonjs"
        }
      }
    ]
  },
  "testEnvironment": "node",
  "transformIgnorePatterns": [
    "/node_modules/(?!(jose|llama-tokenizer-js)/)"
  ],
  "moduleNameMapper": {
    "^@contract$": "<rootDir>/functions/contract/index.ts",
    "^@contract/(.*)$": "<rootDir>/functions/contract/$1",
    "^@domain/(.*)$": "<rootDir>/functions/domain/$1",
    "^@web/(.*)$": "<rootDir>/web/src/$1",
    "\\.css$": "<rootDir>/test/style-stub.cjs"
  }
};

const project = (name, overrides = {}) => ({ ...base, displayName: name, testMatch: [`<rootDir>/test/${name}/**/*.test.ts?(x)`], ...overrides });

export default {
  projects: [
    project('unit'),
    project('infra'),
    project('integration', { testEnvironment: '<rootDir>/test/integration/native-arrays-environment.cjs' }),
  ],
  testTimeout: 60000,
};
