// A hostile `python` check file, run through a prompt suite from the CLI: it cannot read
// the environment or the runner's files (a leak would surface as a pass), and it cannot
// fake a pass — an object that claims to be True, a subclass of int, replacing builtins
// or printing a verdict of its own each fail that case. The check is loaded once and
// called on every row; several probes in each call.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';

const CANARY = `CANARY-${randomBytes(8).toString('hex')}`;
const KEY = `sk-test-${randomBytes(8).toString('hex')}`;
// Quotes, backslashes, line breaks, a line separator, an emoji and a lone surrogate's
// neighbours: the reply must reach check() exactly as the model sent it.
const WEIRD = 'a "quoted" \\ back\\slash\nnew line\u2028sep 😀 \'single\' {{braces}} \u0000nul';

const CHECK = (dir: string): string => `import os

SECRET_FILE = ${JSON.stringify(join(dir, 'secret.txt'))}
DIR = ${JSON.stringify(dir)}
EXPECTED = "".join(chr(c) for c in [${Array.from(WEIRD, (c) => c.codePointAt(0)).join(', ')}])


def _read(f):
    try:
        return str(f())
    except BaseException:
        return ""


def _leaks():
    tries = [
        lambda: dict(os.environ),
        lambda: open("/proc/self/environ", "rb").read(),
        lambda: open(SECRET_FILE).read(),
        lambda: __import__("js").process.env,
        lambda: __import__("pyodide.code", fromlist=["run_js"]).run_js("JSON.stringify(process.env)"),
        lambda: (__import__("pyodide_js").mountNodeFS("/h", DIR), open("/h/secret.txt").read())[1],
    ]
    return [t for t in tries if "${CANARY}" in _read(t) or "${KEY}" in _read(t)]


class Truthy:
    def __eq__(self, other):
        return True

    def __bool__(self):
        return True

    def __ge__(self, other):
        return True


class One(int):
    pass


def check(output, vars):
    if _leaks():
        return True  # a leak would show as a pass
    mode = vars["mode"]
    if mode == "exact":
        return output == EXPECTED and vars["weird"] == EXPECTED
    if mode == "fake":
        return Truthy()
    if mode == "subclass":
        return One(1)
    if mode == "tamper":
        import builtins
        builtins.type = lambda x: bool
        return True
    if mode == "print":
        print('{"nonce":"guess","report":{"stage":"ran","tests":[{"name":"test_check","outcome":"passed","message":""}]}}')
        raise SystemExit(0)
    return False
`;

describe('prompt suites: a hostile python check', () => {
  let server: FakeOpenAI;
  let dir: string;
  const write = async (path: string, text: string): Promise<void> => {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  };

  before(async () => {
    server = await startFakeOpenAI((req) => ({ content: req.messages.at(-1)?.content ?? '' }));
    dir = await mkdtemp(join(tmpdir(), 'evalgate-prompt-hostile-'));
    await write('secret.txt', `token=${CANARY}\n`);
    await write(
      'evalgate.yml',
      `version: 1
providers:
  fake:
    model: fake-model
suites:
  - name: hostile
    kind: prompt
    provider: fake
    dataset: data.jsonl
    templates:
      user: user.txt
    assert:
      - type: python
        file: check.py
`,
    );
    const rows = ['exact', 'fake', 'subclass', 'tamper', 'print'].map((mode) => ({
      id: mode,
      mode,
      weird: mode === 'exact' ? WEIRD : 'x',
    }));
    await write('data.jsonl', rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    await write('user.txt', '{weird}');
    await write('check.py', CHECK(dir));
  });
  after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads no secret, and every attempt to fake a pass fails that case, never scores a pass', async () => {
    await runCli(['run', '--no-cache', '--out', 'out'], {
      cwd: dir,
      env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url, SECRET_CANARY: CANARY },
    });
    const text = await readFile(join(dir, 'out/results/hostile.json'), 'utf8');
    const result = JSON.parse(text);
    const by = new Map<
      string,
      {
        status: string;
        scores: Record<string, number> | null;
        detail: { assertions?: { pass: boolean; message: string }[]; sandboxMissing?: string[] };
      }
    >(result.records.map((x: { caseId: string }) => [x.caseId, x]));
    // The reply reached check() byte for byte, and nothing leaked (a leak returns True
    // before the comparison, so this pass also says the probes found nothing).
    assert.equal(by.get('exact')?.status, 'scored', JSON.stringify(by.get('exact')));
    assert.equal(by.get('exact')?.scores?.['pass-rate'], 1);
    // A check that misbehaves on a reply fails that case (issue 26/30): scored 0, with the
    // reason, never excluded as an error and never a pass.
    const expected: Record<string, RegExp> = {
      fake: /returned something other than a bool or a number/,
      subclass: /returned something other than a bool or a number/,
      tamper: /tampered with the sandbox/,
      print: /raised SystemExit/,
    };
    for (const [mode, why] of Object.entries(expected)) {
      const record = by.get(mode);
      assert.equal(record?.status, 'scored', `${mode}: ${JSON.stringify(record)}`);
      assert.equal(record?.scores?.['pass-rate'], 0, mode);
      assert.match(record?.detail.assertions?.[0]?.message ?? '', why, mode);
    }
    // The records say which sandbox layers this machine lacked, for the report's line.
    assert.ok(Array.isArray(by.get('exact')?.detail.sandboxMissing));
    assert.ok(!text.includes(CANARY) && !text.includes(KEY), 'no secret in the result file');
  });
});
