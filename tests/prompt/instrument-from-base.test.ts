// On a pull request what grades a prompt suite comes from the base: the python check and
// JSON Schema files are read through the instrument workspace (the base commit), so a PR
// that rewrites its check to `return True` is still graded by the base's check, while its
// dataset and templates are the PR's own.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createFsWorkspace } from '../../src/adapters/fs-store.ts';
import { parseConfig } from '../../src/core/config/load.ts';
import { contentSha256 } from '../../src/core/hash.ts';
import { loadSuite } from '../../src/core/suites.ts';
import { applyTrustedConfig } from '../../src/core/trust.ts';

const CONFIG = `version: 1
providers:
  fake:
    model: fake-model
suites:
  - name: s
    kind: prompt
    provider: fake
    dataset: data.jsonl
    templates:
      user: user.txt
    assert:
      - type: python
        file: checks/check.py
      - type: json-schema
        schema: checks/reply.schema.json
`;

describe('prompt suites on a pull request: the instrument is the base', () => {
  let root: string;
  const files = async (dir: string, entries: Record<string, string>): Promise<void> => {
    for (const [path, text] of Object.entries(entries)) {
      await mkdir(dirname(join(root, dir, path)), { recursive: true });
      await writeFile(join(root, dir, path), text);
    }
  };
  const BASE_CHECK = 'def check(output, vars):\n    return output == vars["expected"]\n';
  const BASE_SCHEMA = '{"type": "object", "required": ["answer"]}';

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'evalgate-prompt-trust-'));
    await files('base', {
      'data.jsonl': '{"id": "1", "q": "one", "expected": "1"}\n',
      'user.txt': 'Say {q} as a digit.',
      'checks/check.py': BASE_CHECK,
      'checks/reply.schema.json': BASE_SCHEMA,
    });
    await files('head', {
      'data.jsonl': '{"id": "1", "q": "one", "expected": "1"}\n{"id": "2", "q": "two", "expected": "2"}\n',
      'user.txt': 'Reply with the digit for {q}.',
      'checks/check.py': 'def check(output, vars):\n    return True\n',
      'checks/reply.schema.json': '{}',
    });
  });
  after(() => rm(root, { recursive: true, force: true }));

  it('reads checks and schemas from the base and the dataset and templates from the PR', async () => {
    const loaded = parseConfig(CONFIG, 'evalgate.yml');
    const head = createFsWorkspace(join(root, 'head'));
    const base = createFsWorkspace(join(root, 'base'));
    const suite = await loadSuite(loaded, 0, head, { instrument: base });
    assert.equal(suite.cases.length, 2, "the PR's dataset");
    const prepared = suite.prepare(() => ({
      label: 'unused',
      complete: () => Promise.reject(new Error('not called')),
    }));
    const assertions = prepared.instrument.settings['assertions'] as { file: { sha256: string } }[];
    const enc = new TextEncoder();
    assert.equal(assertions[0]?.file.sha256, contentSha256(enc.encode(BASE_CHECK)), "the base's check");
    assert.equal(assertions[1]?.file.sha256, contentSha256(enc.encode(BASE_SCHEMA)), "the base's schema");
    assert.equal(prepared.tested.templates['user']?.sha256, contentSha256(enc.encode('Reply with the digit for {q}.')));

    // Without a separate instrument (a push, or the CLI on one checkout) the PR's files are used.
    const local = (await loadSuite(loaded, 0, head)).prepare(() => ({
      label: 'unused',
      complete: () => Promise.reject(new Error('not called')),
    }));
    assert.notEqual(local.instrument.hash, prepared.instrument.hash);
  });

  it("keeps the base's assert list when a PR loosens it, and says so", () => {
    const base = parseConfig(CONFIG, 'evalgate.yml');
    const loosened = CONFIG.replace(/      - type: python\n        file: checks\/check.py\n/, '');
    const head = parseConfig(loosened, 'evalgate.yml');
    const decision = applyTrustedConfig(head, base);
    const suite = decision.loaded.config.suites[0] as unknown as { assert: { type: string }[] };
    assert.deepEqual(
      suite.assert.map((a) => a.type),
      ['python', 'json-schema'],
    );
    assert.ok(decision.changes.some((c) => c.kind === 'instrument' && c.path === 'suites.s.assert'));
  });
});
