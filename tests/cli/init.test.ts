// `evalgate init` starts a repository without overwriting anything, and the shipped
// example workflow is the one init writes.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { WORKFLOW_OPENAI } from '../../src/core/init.ts';
import { ROOT, runCli } from '../helpers/cli.ts';

it('writes a valid starter project and never overwrites an existing file', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'evalgate-init-'));
  try {
    await writeFile(join(dir, 'evalgate.yml'), 'mine\n');
    const r = await runCli(['init'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /kept {5}evalgate\.yml \(exists; not overwritten\)/);
    assert.equal(await readFile(join(dir, 'evalgate.yml'), 'utf8'), 'mine\n');
    assert.match(await readFile(join(dir, '.github/workflows/evalgate.yml'), 'utf8'), /pull-requests: write/);
    await rm(join(dir, 'evalgate.yml'));
    const again = await runCli(['init'], { cwd: dir });
    assert.match(again.stdout, /created  evalgate\.yml/);
    const valid = await runCli(['validate'], { cwd: dir });
    assert.equal(valid.code, 0, valid.stderr);
    assert.match(valid.stdout, /copy-qa \(exact-copy\): 12 cases/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('ships examples/workflows/openai.yml as the workflow init writes', async () => {
  assert.equal(await readFile(join(ROOT, 'examples/workflows/openai.yml'), 'utf8'), WORKFLOW_OPENAI);
});
