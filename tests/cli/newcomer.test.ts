// The CLI as a newcomer meets it: help on every command, the version, suggestions for
// typos, a bad --out refused at once, the report and final lines in Japanese, no colour
// codes in pipes, and the wording after --update-baseline. Run against the bundle users
// install, dist/cli.js (npm run bundle first).
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { COMMANDS } from '../../src/cli/args.ts';
import { colourEnabled } from '../../src/cli/colour.ts';
import { exampleWorkspace, ROOT, runCli as runSource, type CliResult } from '../helpers/cli.ts';
import { contextLinesOf, corruptLine, fractionOf, startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';

const ANSI = /\u001b\[/;
const DIST_CLI = join(ROOT, 'dist/cli.js');
const runCli = (args: readonly string[], options: { cwd: string; env?: Record<string, string> }): Promise<CliResult> =>
  runSource(args, { ...options, entry: DIST_CLI });

describe('help and version', () => {
  let ws: Awaited<ReturnType<typeof exampleWorkspace>>;
  before(async () => {
    ws = await exampleWorkspace();
  });
  after(async () => ws.cleanup());

  for (const spec of COMMANDS) {
    it(`${spec.name}: --help, -h and "help ${spec.name}" list every option with an example (exit 0)`, async () => {
      const words = spec.name.split(' ');
      const runs = await Promise.all([
        runCli([...words, '--help'], { cwd: ws.dir }),
        runCli([...words, '--out', 'x', '-h'], { cwd: ws.dir }),
        runCli(['help', ...words], { cwd: ws.dir }),
      ]);
      for (const r of runs) {
        assert.equal(r.code, 0, r.stderr);
        assert.equal(r.stdout, runs[0]?.stdout, 'the three forms print the same help');
        assert.match(r.stdout, new RegExp(`^evalgate ${spec.name} — `));
        assert.match(r.stdout, new RegExp(`Usage: evalgate ${spec.name} \\[options\\]`));
        for (const [name, option] of Object.entries(spec.options)) {
          assert.match(r.stdout, new RegExp(`\\n  --${name}\\b`), `--${name} is listed`);
          if (option.default !== undefined)
            assert.ok(r.stdout.includes(`default: ${option.default}`), `the default of --${name} is shown`);
        }
        assert.match(r.stdout, new RegExp(`Examples:\\n  evalgate ${spec.name}`));
      }
    });
  }

  it("the overview lists every command; --version prints package.json's version", async () => {
    const [overview, version] = await Promise.all([
      runCli(['--help'], { cwd: ws.dir }),
      runCli(['--version'], { cwd: ws.dir }),
    ]);
    assert.equal(overview.code, 0);
    for (const spec of COMMANDS) assert.ok(overview.stdout.includes(`  ${spec.name} `), spec.name);
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    assert.equal(version.code, 0);
    assert.equal(version.stdout, `evalgate ${pkg.version}\n`);
  });

  it('a command with sub-commands answers --help and "help", and names a wrong sub-command', async () => {
    const [flag, help, wrong, version] = await Promise.all([
      runCli(['dataset', '--help'], { cwd: ws.dir }),
      runCli(['help', 'dataset'], { cwd: ws.dir }),
      runCli(['dataset', 'exact-cpy'], { cwd: ws.dir }),
      runCli(['help', 'version'], { cwd: ws.dir }),
    ]);
    for (const r of [flag, help]) {
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^evalgate dataset — /);
      assert.match(r.stdout, /Sub-commands:\n {2}exact-copy +Build an exact-copy dataset/);
    }
    assert.equal(flag.stdout, help.stdout);
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /unknown dataset sub-command "exact-cpy"; did you mean "dataset exact-copy"\?/);
    assert.equal(version.code, 0);
    assert.match(version.stdout, /^evalgate version — /);
    // The entry answers a bare --version itself; with --help it is main.ts's help.
    const versionHelp = await runCli(['--version', '--help'], { cwd: ws.dir });
    assert.equal(versionHelp.stdout, version.stdout);
  });

  it('the bundle loads ajv when a schema is compiled: draft-07 and 2020-12 schemas validate', async () => {
    // ajv is CommonJS in a chunk of its own: through import() its named exports were lost.
    const dir = await mkdtemp(join(tmpdir(), 'evalgate-bundle-ajv-'));
    try {
      assert.equal((await runCli(['init', '--kind', 'prompt'], { cwd: dir })).code, 0);
      await writeFile(
        join(dir, 'checks/modern.schema.json'),
        JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' }),
      );
      const config = await readFile(join(dir, 'evalgate.yml'), 'utf8');
      const extra = '      - type: json-schema\n        name: modern\n        schema: checks/modern.schema.json\n';
      await writeFile(
        join(dir, 'evalgate.yml'),
        config.replace('      - type: contains\n', `${extra}      - type: contains\n`),
      );
      const r = await runCli(['validate'], { cwd: dir });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /support-reply \(prompt\): 12 cases/);
      await writeFile(
        join(dir, 'checks/modern.schema.json'),
        JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'nonsense' }),
      );
      const bad = await runCli(['validate'], { cwd: dir });
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /modern\.schema\.json: not a usable JSON Schema/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('suggests the closest option and command (exit 2, no usage dump)', async () => {
    const [option, command] = await Promise.all([
      runCli(['run', '--ot', 'x'], { cwd: ws.dir }),
      runCli(['vaildate'], { cwd: ws.dir }),
    ]);
    assert.equal(option.code, 2);
    assert.match(option.stderr, /unknown option --ot; did you mean --out\?\nSee "evalgate run --help"\./);
    assert.equal(command.code, 2);
    assert.match(command.stderr, /unknown command "vaildate"; did you mean "validate"\?/);
  });
});

