// `evalgate init --kind K` for every kind: the starter validates as written, points its
// $schema at the schema the package ships, sets a floor on a metric the suite measures,
// and says how many cases the paired gate needs with the same power formula the report
// uses. The workflow it writes caches under the key the docs show.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { parse } from 'yaml';
import { createFsWorkspace } from '../../src/adapters/fs-store.ts';
import { powerOf } from '../../src/core/compare/index.ts';
import { parseConfig } from '../../src/core/config/load.ts';
import { validateWorkspace } from '../../src/core/engine.ts';
import { initKinds, starterFiles, WORKFLOW_OPENAI } from '../../src/core/init.ts';
import { kindNames } from '../../src/core/kinds/index.ts';
import { EXACT_COPY_STARTER } from '../../src/core/kinds/exact-copy/init.ts';
import { JUDGED_STARTER } from '../../src/core/kinds/judged/init.ts';
import { PROMPT_STARTER } from '../../src/core/kinds/prompt/init.ts';
import { ROUND_TRIP_STARTER } from '../../src/core/kinds/round-trip/init.ts';
import { sizingSentence, starterSizing } from '../../src/core/kinds/starter.ts';
import { ROOT } from '../helpers/cli.ts';

const scratch = await mkdtemp(join(tmpdir(), 'evalgate-init-kinds-'));
after(() => rm(scratch, { recursive: true, force: true }));

describe('evalgate init --kind', () => {
  it('offers every kind, and each starter validates with no warning, a floor and the shipped $schema', async () => {
    assert.deepEqual([...initKinds()].sort(), [...kindNames()].sort());
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
    for (const kind of initKinds()) {
      const dir = join(scratch, kind);
      for (const [path, text] of Object.entries(starterFiles(kind))) {
        await mkdir(dirname(join(dir, path)), { recursive: true });
        await writeFile(join(dir, path), text);
      }
      const text = await readFile(join(dir, 'evalgate.yml'), 'utf8');
      const { suites } = await validateWorkspace(parseConfig(text, 'evalgate.yml'), [], createFsWorkspace(dir));
      assert.equal(suites.length, 1, kind);
      assert.equal(suites[0]?.config.kind, kind);
      assert.deepEqual(suites[0]?.warnings, [], kind);
      assert.ok(Object.keys(suites[0]?.config.gate?.min ?? {}).length === 1, `${kind} sets a floor`);
      // The schema named in the first line is one the package ships, at the path npm installs it.
      const schema = /^# yaml-language-server: \$schema=\.\/node_modules\/evalgate\/(.+)$/m.exec(text)?.[1];
      assert.equal(schema, 'evalgate.schema.json', kind);
      assert.ok(pkg.files.includes(schema), `package.json files ships ${schema}`);
      assert.match(text, /How many (cases|tasks) the gate needs: if /, kind);
    }
  });

  it('states what the paired gate can see with the same formula as the report’s power sentence', () => {
    const binary = EXACT_COPY_STARTER;
    assert.match(
      sizingSentence(binary),
      /if 80% of cases pass and 12% change outcome between two versions .* these 12 cases let the paired gate see a drop of about 35% .* a 5% drop only from about 590 cases/,
    );
    for (const starter of [EXACT_COPY_STARTER, PROMPT_STARTER, JUDGED_STARTER, ROUND_TRIP_STARTER]) {
      const n = starter.units.count;
      // The report's figures for a bootstrap SE of relativeSd/√n on n units at the 5% gate.
      const report = powerOf(starter.spread.relativeSd / Math.sqrt(n), 0.95, 0.05, n, 'cases');
      const sizing = starterSizing(n, starter.spread);
      assert.ok(report !== null);
      assert.ok(Math.abs(report.mde - sizing.mde) < 1e-12);
      assert.equal(report.casesNeeded, sizing.needed);
    }
    assert.match(sizingSentence(ROUND_TRIP_STARTER), /these 5 tasks let the paired gate see a drop of about 21%/);
  });

  it('writes a workflow whose cache key is the one the docs show', async () => {
    const keyOf = (yaml: string): string[] =>
      [...yaml.matchAll(/- uses: actions\/cache@v\d+[\s\S]*?\bkey: (.+)\n\s*restore-keys: (.+)/g)].map((m) =>
        [m[1], m[2]].map((v) => (v ?? '').replace(/\s+#.*$/, '').replace(/\\\$/g, '$')).join(' | '),
      );
    const init = [...new Set(keyOf(WORKFLOW_OPENAI))];
    assert.equal(init.length, 1, 'both jobs of the init workflow share one cache key');
    assert.ok(parse(WORKFLOW_OPENAI));
    const docs = [
      'README.md',
      ...(await readdir(join(ROOT, 'docs'))).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
    ];
    let shown = 0;
    for (const file of docs) {
      for (const key of keyOf(await readFile(join(ROOT, file), 'utf8'))) {
        assert.equal(key, init[0], `${file} shows the cache key init writes`);
        shown++;
      }
    }
    assert.ok(shown > 0, 'the docs show the cache step');
  });
});
