/**
 * The command line (docs/design/spec.md §2), parsed once into a typed, frozen object. One table, COMMANDS,
 * drives both parsing (node:util parseArgs) and the help of every command, so an option
 * cannot exist without its description, default and example. Usage errors are
 * ConfigErrors (exit 2) that say what is valid and suggest the closest option.
 *
 * Adding an option: one entry in the command's `options` list (reuse a shared one below
 * when it means the same everywhere), then read it in the command's `build`. Adding a
 * command: one entry in COMMANDS with its summary, options, examples and `build`, a
 * member of the Command union, and a case in main.ts's `execute`.
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { ConfigError } from '../core/errors.ts';
import { REPORT_LANGUAGES, type ReportLanguage } from '../core/report/messages.ts';
import { initKinds } from '../core/init.ts';
import { isVersionRequest } from '../version.ts';

/** The commands. */
export type Command =
  | {
      name: 'run';
      config: string;
      suites: string[];
      out: string;
      baselineDir: string | null;
      updateBaseline: boolean;
      quiet: boolean;
      notice: string | null;
      cacheDir: string | null;
      noCache: boolean;
      fresh: boolean;
      runId: string | null;
      shard: string | null;
      language: ReportLanguage | null;
      maxCalls: number | null;
      maxCost: number | null;
    }
  | {
      name: 'merge';
      config: string;
      /** --config was typed (a missing one is then an error, not the default gate). */
      configGiven: boolean;
      out: string;
      baselineDir: string | null;
      dirs: string[];
      language: ReportLanguage | null;
    }
  | { name: 'plan'; config: string; suites: string[]; cacheDir: string | null; noCache: boolean }
  | {
      name: 'compare';
      config: string;
      configGiven: boolean;
      baseline: string;
      candidate: string;
      out: string;
      language: ReportLanguage | null;
    }
  | { name: 'validate'; config: string; suites: string[] }
  | { name: 'noise'; config: string; suites: string[]; out: string; quiet: boolean }
  | {
      name: 'rejudge';
      config: string;
      results: string;
      judges: string[];
      crossCheck: string | null;
      out: string;
      baselineDir: string | null;
      updateBaseline: boolean;
      cacheDir: string | null;
      noCache: boolean;
      language: ReportLanguage | null;
    }
  | { name: 'dataset-exact-copy'; from: string; n: number; seed: number; random: boolean; out: string }
  | { name: 'init'; dir: string; force: boolean; kind: string }
  | {
      name: 'history';
      config: string;
      configGiven: boolean;
      suites: string[];
      baselineDir: string | null;
      ref: string;
      limit: number;
      out: string;
      language: ReportLanguage | null;
    }
  | {
      name: 'matrix';
      config: string;
      suites: string[];
      providers: string[];
      out: string;
      cacheDir: string | null;
      noCache: boolean;
      quiet: boolean;
      language: ReportLanguage | null;
    }
  | { name: 'help'; text: string }
  | { name: 'version' };

/** One option of a command: how it parses and how its help reads. */
export interface OptionSpec {
  type: 'string' | 'boolean';
  /** May be given more than once (collected into a list). */
  multiple?: boolean;
  /** The value's placeholder in help, e.g. FILE. */
  value?: string;
  /** The default as help shows it (the parser applies `build`'s own fallback). */
  default?: string;
  description: string;
}

/** One command: its help and how its parsed values become a Command. */
export interface CommandSpec {
  /** As typed: `run`, or `dataset exact-copy`. */
  name: string;
  summary: string;
  options: Readonly<Record<string, OptionSpec>>;
  /** Positional arguments, for help ("SHARD_DIR …"); none unless set. */
  positionals?: { name: string; description: string; min: number };
  examples: readonly string[];
  build(values: Values, positionals: readonly string[]): Command;
}

type Values = Record<string, string | boolean | string[] | undefined>;