describe('--out and --cache-dir are checked before any work', () => {
  let ws: Awaited<ReturnType<typeof exampleWorkspace>>;
  const env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' };
  before(async () => {
    ws = await exampleWorkspace();
    await writeFile(join(ws.dir, 'a-file'), 'not a folder');
  });
  after(async () => ws.cleanup());

  const cases: [string, string[], RegExp][] = [
    [
      'a folder under /proc (a recursive mkdir there never returns)',
      ['run', '--out', '/proc/evalgate-x'],
      /--out \/proc\/evalgate-x: cannot be created \(ENOENT\)/,
    ],
    ['a special file', ['run', '--out', '/dev/null'], /--out \/dev\/null: exists and is not a folder/],
    [
      'a regular file',
      ['compare', '--baseline', 'a-file', '--candidate', 'a-file', '--out', 'a-file'],
      /--out a-file: exists and is not a folder/,
    ],
    [
      'a path through a file',
      ['run', '--out', 'a-file/out'],
      /--out a-file\/out: a part of the path is a file, not a folder/,
    ],
    [
      'a cache folder that is a file',
      ['run', '--cache-dir', 'a-file', '--out', 'fine'],
      /--cache-dir a-file: exists and is not a folder/,
    ],
    [
      'a cache folder that is a file (plan)',
      ['plan', '--cache-dir', 'a-file'],
      /--cache-dir a-file: exists and is not a folder/,
    ],
  ];
  for (const [what, args, message] of cases) {
    // Before, /proc hung until killed: the timeout catches a hang (each takes about a second;
    // 20 s leaves room for a loaded machine).
    it(`${what}: exit 2 with one line, no stack trace`, { timeout: 20_000 }, async () => {
      const r = await runCli(args, { cwd: ws.dir, env });
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, message);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.doesNotMatch(r.stderr, /\n\s+at |internal error/);
    });
  }
});

