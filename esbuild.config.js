// Bundles the two entry points into self-contained ESM under dist/, so the action and
// `node dist/cli.js` run without node_modules. Deterministic: same source, same bytes.
//
// The CLI is split (esbuild's code splitting): dist/cli.js is the small entry, and what a
// command loads with import() — main.ts, the tokenizer for `plan`, the OpenAI SDK on the
// first model call — lives in chunks beside it (dist/cli-*.js), so `evalgate
// --version` loads a few lines and `validate` never parses the tokenizer. The chunks sit in
// dist/ itself because the sandbox finds its files next to the code that starts it.
// The action stays one file: it runs once per job, and its start is not on anyone's wait.
import { chmodSync, copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  legalComments: 'linked',
  logLevel: 'warning',
  // Some dependencies are CommonJS and call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __evalgateCreateRequire } from 'node:module';\nconst require = __evalgateCreateRequire(import.meta.url);",
  },
};

// Chunks of an earlier build would linger under other hashes: remove them first.
mkdirSync('dist', { recursive: true });
for (const file of readdirSync('dist')) if (/^cli-.*\.js$/.test(file)) rmSync(`dist/${file}`);
await build({
  ...common,
  entryPoints: { cli: 'src/cli/index.ts' },
  outdir: 'dist',
  splitting: true,
  chunkNames: 'cli-[name]-[hash]',
});
// The bin is committed executable (100755): npm and npx set that mode when they link it, so
// a bundle that wrote 0644 would show up as a change in a clone and fail CI's dist check.
chmodSync('dist/cli.js', 0o755);
await build({ ...common, entryPoints: ['src/action/index.ts'], outfile: 'dist/index.js' });

// The sandbox's runtime beside the bundles: the child script, the supervisor, the harness
// and the host driver, and Pyodide's runtime files with its licence (docs/design/sandbox.md, Packaging). Copied
// byte for byte, so a fresh bundle leaves dist/ unchanged.
mkdirSync('dist/pyodide', { recursive: true });
copyFileSync('src/adapters/sandbox/child.mjs', 'dist/sandbox-child.mjs');
copyFileSync('src/adapters/sandbox/harness.py', 'dist/sandbox-harness.py');
copyFileSync('src/adapters/sandbox/host-driver.py', 'dist/sandbox-host-driver.py');
copyFileSync('src/adapters/sandbox/supervisor.mjs', 'dist/sandbox-supervisor.mjs');
for (const file of [
  'pyodide.mjs',
  'pyodide.asm.mjs',
  'pyodide.asm.wasm',
  'python_stdlib.zip',
  'pyodide-lock.json',
  'package.json',
]) {
  copyFileSync(`node_modules/pyodide/${file}`, `dist/pyodide/${file}`);
}