// Options that mean the same on every command that has them.
const config: OptionSpec = {
  type: 'string',
  value: 'FILE',
  default: 'evalgate.yml',
  description: 'The configuration file; every path in it is relative to its folder.',
};
/** --config of the commands that also work without one (compare, merge, history). */
const optionalConfig = (without: string): OptionSpec => ({
  ...config,
  description: `The configuration whose gates and report.language apply; paths are relative to its folder. When the default does not exist, ${without}; a --config FILE that does not exist is an error.`,
});
const suite: OptionSpec = {
  type: 'string',
  value: 'NAME',
  multiple: true,
  description: 'Only this suite (repeat for several). Default: every suite.',
};
const out: OptionSpec = {
  type: 'string',
  value: 'DIR',
  default: 'evalgate-out',
  description: 'Where results, report.md and summary.json are written (created if missing).',
};
const baselineDir: OptionSpec = {
  type: 'string',
  value: 'DIR',
  default: 'baselines/ beside the config',
  description: 'Where baselines are read and written.',
};
const updateBaseline: OptionSpec = {
  type: 'boolean',
  description: "Write this run's results as the new baselines (unless the run has errors over tolerance).",
};
const cacheDir: OptionSpec = {
  type: 'string',
  value: 'DIR',
  default: '.evalgate/cache beside the config',
  description: 'The response cache: an unchanged call is answered from it.',
};
const noCache: OptionSpec = { type: 'boolean', description: 'Neither read nor write the response cache.' };
const language: OptionSpec = {
  type: 'string',
  value: 'en|ja',
  default: 'report.language in the config, else en',
  description: 'The language of the report and of the final lines printed.',
};