describe('language, colour and wording of a run', () => {
  let server: FakeOpenAI;
  let ws: Awaited<ReturnType<typeof exampleWorkspace>>;
  let env: Record<string, string>;
  before(async () => {
    server = await startFakeOpenAI((req) => ({ content: contextLinesOf(req)[1] ?? '' }));
    ws = await exampleWorkspace();
    env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: server.url };
  });
  after(async () => {
    await server.close();
    await ws.cleanup();
  });
  const run = (args: string[], extra: Record<string, string> = {}) =>
    runCli(args, { cwd: ws.dir, env: { ...env, ...extra } });

  it('after --update-baseline the report says the baseline was written, not how to create one', async () => {
    const r = await run(['run', '--no-cache', '--suite', 'copy-qa-natural', '--update-baseline', '--out', 'b']);
    assert.equal(r.code, 0, r.stderr);
    const report = await readFile(join(ws.dir, 'b/report.md'), 'utf8');
    assert.match(report, /\*\*Baseline written for 1 of 1 suite\*\*: commit it;/);
    assert.match(
      report,
      /\*\*Baseline written\.\*\* This run is now the baseline: commit `baselines\/copy-qa-natural\.json`/,
    );
    assert.doesNotMatch(report, /Create one with/);
    assert.match(r.stderr, /baseline written: .*copy-qa-natural\.json/);
  });

  it('--language ja: the report and the final lines have no English fixed strings', async () => {
    server.setScript((req) => {
      const line = contextLinesOf(req)[1] ?? '';
      return { content: fractionOf(line) < 0.3 ? corruptLine(line) : line };
    });
    const r = await run(['run', '--no-cache', '--suite', 'copy-qa-natural', '--out', 'ja', '--language', 'ja']);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const report = await readFile(join(ws.dir, 'ja/report.md'), 'utf8');
    assert.match(report, /## evalgate: ❌ 低下/);
    const result = JSON.parse(await readFile(join(ws.dir, 'ja/results/copy-qa-natural.json'), 'utf8')) as {
      records: { reply?: { text: string }; request: { messages: { content: string }[] } }[];
    };
    // What is not a fixed string: model and dataset text, code, names, and identifiers.
    let text = report
      .replace(/```[\s\S]*?```/g, ' ')
      .replace(/`[^`\n]*`/g, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<\/?(details|summary)>/g, ' ');
    const dataset = (await readFile(join(ws.dir, 'eval-datasets/exact-copy/natural.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const row of dataset)
      for (const v of Object.values(row))
        if (typeof v === 'string')
          for (const line of v.split('\n')) if (line.trim()) text = text.split(line.trim()).join(' ');
    for (const rec of result.records) {
      for (const t of [rec.reply?.text ?? '', ...rec.request.messages.map((m) => m.content)])
        for (const line of t.split('\n')) if (line.trim()) text = text.split(line.trim()).join(' ');
    }
    const identifiers = [
      'evalgate',
      'copy-qa-natural',
      'exact-match',
      'gpt-4o-mini',
      'exact-copy',
      'BCa',
      'McNemar',
      'xychart-beta',
      'mermaid',
      'x-axis',
      'y-axis',
      'bar',
      'line',
      'title',
    ];
    for (const id of identifiers) text = text.split(id).join(' ');
    const english = [...text.matchAll(/[A-Za-z]{3,}/g)].map((m) =>
      JSON.stringify(text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 30)),
    );
    assert.deepEqual(english, [], `English left in the ja report: ${english.join(', ')}`);
    assert.match(r.stdout, /^evalgate: 低下\n/);
    assert.match(r.stdout, /レポート：.*report\.md\n$/);
    assert.doesNotMatch(
      r.stdout
        .split(ws.dir)
        .join('')
        .replace(/report\.md|copy-qa-natural|exact-match|evalgate/g, ''),
      /[A-Za-z]{3,}/,
    );
  });

  it('report.language in the config is used; --language wins over it', async () => {
    const config = await readFile(join(ws.dir, 'evalgate.yml'), 'utf8');
    await ws.write('ja.yml', `${config}report:\n  language: ja\n`);
    const fromConfig = await run([
      'run',
      '--no-cache',
      '--config',
      'ja.yml',
      '--suite',
      'copy-qa-natural',
      '--out',
      'cfg',
    ]);
    assert.match(await readFile(join(ws.dir, 'cfg/report.md'), 'utf8'), /## evalgate: ❌ 低下/);
    assert.match(fromConfig.stdout, /^evalgate: 低下/);
    const flag = await run([
      'run',
      '--no-cache',
      '--config',
      'ja.yml',
      '--suite',
      'copy-qa-natural',
      '--out',
      'flag',
      '--language',
      'en',
    ]);
    assert.match(await readFile(join(ws.dir, 'flag/report.md'), 'utf8'), /## evalgate: ❌ regression/);
    assert.match(flag.stdout, /^evalgate: regression/);
  });

  it('piped output has no colour codes; FORCE_COLOR turns them on', async () => {
    const piped = await run(['run', '--no-cache', '--suite', 'copy-qa-natural', '--out', 'p1']);
    assert.doesNotMatch(piped.stdout + piped.stderr, ANSI);
    const forced = await run(['run', '--no-cache', '--suite', 'copy-qa-natural', '--out', 'p2'], { FORCE_COLOR: '1' });
    assert.match(forced.stdout, ANSI, 'the check above can see colour codes when there are some');
  });

  it('colour follows the terminal, NO_COLOR and FORCE_COLOR', () => {
    const table: [boolean, Record<string, string>, boolean][] = [
      [true, {}, true],
      [false, {}, false],
      [true, { NO_COLOR: '1' }, false],
      [true, { NO_COLOR: '' }, true],
      [false, { FORCE_COLOR: '1' }, true],
      [true, { FORCE_COLOR: '0' }, false],
      [true, { NO_COLOR: '1', FORCE_COLOR: '1' }, true],
      [true, { TERM: 'dumb' }, false],
    ];
    for (const [tty, envVars, expected] of table)
      assert.equal(colourEnabled({ isTTY: tty }, envVars), expected, `${tty} ${JSON.stringify(envVars)}`);
  });

  it('plan names the judge model of a judged suite', async () => {
    const r = await run(['plan', '--suite', 'assistant-judged', '--no-cache']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Judged by: assistant-judged: gpt-4o \(provider judge\)/);
  });
});
