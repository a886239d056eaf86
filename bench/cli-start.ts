// bench/cli-start — what starting the CLI costs: `evalgate --version`, `--help` and
// `validate` on the shipped suites (evalgate.yml), each against a bare `node -e 0` timed in
// the same round, and promptfoo's `--version` when it is installed. Prints medians and
// ratios measured in this run; asserts nothing.
//
//   npm run bench:cli-start [-- --rounds 15 --cli dist/cli.js --promptfoo]
//
// --promptfoo installs promptfoo into a temporary folder (never a project dependency) when
// it is not there yet, as bench/throughput.ts does.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? String(process.argv[i + 1]) : fallback;
}
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(arg('rounds', '15'));
const CLI = resolve(arg('cli', join(ROOT, 'dist/cli.js')));
const TIME = '/usr/bin/time';
const scratch = mkdtempSync(join(tmpdir(), 'evalgate-bench-start-'));

/** promptfoo's entry, installed into a temporary folder on request; null without it. */
function promptfoo(): string | null {
  const dir = join(tmpdir(), 'evalgate-bench-promptfoo');
  const bin = join(dir, 'node_modules/promptfoo/dist/src/main.js');
  if (!existsSync(bin) && process.argv.includes('--promptfoo')) {
    mkdirSync(dir, { recursive: true });
    spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', dir, 'promptfoo'], {
      stdio: 'ignore',
    });
  }
  return existsSync(bin) ? bin : null;
}

/** One run under GNU time: wall ms (from here), CPU ms (user + system) and peak RSS in MiB. */
function once(
  args: string[],
  env: Record<string, string> = {},
): { ms: number; cpuMs: number; peakMiB: number; ok: boolean } {
  const out = join(scratch, 'time.txt');
  const started = performance.now();
  const r = spawnSync(TIME, ['-f', '%M %U %S', '-o', out, process.execPath, ...args], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', HOME: scratch, ...env },
    stdio: 'ignore',
  });
  const ms = performance.now() - started;
  const [kib, user, system] = (readFileSync(out, 'utf8').trim().split('\n').pop() ?? '').split(' ').map(Number);
  return {
    ms,
    cpuMs: 1000 * ((user as number) + (system as number)),
    peakMiB: (kib as number) / 1024,
    ok: r.status === 0,
  };
}

const pf = promptfoo();
const commands: { label: string; args: string[]; env?: Record<string, string> }[] = [
  { label: 'evalgate --version', args: [CLI, '--version'] },
  { label: 'evalgate --help', args: [CLI, '--help'] },
  { label: 'evalgate validate (shipped evalgate.yml, 5 suites)', args: [CLI, 'validate', '--config', 'evalgate.yml'] },
  ...(pf
    ? [
        {
          label: `promptfoo --version (${JSON.parse(readFileSync(join(pf, '../../../package.json'), 'utf8')).version as string})`,
          args: [pf, '--version'],
          env: { PROMPTFOO_DISABLE_TELEMETRY: '1', PROMPTFOO_DISABLE_UPDATE: '1' },
        },
      ]
    : []),
];

const loadBefore = loadavg()[0] ?? 0;
// Warm the file cache once; not counted.
once(['-e', '0']);
for (const c of commands) once(c.args, c.env);
const bare: number[] = [];
const bareCpu: number[] = [];
const runs = commands.map(() => ({
  ms: [] as number[],
  ratio: [] as number[],
  cpu: [] as number[],
  peak: [] as number[],
  failed: 0,
}));
for (let round = 0; round < ROUNDS; round++) {
  const node = once(['-e', '0']);
  bare.push(node.ms);
  bareCpu.push(node.cpuMs);
  commands.forEach((c, i) => {
    const r = once(c.args, c.env);
    const t = runs[i] as (typeof runs)[number];
    t.ms.push(r.ms);
    t.ratio.push(r.ms / node.ms);
    t.peak.push(r.peakMiB);
    t.cpu.push(r.cpuMs);
    if (!r.ok) t.failed++;
  });
}
rmSync(scratch, { recursive: true, force: true });

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const lines = [
  `bench/cli-start: ${ROUNDS} rounds, each a bare \`node -e 0\` and then every command, timed from spawn to exit (under GNU time, for peak RSS); ${process.version}; ${CLI === join(ROOT, 'dist/cli.js') ? 'dist/cli.js' : CLI}; load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after.`,
  '',
  '| command | median wall (ms) | ÷ bare node (median of per-round ratios) | range of ratios | median CPU (ms) | peak RSS (MiB) | failed runs |',
  '|---|---:|---:|---|---:|---:|---:|',
  `| node -e 0 | ${median(bare).toFixed(0)} | 1 | — | ${median(bareCpu).toFixed(0)} | — | — |`,
  ...commands.map((c, i) => {
    const t = runs[i] as (typeof runs)[number];
    return `| ${c.label} | ${median(t.ms).toFixed(0)} | ${median(t.ratio).toFixed(2)} | ${Math.min(...t.ratio).toFixed(2)}–${Math.max(...t.ratio).toFixed(2)} | ${median(t.cpu).toFixed(0)} | ${median(t.peak).toFixed(0)} | ${t.failed} |`;
  }),
  '',
  'CPU: user + system time of the process (GNU time), which a busy machine stretches less than the wall time.',
  pf ? '' : 'promptfoo: not installed (pass --promptfoo to install it into a temporary folder).',
];
process.stdout.write(`${lines.join('\n')}\n`);