/** The commands, in the order help lists them. */
export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'run',
    summary: 'Evaluate the suites, compare each with its baseline, write the report; exit 1 on a regression.',
    options: {
      config,
      suite,
      out,
      'baseline-dir': baselineDir,
      'update-baseline': updateBaseline,
      'cache-dir': cacheDir,
      'no-cache': noCache,
      fresh: {
        type: 'boolean',
        description: 'Start over instead of resuming what the last run into the same --out finished.',
      },
      quiet: { type: 'boolean', description: 'No progress lines.' },
      'run-id': {
        type: 'string',
        value: 'ID',
        default: "a new one (a resumed run keeps its own); with --shard, the workflow run's on GitHub Actions",
        description: "The run's id, recorded in its results; the shards of one run share it.",
      },
      shard: {
        type: 'string',
        value: 'i/n',
        description: 'Run the i-th of n slices of every suite; combine them with "evalgate merge".',
      },
      language,
      notice: { type: 'string', value: 'TEXT', description: 'A note shown at the top of the report.' },
      'max-calls': {
        type: 'string',
        value: 'N',
        description:
          "Stop issuing model calls after N (retries included): keep what finished, write a partial report, exit 3; a rerun with a larger budget resumes. Overrides the config's budget.max-calls.",
      },
      'max-cost': {
        type: 'string',
        value: 'USD',
        description:
          "Stop the same way once the run has spent this much (from token usage and prices). Overrides the config's budget.max-cost.",
      },
    },
    examples: [
      'evalgate run',
      'evalgate run --suite copy-qa --language ja',
      'evalgate run --update-baseline',
      'evalgate run --shard 1/4 --run-id nightly-7 --out part-1',
      'evalgate run --max-calls 500 --max-cost 2.50',
    ],
    build(v) {
      if (v['update-baseline'] && v['shard'])
        throw usageError(
          'run',
          '--update-baseline needs every case of the suite in one run: drop --shard (merged shards cannot be written as a baseline)',
        );
      const maxCalls = v['max-calls'] === undefined ? null : Number(v['max-calls']);
      const maxCost = v['max-cost'] === undefined ? null : Number(v['max-cost']);
      if (maxCalls !== null && !(Number.isInteger(maxCalls) && maxCalls > 0))
        throw usageError('run', `--max-calls must be a positive whole number of calls, got ${String(v['max-calls'])}`);
      if (maxCost !== null && !(Number.isFinite(maxCost) && maxCost > 0))
        throw usageError(
          'run',
          `--max-cost must be a positive amount in USD such as 2.50, got ${String(v['max-cost'])}`,
        );
      return {
        maxCalls,
        maxCost,
        name: 'run',
        config: str(v, 'config', 'evalgate.yml'),
        suites: list(v, 'suite'),
        out: str(v, 'out', 'evalgate-out'),
        baselineDir: strOrNull(v, 'baseline-dir'),
        updateBaseline: v['update-baseline'] === true,
        quiet: v['quiet'] === true,
        notice: strOrNull(v, 'notice'),
        cacheDir: strOrNull(v, 'cache-dir'),
        noCache: v['no-cache'] === true,
        fresh: v['fresh'] === true,
        runId: strOrNull(v, 'run-id'),
        shard: strOrNull(v, 'shard'),
        language: languageOf('run', v),
      };
    },
  },
  {
    name: 'plan',
    summary: 'Show what a run would do — suites, calls, tokens, cost, cache hits — without calling any model.',
    options: { config, suite, 'cache-dir': cacheDir, 'no-cache': noCache },
    examples: ['evalgate plan', 'evalgate plan --suite assistant-judged --no-cache'],
    build: (v) => ({
      name: 'plan',
      config: str(v, 'config', 'evalgate.yml'),
      suites: list(v, 'suite'),
      cacheDir: strOrNull(v, 'cache-dir'),
      noCache: v['no-cache'] === true,
    }),
  },
  {
    name: 'validate',
    summary: 'Check the config, templates, datasets and tasks without calling any model.',
    options: { config, suite },
    examples: ['evalgate validate', 'evalgate validate --config ci/evalgate.yml --suite copy-qa'],
    build: (v) => ({ name: 'validate', config: str(v, 'config', 'evalgate.yml'), suites: list(v, 'suite') }),
  },
  {
    name: 'noise',
    summary:
      'Run each suite twice against the same model, uncached (A/A): the run-to-run spread, and whether the gate would have fired.',
    options: {
      config,
      suite,
      out: {
        type: 'string',
        value: 'DIR',
        default: 'evalgate-noise',
        description: "Where noise.md, noise.json and both runs' results go.",
      },
      quiet: { type: 'boolean', description: 'No progress lines.' },
    },
    examples: ['evalgate noise', 'evalgate noise --suite copy-qa --out noise-check'],
    build: (v) => ({
      name: 'noise',
      config: str(v, 'config', 'evalgate.yml'),
      suites: list(v, 'suite'),
      out: str(v, 'out', 'evalgate-noise'),
      quiet: v['quiet'] === true,
    }),
  },
  {
    name: 'compare',
    summary: 'Compare stored results with stored baselines (no model is called) and write the report.',
    options: {
      config: optionalConfig('every suite is compared under the default gate'),
      baseline: {
        type: 'string',
        value: 'PATH',
        description: 'A baseline result file, or a folder of them. Required.',
      },
      candidate: {
        type: 'string',
        value: 'PATH',
        description: "A result file, or a folder of them (or a run's --out). Required.",
      },
      out: {
        ...out,
        description: 'Where report.md, report.html, summary.json and junit.xml are written (created if missing).',
      },
      language,
    },
    examples: ['evalgate compare --baseline baselines --candidate evalgate-out'],
    build(v) {
      if (typeof v['baseline'] !== 'string' || typeof v['candidate'] !== 'string')
        throw usageError(
          'compare',
          'compare needs --baseline PATH and --candidate PATH (result files, or directories of them)',
        );
      return {
        name: 'compare',
        config: str(v, 'config', 'evalgate.yml'),
        configGiven: typeof v['config'] === 'string',
        baseline: v['baseline'],
        candidate: v['candidate'],
        out: str(v, 'out', 'evalgate-out'),
        language: languageOf('compare', v),
      };
    },
  },
  {
    name: 'merge',
    summary: 'Combine the results of the shards of one run and decide over all of them.',
    options: {
      config: optionalConfig('every suite is decided under the default gate, in the order of the shards'),
      out,
      'baseline-dir': {
        ...baselineDir,
        description: 'Where the baselines the merged results are compared with are read.',
      },
      language,
    },
    positionals: { name: 'SHARD_DIR …', description: 'The --out folders of the shards.', min: 1 },
    examples: ['evalgate merge --out evalgate-out part-1 part-2 part-3 part-4'],
    build(v, positionals) {
      if (positionals.length === 0)
        throw usageError(
          'merge',
          'merge needs the output directories of the shards: evalgate merge --out DIR SHARD_DIR …',
        );
      return {
        name: 'merge',
        config: str(v, 'config', 'evalgate.yml'),
        configGiven: typeof v['config'] === 'string',
        out: str(v, 'out', 'evalgate-out'),
        baselineDir: strOrNull(v, 'baseline-dir'),
        dirs: [...positionals],
        language: languageOf('merge', v),
      };
    },
  },
  {
    name: 'rejudge',
    summary: "Grade a judged suite's stored answers again with other judges (only the judges are called).",
    options: {
      config,
      results: {
        type: 'string',
        value: 'FILE',
        description: "A judged suite's results/<suite>.json, or its baseline. Required.",
      },
      judge: {
        type: 'string',
        value: 'NAME',
        multiple: true,
        description: "A provider to judge with (repeat for several). Default: the suite's judges.",
      },
      'cross-check': {
        type: 'string',
        value: 'NAME',
        description:
          'Keep the stored scores and have this second judge score only the answers flagged as addressing the judge; lists where the two differ by 2 or more.',
      },
      out,
      'baseline-dir': baselineDir,
      'update-baseline': updateBaseline,
      'cache-dir': cacheDir,
      'no-cache': noCache,
      language,
    },
    examples: [
      'evalgate rejudge --results baselines/assistant-judged.json --judge judge --update-baseline',
      'evalgate rejudge --results evalgate-out/results/assistant-judged.json --cross-check judge-b',
    ],
    build(v) {
      if (typeof v['results'] !== 'string')
        throw usageError('rejudge', "rejudge needs --results FILE (a judged suite's results/<suite>.json or baseline)");
      if (v['cross-check'] !== undefined && (list(v, 'judge').length > 0 || v['update-baseline'] === true)) {
        throw usageError(
          'rejudge',
          "--cross-check keeps the stored scores and only adds a second judge's view of the flagged answers; it cannot be combined with --judge or --update-baseline",
        );
      }
      return {
        name: 'rejudge',
        config: str(v, 'config', 'evalgate.yml'),
        results: v['results'],
        judges: list(v, 'judge'),
        crossCheck: strOrNull(v, 'cross-check'),
        out: str(v, 'out', 'evalgate-out'),
        baselineDir: strOrNull(v, 'baseline-dir'),
        updateBaseline: v['update-baseline'] === true,
        cacheDir: strOrNull(v, 'cache-dir'),
        noCache: v['no-cache'] === true,
        language: languageOf('rejudge', v),
      };
    },
  },
  {
    name: 'history',
    summary:
      "Each suite's metric over the commits that changed its baseline: a table, and history.html/.svg/.json in --out. Reads git only.",
    options: {
      config: optionalConfig("the baselines/ beside it are read, with the default gate's confidence"),
      suite,
      'baseline-dir': { ...baselineDir, description: 'The baselines folder whose git history is read.' },
      ref: {
        type: 'string',
        value: 'REV',
        default: 'HEAD',
        description: 'Read the history back from this commit, branch or tag (first-parent line).',
      },
      limit: {
        type: 'string',
        value: 'N',
        default: '100',
        description: 'Read at most the last N commits that changed the baselines.',
      },
      out: { type: 'string', value: 'DIR', default: 'evalgate-history', description: 'Where the files are written.' },
      language,
    },
    examples: ['evalgate history', 'evalgate history --suite copy-qa --ref origin/main --out trend'],
    build(v) {
      const limit = Number(str(v, 'limit', '100'));
      if (!Number.isInteger(limit) || limit < 1)
        throw usageError(
          'history',
          `--limit must be a positive whole number of commits, got ${JSON.stringify(v['limit'])}`,
        );
      return {
        name: 'history',
        config: str(v, 'config', 'evalgate.yml'),
        configGiven: typeof v['config'] === 'string',
        suites: list(v, 'suite'),
        baselineDir: strOrNull(v, 'baseline-dir'),
        ref: str(v, 'ref', 'HEAD'),
        limit,
        out: str(v, 'out', 'evalgate-history'),
        language: languageOf('history', v),
      };
    },
  },
  {
    name: 'matrix',
    summary:
      'Run the suites against several providers on the same cases and compare them side by side with the first: matrix.md, .html, .json.',
    options: {
      config,
      suite,
      providers: {
        type: 'string',
        value: 'A,B,…',
        description:
          "Providers of the config to run each suite's target as, comma-separated; the first is the reference. Required, at least two.",
      },
      out: {
        type: 'string',
        value: 'DIR',
        default: 'evalgate-matrix',
        description: "Where matrix.md/.html/.json and each provider's results go (one folder per provider).",
      },
      'cache-dir': cacheDir,
      'no-cache': noCache,
      quiet: { type: 'boolean', description: 'No progress lines.' },
      language,
    },
    examples: [
      'evalgate matrix --providers target,candidate-model',
      'evalgate matrix --providers a,b,c --suite copy-qa',
    ],
    build(v) {
      const raw = v['providers'];
      if (typeof raw !== 'string')
        throw usageError(
          'matrix',
          'matrix needs --providers A,B (provider names of the config, the first the reference)',
        );
      const providers = raw.split(',').map((p) => p.trim());
      if (providers.length < 2 || providers.some((p) => p === ''))
        throw usageError(
          'matrix',
          `--providers needs at least two provider names separated by commas, got ${JSON.stringify(raw)}`,
        );
      const twice = providers.find((p, i) => providers.indexOf(p) !== i);
      if (twice !== undefined) throw usageError('matrix', `--providers names ${JSON.stringify(twice)} twice`);
      return {
        name: 'matrix',
        config: str(v, 'config', 'evalgate.yml'),
        suites: list(v, 'suite'),
        providers,
        out: str(v, 'out', 'evalgate-matrix'),
        cacheDir: strOrNull(v, 'cache-dir'),
        noCache: v['no-cache'] === true,
        quiet: v['quiet'] === true,
        language: languageOf('matrix', v),
      };
    },
  },
  {
    name: 'init',
    summary: "Write a starter config, templates, dataset and workflow, and .gitignore lines for evalgate's folders.",
    options: {
      dir: { type: 'string', value: 'DIR', default: '.', description: 'The repository to set up.' },
      force: { type: 'boolean', description: 'Overwrite an existing evalgate.yml (other existing files are kept).' },
      kind: {
        type: 'string',
        value: 'KIND',
        default: initKinds()[0] ?? '',
        description: `The kind of the example suite: ${initKinds().join(' or ')}.`,
      },
    },
    examples: ['evalgate init', 'evalgate init --kind prompt', 'evalgate init --dir my-repo --force'],
    build: (v) => {
      const kind = str(v, 'kind', initKinds()[0] ?? '');
      if (!initKinds().includes(kind))
        throw usageError('init', `--kind must be one of ${initKinds().join(', ')}, got ${JSON.stringify(kind)}`);
      return {
        name: 'init',
        dir: str(v, 'dir', '.'),
        force: v['force'] === true,
        kind,
      };
    },
  },
  {
    name: 'dataset exact-copy',
    summary: 'Build an exact-copy dataset from a SQuAD-format JSON file.',
    options: {
      from: { type: 'string', value: 'SQUAD.json', description: 'The SQuAD-format file to read. Required.' },
      n: { type: 'string', value: 'N', default: '100', description: 'How many cases.' },
      seed: {
        type: 'string',
        value: 'S',
        default: '42',
        description: 'The sampling seed (the same seed gives the same set).',
      },
      random: { type: 'boolean', description: 'Replace contexts with random kana of the same length.' },
      out: { type: 'string', value: 'FILE', description: 'The JSONL file to write. Required.' },
    },
    examples: ['evalgate dataset exact-copy --from dev-v2.0.json --n 200 --out eval-datasets/copy.jsonl'],
    build(v) {
      if (typeof v['from'] !== 'string' || typeof v['out'] !== 'string')
        throw usageError('dataset exact-copy', 'dataset exact-copy needs --from SQUAD.json and --out FILE');
      const n = Number(str(v, 'n', '100'));
      const seed = Number(str(v, 'seed', '42'));
      if (!Number.isInteger(n) || n < 1)
        throw usageError('dataset exact-copy', `--n must be a positive integer, got ${JSON.stringify(v['n'])}`);
      if (!Number.isInteger(seed))
        throw usageError('dataset exact-copy', `--seed must be an integer, got ${JSON.stringify(v['seed'])}`);
      return { name: 'dataset-exact-copy', from: v['from'], n, seed, random: v['random'] === true, out: v['out'] };
    },
  },
];

