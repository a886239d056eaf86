/**
 * The command line (SPEC §2), parsed once into a typed, frozen object. Usage errors are
 * ConfigErrors (exit 2) that say what is valid.
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { ConfigError } from '../core/errors.ts';

/** The commands. */
export type Command =
  | { name: 'run'; config: string; suites: string[]; out: string; baselineDir: string | null; updateBaseline: boolean; quiet: boolean; notice: string | null; cacheDir: string | null; noCache: boolean; fresh: boolean; runId: string | null; shard: string | null }
  | { name: 'merge'; config: string; out: string; baselineDir: string | null; dirs: string[] }
  | { name: 'plan'; config: string; suites: string[]; cacheDir: string | null; noCache: boolean }
  | { name: 'compare'; config: string; baseline: string; candidate: string; out: string }
  | { name: 'validate'; config: string }
  | { name: 'noise'; config: string; suites: string[]; out: string; quiet: boolean }
  | { name: 'rejudge'; config: string; results: string; judges: string[]; out: string; baselineDir: string | null; updateBaseline: boolean; cacheDir: string | null; noCache: boolean }
  | { name: 'dataset-exact-copy'; from: string; n: number; seed: number; random: boolean; out: string }
  | { name: 'init'; dir: string }
  | { name: 'help'; text: string }
  | { name: 'version' };

/** The help text. */
export const USAGE = `evalgate — gate prompt-template changes on evaluation results

Usage:
  evalgate run [--config F] [--suite NAME …] [--out DIR] [--baseline-dir DIR] [--update-baseline]
               [--cache-dir DIR | --no-cache] [--fresh] [--quiet] [--run-id ID] [--shard i/n]
  evalgate merge --out DIR [--baseline-dir DIR] [--config F] SHARD_DIR …
  evalgate plan [--config F] [--suite NAME …] [--cache-dir DIR | --no-cache]
  evalgate compare --baseline PATH --candidate PATH [--out DIR] [--config F]
  evalgate validate [--config F]
  evalgate noise [--config F] [--suite NAME …] [--out DIR] [--quiet]
               run each suite twice against the same model, uncached (A/A), and report the
               run-to-run spread and whether the gate would have fired
  evalgate init [--dir DIR]
  evalgate rejudge --results FILE [--judge NAME …] [--out DIR] [--update-baseline] [--config F]
  evalgate dataset exact-copy --from SQUAD.json [--n 100] [--seed 42] [--random] --out FILE

Defaults: --config evalgate.yml, --out evalgate-out, --baseline-dir baselines/ and
--cache-dir .evalgate/cache beside the config. A rerun into the same --out resumes what
the last run finished (--fresh starts over).
Exit codes: 0 pass (also inconclusive, no-baseline, stale-baseline unless configured to fail),
1 regression, 2 invalid configuration or input, 3 run failure.
Keys come from the environment variable each provider names (api-key-env, default OPENAI_API_KEY);
OPENAI_BASE_URL points at any OpenAI-compatible endpoint.`;

function usageError(message: string): ConfigError {
  return new ConfigError({ file: 'command line' }, `evalgate: ${message}\n\n${USAGE}`);
}

