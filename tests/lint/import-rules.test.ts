// The import rules of docs/design/architecture.md, checked through ESLint's own API: the rules
// must fail on the edges they forbid, or the lint passing proves nothing.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';
import noImportCycle from '../../lint/no-import-cycle.js';

const repo = join(import.meta.dirname, '..', '..');

/** Rule ids reported when `text` is linted as if it were the repository file `file`. */
async function projectLint(file: string, text: string): Promise<{ ruleId: string | null; message: string }[]> {
  const eslint = new ESLint({ cwd: repo });
  const [result] = await eslint.lintText(text, { filePath: join(repo, file) });
  return result!.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }));
}

describe('no import cycle', () => {
  it('fails on two files importing each other, a type-only import included', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'evalgate-cycle-'));
    try {
      await writeFile(join(dir, 'a.ts'), "import type { B } from './b.ts';\nexport type A = { b?: B };\n");
      await writeFile(join(dir, 'b.ts'), "import type { A } from './a.ts';\nexport type B = { a?: A };\n");
      await writeFile(join(dir, 'c.ts'), "import type { A } from './a.ts';\nexport type C = A;\n");
      const eslint = new ESLint({
        cwd: dir,
        overrideConfigFile: true,
        overrideConfig: [
          {
            files: ['**/*.ts'],
            languageOptions: { parser: (await import('typescript-eslint')).parser },
            plugins: { local: { rules: { 'no-import-cycle': noImportCycle } } },
            rules: { 'local/no-import-cycle': 'error' },
          },
        ],
      });
      const results = await eslint.lintFiles(['a.ts', 'b.ts', 'c.ts']);
      const byFile = Object.fromEntries(
        results.map((r) => [r.filePath.slice(dir.length + 1), r.messages.map((m) => m.message)]),
      );
      assert.equal(byFile['a.ts']!.length, 1);
      assert.match(byFile['a.ts']![0]!, /Import cycle: a\.ts → b\.ts → a\.ts/);
      assert.match(byFile['b.ts']![0]!, /Import cycle: b\.ts → a\.ts → b\.ts/);
      // c.ts imports a member of the cycle but is not on it.
      assert.deepEqual(byFile['c.ts'], []);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails the project lint when the types leaf imports back from a module that depends on it', async () => {
    const messages = await projectLint(
      'src/core/types.ts',
      "import type { ShardSpec } from './shard.ts';\nexport type Leaf = ShardSpec;\n",
    );
    const cycle = messages.filter((m) => m.ruleId === 'local/no-import-cycle');
    assert.equal(cycle.length, 1);
    assert.match(cycle[0]!.message, /src\/core\/types\.ts → src\/core\/shard\.ts → src\/core\/types\.ts/);
  });
});

describe('core purity as an allowlist', () => {
  const inCore = 'src/core/hash.ts';

  it('lets core import core, ports.ts and the listed pure libraries', async () => {
    const messages = await projectLint(
      inCore,
      [
        "import { z } from 'zod';",
        "import type { Clock } from '../ports.ts';",
        "import { configError } from './errors.ts';",
        "import { sha256 } from '@noble/hashes/sha2.js';",
        'export const used = [z, configError, sha256] as const;',
        'export type UsedClock = Clock;',
        '',
      ].join('\n'),
    );
    assert.deepEqual(
      messages.filter((m) => m.ruleId !== null && /restricted/.test(m.ruleId)),
      [],
    );
  });

  for (const [what, line] of [
    ['an adapter', "import { x } from '../adapters/fs-store.ts';"],
    ['the action', "import { x } from '../action/main.ts';"],
    ['the CLI, from a nested folder', "import { x } from '../../cli/main.ts';"],
    ['node I/O', "import { x } from 'node:fs';"],
    ['a library not on the list', "import { x } from 'openai';"],
    ['a library that looks like a listed one', "import { x } from 'zod-extra';"],
  ] as const) {
    it(`fails on core importing ${what}`, async () => {
      const file = what.includes('nested') ? 'src/core/stats/bootstrap.ts' : inCore;
      const messages = await projectLint(file, `${line}\nexport const used = x;\n`);
      assert.ok(
        messages.some((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'local/core-import-boundary'),
        `expected an import-rule error, got ${JSON.stringify(messages)}`,
      );
    });
  }
});
