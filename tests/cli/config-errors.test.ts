// Bad configuration and input exit 2 with a message naming the file, line and key.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { exampleWorkspace, runCli } from '../helpers/cli.ts';

describe('configuration errors (exit 2)', () => {
  let ws: Awaited<ReturnType<typeof exampleWorkspace>>;
  let original: string;
  const env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' };
  before(async () => {
    ws = await exampleWorkspace();
    original = await readFile(join(ws.dir, 'evalgate.yml'), 'utf8');
  });
  after(async () => ws.cleanup());

  const withConfig = async (
    edit: (text: string) => string,
    args: string[] = ['validate'],
  ): Promise<{ code: number | null; stderr: string; stdout: string }> => {
    await ws.write('bad.yml', edit(original));
    return runCli([...args, '--config', 'bad.yml'], { cwd: ws.dir, env });
  };
  const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

  it('accepts the example configuration', async () => {
    const r = await runCli(['validate'], { cwd: ws.dir, env });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /copy-qa-natural \(exact-copy\): 52 cases/);
  });

  it('names a misspelt key with its line and suggests the right one', async () => {
    const edited = original.replace(
      '    dataset: eval-datasets/exact-copy/natural.jsonl',
      '    datset: eval-datasets/exact-copy/natural.jsonl',
    );
    const r = await withConfig(() => edited);
    assert.equal(r.code, 2);
    const line = lineOf(edited, 'datset:');
    assert.match(
      r.stderr,
      new RegExp(`bad\\.yml:${line} suites\\[0\\]\\.datset: unknown key; did you mean "dataset"\\?`),
    );
  });

  it('names a wrong kind and lists the valid ones', async () => {
    const edited = original.replace('kind: exact-copy', 'kind: judge');
    const r = await withConfig(() => edited);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      new RegExp(
        `bad\\.yml:${lineOf(edited, 'kind: judge')} suites\\[0\\]\\.kind: expected one of exact-copy, judged, round-trip, prompt, got "judge"`,
      ),
    );
  });

  it('rejects a template placeholder the suite kind does not provide, naming template line and config key', async () => {
    await ws.write('prompts/copy/bad-user.txt', 'Context:\n{context}\nAnswer in {languag}.');
    const edited = original.replace('user: prompts/copy/qa-user.txt', 'user: prompts/copy/bad-user.txt');
    const r = await withConfig(() => edited);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      new RegExp(
        `bad\\.yml:${lineOf(edited, 'bad-user.txt')} suites\\[0\\]\\.templates\\.user: template prompts/copy/bad-user\\.txt:3 uses the placeholder \\{languag\\}`,
      ),
    );
    assert.match(r.stderr, /available: \{context\} \{question\}/);
  });

  it('names a missing dataset file', async () => {
    const edited = original.replace('natural.jsonl', 'missing.jsonl');
    const r = await withConfig(() => edited);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      new RegExp(
        `bad\\.yml:${lineOf(edited, 'missing.jsonl')} suites\\[0\\]\\.dataset: dataset file "eval-datasets/exact-copy/missing\\.jsonl" does not exist`,
      ),
    );
  });

  it('reports configuration errors from `run` before calling any model', async () => {
    const r = await withConfig((t) => t.replace('kind: exact-copy', 'kind: judge'), ['run']);
    assert.equal(r.code, 2);
    assert.doesNotMatch(r.stderr, /connection/);
  });

  it('names a malformed dataset line', async () => {
    await ws.write(
      'eval-datasets/exact-copy/broken.jsonl',
      '{"question":"q","context":"a\\nb\\nc","expected":"b"}\n{"question": "q", "context": \n',
    );
    const r = await withConfig((t) => t.replace('natural.jsonl', 'broken.jsonl'));
    assert.equal(r.code, 2);
    assert.match(r.stderr, /eval-datasets\/exact-copy\/broken\.jsonl:2: not valid JSON/);
  });

  it('names a case whose expected line is not in its context', async () => {
    await ws.write(
      'eval-datasets/exact-copy/wrong.jsonl',
      '{"id":"x1","question":"q","context":"a\\nb\\nc","expected":"z"}\n',
    );
    const r = await withConfig((t) => t.replace('natural.jsonl', 'wrong.jsonl'));
    assert.equal(r.code, 2);
    assert.match(r.stderr, /wrong\.jsonl:1: line 1: "expected" is not part of "context"/);
  });

  it('names YAML syntax errors with their line', async () => {
    const r = await withConfig((t) => t.replace('providers:', 'providers: [oops'));
    assert.equal(r.code, 2);
    assert.match(r.stderr, /bad\.yml:\d+: YAML syntax/);
  });

  it('rejects an unknown provider reference and duplicate suite names', async () => {
    const r = await withConfig((t) =>
      t
        .replace(
          'provider: target\n    dataset: eval-datasets/exact-copy/random',
          'provider: nobody\n    dataset: eval-datasets/exact-copy/random',
        )
        .replace('name: copy-simple-random', 'name: copy-qa-natural'),
    );
    assert.equal(r.code, 2);
    assert.match(r.stderr, /suites\[1\]\.name: suite name "copy-qa-natural" is used twice/);
    assert.match(r.stderr, /suites\[1\]\.provider: unknown provider "nobody"; defined providers: target/);
  });

  it('says plainly that a missing config file is missing, and how to start one', async () => {
    const r = await runCli(['run', '--config', 'sub/nope.yml'], { cwd: ws.dir, env });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /sub\/nope\.yml does not exist\. Run "evalgate init --dir sub" to write a starter config/);
    assert.match(r.stderr, /--kind exact-copy, judged, round-trip, prompt\), or pass --config FILE/);
  });

  it('rejects unknown commands and flags with the usage', async () => {
    const r = await runCli(['runn'], { cwd: ws.dir, env });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /unknown command "runn"/);
    const f = await runCli(['run', '--suites', 'x'], { cwd: ws.dir, env });
    assert.equal(f.code, 2);
    assert.match(f.stderr, /--suites/);
  });
});
