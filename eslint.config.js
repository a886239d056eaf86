// Lint: typed rules (no floating promises) everywhere, and the import rules of
// docs/design/architecture.md: the core is pure (it may import only core/, ports.ts and the
// pure libraries listed below), adapters never touch @actions/*, only action/ does, and no
// module of src/ sits on an import cycle.
import tseslint from 'typescript-eslint';
import coreImportBoundary from './lint/core-import-boundary.js';
import noImportCycle from './lint/no-import-cycle.js';

// The npm packages core/ may import: pure computation, no I/O. Adding one here is a design
// decision (docs/design/architecture.md), not a lint fix.
const corePureLibraries = [
  'zod',
  'yaml',
  'csv-parse/sync',
  'simple-statistics',
  'gpt-tokenizer',
  'gpt-tokenizer/*',
  '@noble/hashes/*',
  // JSON Schema validation for prompt suites' json-schema assertions (compiles schemas; no I/O).
  'ajv',
  'ajv/*',
  // Unicode's confusables table (TR39) as data, for the judge-manipulation scan: a maintained
  // mapping of ~6,300 look-alike characters, where a hand list would cover a few dozen.
  'unhomoglyph/data.json',
];

const nodeIo = [
  'node:*',
  'fs',
  'fs/*',
  'child_process',
  'http',
  'https',
  'net',
  'os',
  'path',
  'process',
  'crypto',
  'worker_threads',
];

/** The project's own rules (lint/). */
const local = { rules: { 'no-import-cycle': noImportCycle, 'core-import-boundary': coreImportBoundary } };

/** `@noble/hashes/*` → a regex source matching that package and anything under it. */
function escapeLibrary(name) {
  return name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\/\*$/, '/.+');
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'evalgate-out/**', 'demo-out/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // node:test's describe/it return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'],
            },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Cycles: a module on a cycle cannot be understood, tested or moved on its own. Type-only
    // imports count too (import-x/no-cycle skips them), hence our own rule in lint/.
    files: ['src/**/*.ts'],
    plugins: { local },
    rules: { 'local/no-import-cycle': 'error' },
  },
  {
    // Core purity as an allowlist: whatever core/ imports must be core/ itself, ports.ts or one
    // of corePureLibraries. A new edge fails here until someone decides it belongs.
    files: ['src/core/**/*.ts'],
    plugins: { local },
    rules: {
      'local/core-import-boundary': ['error', { core: 'src/core', allowed: ['src/ports.ts'] }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeIo, message: 'core/ is pure: I/O comes in through a port (src/ports.ts).' },
            {
              regex: `^(?!\\.{1,2}/|(${corePureLibraries.map(escapeLibrary).join('|')})$)`,
              message:
                'core/ may import only core/, ports.ts and the pure libraries of corePureLibraries in eslint.config.js.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'core/ may not read the environment or the process: pass values in.' },
        { name: 'fetch', message: 'core/ does no I/O: use a port.' },
        { name: 'performance', message: 'core/ takes time from the Clock port.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'core/ takes time from the Clock port.' },
        { object: 'Math', property: 'random', message: 'core/ uses the seeded generator in stats/random.ts.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date']", message: 'core/ takes time from the Clock port.' },
      ],
    },
  },
  {
    files: ['src/adapters/**/*.ts', 'src/cli/**/*.ts', 'src/ports.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@actions/*'], message: 'Only src/action/ talks to GitHub.' }] },
      ],
    },
  },
  {
    // The runner's log takes workflow commands from text: every line goes through
    // src/action/log.ts, which makes text a pull request or a model wrote inert.
    files: ['src/action/**/*.ts'],
    ignores: ['src/action/log.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['info', 'warning', 'error', 'notice', 'setFailed', 'debug'].map((property) => ({
          object: 'core',
          property,
          message: 'Log through src/action/log.ts, which makes every line inert (no workflow command from text).',
        })),
      ],
    },
  },
);