/** The overview printed by `evalgate`, `evalgate help` and `evalgate --help`. */
export const USAGE = `evalgate — gate prompt-template changes on evaluation results

Usage: evalgate COMMAND [options]

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(20)}${c.summary}`).join('\n')}

"evalgate help COMMAND" or "evalgate COMMAND --help" lists a command's options, defaults and examples.
"evalgate --version" prints the version.

Exit codes: 0 pass (also inconclusive, no-baseline, stale-baseline unless configured to fail),
1 regression or a suite below its floor (gate.min), 2 invalid configuration or input, 3 run failure.
Keys come from the environment variable each provider names (api-key-env, default OPENAI_API_KEY);
OPENAI_BASE_URL points at any OpenAI-compatible endpoint. NO_COLOR=1 turns colour off, FORCE_COLOR=1 on.`;

/** Commands with sub-commands (`dataset exact-copy`): the first word, and what it is for. */
const GROUPS: Readonly<Record<string, string>> = { dataset: 'Build evaluation datasets from public formats.' };

/** The help of a command group: its sub-commands and where their help is. */
export function groupHelp(group: string): string {
  const subs = COMMANDS.filter((c) => c.name.startsWith(`${group} `));
  const width = Math.max(...subs.map((c) => c.name.length - group.length - 1), 10) + 2;
  return [
    `evalgate ${group} — ${GROUPS[group] ?? ''}`,
    '',
    `Usage: evalgate ${group} SUBCOMMAND [options]`,
    '',
    'Sub-commands:',
    ...subs.map((c) => `  ${c.name.slice(group.length + 1).padEnd(width)}${c.summary}`),
    '',
    `"evalgate help ${group} SUBCOMMAND" or "evalgate ${group} SUBCOMMAND --help" lists its options and examples.`,
  ].join('\n');
}

const VERSION_HELP = `evalgate version — print the version of evalgate

