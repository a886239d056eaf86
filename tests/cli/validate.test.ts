// `evalgate validate` catches what would make a run meaningless or impossible before any
// model is called: a template without the case's text, an unknown {name}, a base-url
// that is not http(s), a sandbox the running Node cannot provide. Each names file and line.
import assert from 'node:assert/strict';
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { execFileSync, spawn } from 'node:child_process';
import { parseConfig } from '../../src/core/config/load.ts';
import { runtimeProblems } from '../../src/core/suites.ts';
import { exampleWorkspace, ROOT, runCli } from '../helpers/cli.ts';

describe('evalgate validate', () => {
  let ws: Awaited<ReturnType<typeof exampleWorkspace>>;
  let original: string;
  const env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' };
  before(async () => {
    ws = await exampleWorkspace();
    original = await readFile(join(ws.dir, 'evalgate.yml'), 'utf8');
  });
  after(async () => ws.cleanup());
  const validate = async (config: string): Promise<{ code: number | null; stderr: string; stdout: string }> => {
    await ws.write('bad.yml', config);
    return runCli(['validate', '--config', 'bad.yml'], { cwd: ws.dir, env });
  };
  const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

  it('rejects an exact-copy template without {context}, naming the config line and the template', async () => {
    await ws.write('prompts/copy/no-context.txt', 'Question: {question}');
    const edited = original.replace('user: prompts/copy/qa-user.txt', 'user: prompts/copy/no-context.txt');
    const r = await validate(edited);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      new RegExp(
        `bad\\.yml:${lineOf(edited, 'no-context.txt')} suites\\[0\\]\\.templates\\.user: template prompts/copy/no-context\\.txt must use \\{context\\}`,
      ),
    );
    assert.match(r.stderr, /every case sends the same prompt/);
    assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
  });

  it('accepts {context} in the system template instead', async () => {
    await ws.write('prompts/copy/sys-context.txt', 'Copy from here:\n{context}');
    await ws.write('prompts/copy/no-context.txt', 'Question: {question}');
    const edited = original
      .replace('system: prompts/copy/qa-system.txt', 'system: prompts/copy/sys-context.txt')
      .replace('user: prompts/copy/qa-user.txt', 'user: prompts/copy/no-context.txt');
    const r = await validate(edited);
    assert.equal(r.code, 0, r.stderr);
  });

  it('rejects a judged template without {input}', async () => {
    await ws.write('prompts/assistant/fixed.txt', 'Tell me a joke.');
    const edited = original.replace('user: prompts/assistant/user.txt', 'user: prompts/assistant/fixed.txt');
    const r = await validate(edited);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      new RegExp(
        `bad\\.yml:${lineOf(edited, 'fixed.txt')} suites\\[2\\]\\.templates\\.user: template prompts/assistant/fixed\\.txt must use \\{input\\}`,
      ),
    );
  });

  it('names the template line of an unknown {name} and suggests the right one', async () => {
    await ws.write('prompts/copy/typo.txt', '<context>\n{context}\n</context>\n\nQuestion: {Question}');
    const edited = original.replace('user: prompts/copy/qa-user.txt', 'user: prompts/copy/typo.txt');
    const r = await validate(edited);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /template prompts\/copy\/typo\.txt:5 uses the placeholder \{Question\}, which this suite kind does not provide; did you mean \{question\}\?/,
    );
  });

  it('rejects a base-url that is not http(s), with its line', async () => {
    const edited = original.replace(
      '    model: gpt-4o-mini          # for Ollama',
      '    base-url: file:///etc/passwd\n    model: gpt-4o-mini          # for Ollama',
    );
    const r = await validate(edited);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      new RegExp(
        `bad\\.yml:${lineOf(edited, 'base-url')} providers\\.target\\.base-url: expected an http:// or https:// URL`,
      ),
    );
  });

  it('says which round-trip suite needs Node 24 for the sandbox, with its line', () => {
    const loaded = parseConfig(original, 'evalgate.yml');
    const suites = loaded.config.suites.map((config, index) => ({ index, config }));
    assert.deepEqual(runtimeProblems(loaded, suites, '24.0.0'), []);
    const problems = runtimeProblems(loaded, suites, '20.19.2');
    assert.equal(problems.length, 2, 'both pyodide round-trip suites, not the others');
    assert.match(
      problems[0] ?? '',
      new RegExp(
        `^evalgate\\.yml:${lineOf(original, '- name: roundtrip-en')} suites\\[3\\] \\(roundtrip-en\\): .*needs Node 24 or later.*this is Node 20\\.19\\.2`,
      ),
    );
    const host = parseConfig(
      original.replace(
        '    cycles: 10\n    repeats: 3\n  - name: roundtrip-ja',
        '    cycles: 10\n    repeats: 3\n    executor: unsafe-host-python\n  - name: roundtrip-ja',
      ),
      'evalgate.yml',
    );
    assert.equal(
      runtimeProblems(
        host,
        host.config.suites.map((config, index) => ({ index, config })),
        '20.19.2',
      ).length,
      1,
      'the host executor does not need the permission model',
    );
  });

  it('the bundled CLI under an older Node refuses the sandboxed suites in validate (exit 2)', async (t) => {
    const older = ['/usr/bin/node', '/usr/local/bin/node'].find((p) => {
      try {
        return Number(execFileSync(p, ['-p', 'process.versions.node'], { encoding: 'utf8' }).split('.')[0]) < 24;
      } catch {
        return false;
      }
    });
    const bundle = join(ROOT, 'dist/cli.js');
    if (
      older === undefined ||
      !(await access(bundle).then(
        () => true,
        () => false,
      ))
    ) {
      t.skip('needs a Node older than 24 on this machine and a built dist/cli.js');
      return;
    }
    const r = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(older, [bundle, 'validate'], { cwd: ws.dir, env: { PATH: process.env['PATH'] ?? '' } });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stderr }));
    });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /evalgate\.yml:\d+ suites\[3\] \(roundtrip-en\): .*needs Node 24/);
  });
});