/** Parses argv (without node and the script). */
export function parseCommand(argv: readonly string[]): Command {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') return { name: 'help', text: USAGE };
  if (first === '--version' || first === '-v') return { name: 'version' };
  const parse = (options: ParseArgsOptionsConfig, args: readonly string[]): Record<string, unknown> => {
    try {
      return parseArgs({ args: [...args], options, strict: true, allowPositionals: false }).values as Record<string, unknown>;
    } catch (error) {
      throw usageError((error as Error).message);
    }
  };
  switch (first) {
    case 'run': {
      const v = parse({
        config: { type: 'string', default: 'evalgate.yml' }, suite: { type: 'string', multiple: true, default: [] },
        out: { type: 'string', default: 'evalgate-out' }, 'baseline-dir': { type: 'string' },
        'update-baseline': { type: 'boolean', default: false }, quiet: { type: 'boolean', default: false }, notice: { type: 'string' },
        'cache-dir': { type: 'string' }, 'no-cache': { type: 'boolean', default: false }, fresh: { type: 'boolean', default: false },
        'run-id': { type: 'string' }, shard: { type: 'string' },
      }, rest);
      if (v['update-baseline'] && v['shard']) throw usageError('--update-baseline needs the whole suite: use it with "evalgate merge" results, not with --shard');
      return Object.freeze({
        name: 'run', config: v['config'] as string, suites: v['suite'] as string[], out: v['out'] as string,
        baselineDir: (v['baseline-dir'] as string | undefined) ?? null, updateBaseline: v['update-baseline'] as boolean,
        quiet: v['quiet'] as boolean, notice: (v['notice'] as string | undefined) ?? null,
        cacheDir: (v['cache-dir'] as string | undefined) ?? null, noCache: v['no-cache'] as boolean, fresh: v['fresh'] as boolean,
        runId: (v['run-id'] as string | undefined) ?? null, shard: (v['shard'] as string | undefined) ?? null,
      });
    }
    case 'merge': {
      let parsed;
      try {
        parsed = parseArgs({
          args: [...rest], strict: true, allowPositionals: true,
          options: { config: { type: 'string', default: 'evalgate.yml' }, out: { type: 'string', default: 'evalgate-out' }, 'baseline-dir': { type: 'string' } },
        });
      } catch (error) {
        throw usageError((error as Error).message);
      }
      if (parsed.positionals.length === 0) throw usageError('merge needs the output directories of the shards: evalgate merge --out DIR SHARD_DIR …');
      return Object.freeze({
        name: 'merge', config: parsed.values.config as string, out: parsed.values.out as string,
        baselineDir: (parsed.values['baseline-dir'] as string | undefined) ?? null, dirs: parsed.positionals,
      });
    }
    case 'plan': {
      const v = parse({
        config: { type: 'string', default: 'evalgate.yml' }, suite: { type: 'string', multiple: true, default: [] },
        'cache-dir': { type: 'string' }, 'no-cache': { type: 'boolean', default: false },
      }, rest);
      return Object.freeze({
        name: 'plan', config: v['config'] as string, suites: v['suite'] as string[],
        cacheDir: (v['cache-dir'] as string | undefined) ?? null, noCache: v['no-cache'] as boolean,
      });
    }
    case 'compare': {
      const v = parse({ config: { type: 'string', default: 'evalgate.yml' }, baseline: { type: 'string' }, candidate: { type: 'string' }, out: { type: 'string', default: 'evalgate-out' } }, rest);
      if (typeof v['baseline'] !== 'string' || typeof v['candidate'] !== 'string') throw usageError('compare needs --baseline PATH and --candidate PATH (result files, or directories of them)');
      return Object.freeze({ name: 'compare', config: v['config'] as string, baseline: v['baseline'], candidate: v['candidate'], out: v['out'] as string });
    }
    case 'rejudge': {
      const v = parse({
        config: { type: 'string', default: 'evalgate.yml' }, results: { type: 'string' }, judge: { type: 'string', multiple: true, default: [] },
        out: { type: 'string', default: 'evalgate-out' }, 'baseline-dir': { type: 'string' }, 'update-baseline': { type: 'boolean', default: false },
        'cache-dir': { type: 'string' }, 'no-cache': { type: 'boolean', default: false },
      }, rest);
      if (typeof v['results'] !== 'string') throw usageError('rejudge needs --results FILE (a judged suite\'s results/<suite>.json or baseline)');
      return Object.freeze({
        name: 'rejudge', config: v['config'] as string, results: v['results'], judges: v['judge'] as string[], out: v['out'] as string,
        baselineDir: (v['baseline-dir'] as string | undefined) ?? null, updateBaseline: v['update-baseline'] as boolean,
        cacheDir: (v['cache-dir'] as string | undefined) ?? null, noCache: v['no-cache'] as boolean,
      });
    }
    case 'init': {
      const v = parse({ dir: { type: 'string', default: '.' } }, rest);
      return Object.freeze({ name: 'init', dir: v['dir'] as string });
    }
    case 'noise': {
      const v = parse({
        config: { type: 'string', default: 'evalgate.yml' }, suite: { type: 'string', multiple: true, default: [] },
        out: { type: 'string', default: 'evalgate-noise' }, quiet: { type: 'boolean', default: false },
      }, rest);
      return Object.freeze({ name: 'noise', config: v['config'] as string, suites: v['suite'] as string[], out: v['out'] as string, quiet: v['quiet'] as boolean });
    }
    case 'validate': {
      const v = parse({ config: { type: 'string', default: 'evalgate.yml' } }, rest);
      return Object.freeze({ name: 'validate', config: v['config'] as string });
    }
    case 'dataset': {
      const [kind, ...more] = rest;
      if (kind !== 'exact-copy') throw usageError(`dataset builds: exact-copy; got ${JSON.stringify(kind ?? '')}`);
      const v = parse({ from: { type: 'string' }, n: { type: 'string', default: '100' }, seed: { type: 'string', default: '42' }, random: { type: 'boolean', default: false }, out: { type: 'string' } }, more);
      if (typeof v['from'] !== 'string' || typeof v['out'] !== 'string') throw usageError('dataset exact-copy needs --from SQUAD.json and --out FILE');
      const n = Number(v['n']);
      const seed = Number(v['seed']);
      if (!Number.isInteger(n) || n < 1) throw usageError(`--n must be a positive integer, got ${String(v['n'])}`);
      if (!Number.isInteger(seed)) throw usageError(`--seed must be an integer, got ${String(v['seed'])}`);
      return Object.freeze({ name: 'dataset-exact-copy', from: v['from'], n, seed, random: v['random'] as boolean, out: v['out'] });
    }
    default:
      throw usageError(`unknown command ${JSON.stringify(first)}`);
  }
}