Usage: evalgate --version (also -v, -V, version)`;

/** The help of one command: usage line, every option with its default, examples. */
export function commandHelp(spec: CommandSpec): string {
  const flag = (name: string, o: OptionSpec): string => `--${name}${o.value ? ` ${o.value}` : ''}`;
  const width = Math.max(...Object.entries(spec.options).map(([n, o]) => flag(n, o).length), 10) + 2;
  const lines = [
    `evalgate ${spec.name} — ${spec.summary}`,
    '',
    `Usage: evalgate ${spec.name} [options]${spec.positionals ? ` ${spec.positionals.name}` : ''}`,
    '',
  ];
  if (spec.positionals)
    lines.push('Arguments:', `  ${spec.positionals.name.padEnd(width)}${spec.positionals.description}`, '');
  lines.push('Options:');
  for (const [name, o] of Object.entries(spec.options)) {
    const extra = [o.multiple ? 'repeatable' : '', o.default !== undefined ? `default: ${o.default}` : '']
      .filter(Boolean)
      .join('; ');
    lines.push(`  ${flag(name, o).padEnd(width)}${o.description}${extra ? ` (${extra})` : ''}`);
  }
  lines.push(`  ${'-h, --help'.padEnd(width)}This help.`, '', 'Examples:', ...spec.examples.map((e) => `  ${e}`));
  return lines.join('\n');
}

function usageError(command: string | null, message: string): ConfigError {
  const hint = command === null ? 'See "evalgate --help".' : `See "evalgate ${command} --help".`;
  return new ConfigError({ file: 'command line' }, `evalgate: ${message}\n${hint}`);
}

function str(v: Values, key: string, fallback: string): string {
  const x = v[key];
  return typeof x === 'string' ? x : fallback;
}

function strOrNull(v: Values, key: string): string | null {
  const x = v[key];
  return typeof x === 'string' ? x : null;
}

function list(v: Values, key: string): string[] {
  const x = v[key];
  return Array.isArray(x) ? x : [];
}

function languageOf(command: string, v: Values): ReportLanguage | null {
  const x = v['language'];
  if (x === undefined) return null;
  if (!(REPORT_LANGUAGES as readonly string[]).includes(x as string))
    throw usageError(command, `--language must be one of ${REPORT_LANGUAGES.join(', ')}, got ${JSON.stringify(x)}`);
  return x as ReportLanguage;
}

/** Edit distance, for "did you mean". */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = row;
  }
  return prev[b.length] as number;
}

/** The closest of `names` to `word`, when it is close enough to be a likely typo. */
export function closest(word: string, names: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const name of names) {
    const d = name.startsWith(word) && word.length >= 2 ? 0.5 : distance(word, name);
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : null;
}

/** Parses argv (without node and the script). */
export function parseCommand(argv: readonly string[]): Command {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h') return { name: 'help', text: USAGE };
  const asksHelp = rest.some((a) => a === '--help' || a === '-h');
  if (isVersionRequest(first)) return asksHelp ? { name: 'help', text: VERSION_HELP } : { name: 'version' };
  if (first === 'help') {
    const topic = rest.filter((a) => a !== '--help' && a !== '-h');
    if (topic.length === 0 || (topic.length === 1 && topic[0] === 'help')) return { name: 'help', text: USAGE };
    if (topic.length === 1 && topic[0] === 'version') return { name: 'help', text: VERSION_HELP };
    const spec = findCommand(topic);
    if (spec) return { name: 'help', text: commandHelp(spec) };
    const group = topic[0] as string;
    if (Object.hasOwn(GROUPS, group)) {
      if (topic.length === 1) return { name: 'help', text: groupHelp(group) };
      throw usageError(null, unknownSubcommand(group, topic[1] as string));
    }
    throw usageError(null, `unknown command "${topic.join(' ')}"${suggestCommand(group)}`);
  }
  const spec = findCommand(argv);
  if (!spec) {
    if (Object.hasOwn(GROUPS, first)) {
      // "evalgate dataset" and "evalgate dataset --help" show the group; a wrong sub-command is named.
      if (rest.length === 0 || rest[0] === '--help' || rest[0] === '-h')
        return { name: 'help', text: groupHelp(first) };
      throw usageError(null, unknownSubcommand(first, rest[0] as string));
    }
    throw usageError(
      null,
      first.startsWith('-')
        ? `unknown option ${first} before the command`
        : `unknown command "${first}"${suggestCommand(first)}`,
    );
  }
  const args = argv.slice(spec.name.split(' ').length);
  // Help wins over everything else on the line, so "run --out x --help" still helps.
  if (args.some((a) => a === '--help' || a === '-h')) return { name: 'help', text: commandHelp(spec) };
  const options: ParseArgsOptionsConfig = {};
  for (const [name, o] of Object.entries(spec.options))
    options[name] = { type: o.type, ...(o.multiple ? { multiple: true } : {}) };
  const known = Object.keys(spec.options);
  for (const arg of args) {
    if (arg === '--') break;
    if (!arg.startsWith('-') || arg === '-') continue;
    const name = arg.replace(/^--?/, '').split('=')[0] as string;
    if (!known.includes(name) || !arg.startsWith('--')) {
      const guess = closest(name, known);
      throw usageError(
        spec.name,
        `${spec.name}: unknown option ${arg.split('=')[0]}${guess ? `; did you mean --${guess}?` : ''}`,
      );
    }
  }
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: spec.positionals !== undefined }) as {
      values: Values;
      positionals: string[];
    };
  } catch (error) {
    throw usageError(
      spec.name,
      `${spec.name}: ${(error as Error).message.replace(/\. To specify a positional argument.*$/s, '')}`,
    );
  }
  return Object.freeze(spec.build(parsed.values, parsed.positionals));
}

function findCommand(words: readonly string[]): CommandSpec | undefined {
  return COMMANDS.find((c) => {
    const parts = c.name.split(' ');
    return parts.every((p, i) => words[i] === p);
  });
}

function unknownSubcommand(group: string, word: string): string {
  const subs = COMMANDS.filter((c) => c.name.startsWith(`${group} `)).map((c) => c.name.slice(group.length + 1));
  const guess = closest(word, subs);
  return `unknown ${group} sub-command "${word}"${guess ? `; did you mean "${group} ${guess}"?` : ''}; ${group} has: ${subs.join(', ')}`;
}

function suggestCommand(word: string): string {
  const guess = closest(
    word,
    COMMANDS.map((c) => c.name.split(' ')[0] as string),
  );
  return guess
    ? `; did you mean "${guess}"?`
    : `; commands: ${[...new Set(COMMANDS.map((c) => c.name.split(' ')[0]))].join(', ')}`;
}
