// Lint: typed rules (no floating promises) everywhere, and the import rules of
// ARCHITECTURE.md: the core is pure, adapters never touch @actions/*, only action/ does.
import tseslint from 'typescript-eslint';

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
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeIo, message: 'core/ is pure: I/O comes in through a port (src/ports.ts).' },
            {
              group: ['@actions/*', 'openai', '../adapters/*', '../../adapters/*', '../action/*', '../cli/*'],
              message: 'core/ may import only core/, ports.ts types and pure libraries.',
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
);
