/**
 * `evalgate matrix --providers a,b,…`: each selected suite run once per provider, that
 * provider standing in for the suite's target (judges stay as configured), on the same
 * cases and through one response cache; then the providers side by side against the
 * first (core/matrix.ts). Each provider's run is a normal run into DIR/<provider>/ with
 * no baselines, so its results and report.html are there too.
 */
import { dirname, join, resolve } from 'node:path';
import { readFile } from 'node:fs/promises';
import type { RunStore } from '../ports.ts';
import { createFsRunStore, createFsWorkspace, ensureWritableFolder, writeFileAtomic } from '../adapters/fs-store.ts';
import { repositoryRoot } from '../adapters/git.ts';
import { budgetLimits } from '../adapters/providers.ts';
import { createCallingDeps } from '../adapters/run-deps.ts';
import { createConsoleLogger } from '../adapters/system.ts';
import { parseConfig, type LoadedConfig } from '../core/config/load.ts';
import { runEvaluation, suiteGates } from '../core/engine.ts';
import { ConfigError } from '../core/errors.ts';
import { buildMatrix, matrixJson, renderMatrixHtml, renderMatrixMarkdown } from '../core/matrix.ts';
import { pricingFor } from '../core/pricing.ts';
import { viewMessagesFor } from '../core/report/views-messages.ts';
import { selectSuites } from '../core/suites.ts';
import type { SuiteResult } from '../core/types.ts';
import type { Command } from './args.ts';
import { createProgress } from './progress.ts';

/** Runs the matrix; exit 3 when a provider's run failed (errors over tolerance, budget), else 0. */
export async function matrixCommand(command: Extract<Command, { name: 'matrix' }>): Promise<number> {
  let text: string;
  try {
    text = await readFile(command.config, 'utf8');
  } catch {
    throw new ConfigError(
      { file: command.config },
      `evalgate: ${command.config} does not exist; pass --config FILE (the matrix runs that config's suites)`,
    );
  }
  const loaded = parseConfig(text, command.config);
  const known = Object.keys(loaded.config.providers);
  const unknown = command.providers.filter((p) => !known.includes(p));
  if (unknown.length > 0)
    throw new ConfigError(
      { file: 'command line', path: '--providers' },
      `evalgate: --providers names ${unknown.map((p) => JSON.stringify(p)).join(', ')}, not a provider of ${command.config}; its providers are ${known.join(', ')}`,
    );
  const selected = selectSuites(loaded, command.suites);
  const root = dirname(resolve(command.config));
  const out = await ensureWritableFolder(command.out, '--out');
  const cacheDir = command.noCache
    ? null
    : await ensureWritableFolder(command.cacheDir ?? join(root, '.evalgate', 'cache'), '--cache-dir');
  const language = command.language ?? loaded.config.report?.language ?? 'en';
  // One set of clients' machinery for every provider: one cache, one budget for the whole matrix.
  const calling = createCallingDeps(process.env, command.config, loaded.config, {
    cacheDir,
    budget: budgetLimits(loaded.config),
  });
  const workspace = createFsWorkspace(root, (await repositoryRoot(root)) ?? root);
  const byProvider = new Map<string, Map<string, SuiteResult>>();
  let failed = false;
  for (const provider of command.providers) {
    process.stderr.write(`evalgate matrix: ${provider} (${loaded.config.providers[provider]?.model ?? ''})\n`);
    const progress = createProgress(process.stderr, command.quiet);
    const outcome = await runEvaluation(
      {
        loaded: asTarget(
          loaded,
          provider,
          selected.map((s) => s.suite.name),
        ),
        suites: command.suites,
        updateBaseline: false,
      },
      {
        ...calling,
        workspace,
        store: withoutBaselines(createFsRunStore(join(out, provider), join(out, provider, 'no-baselines'))),
        logger: createConsoleLogger(command.quiet),
        onSuiteStart: (suite, total, done) => progress.start(suite, total, done),
        onRecord: (suite, record) => progress.onRecord(suite, record),
        language,
      },
    );
    progress.end();
    byProvider.set(provider, outcome.results);
    if (outcome.exitCode === 3) {
      failed = true;
      process.stderr.write(
        `evalgate matrix: ${provider}: the run failed (errors over tolerance or the budget); see ${join(out, provider, 'report.md')}\n`,
      );
    }
  }
  const providers = command.providers.map((name) => {
    const p = loaded.config.providers[name];
    return { name, model: p?.model ?? '', pricing: p ? pricingFor(p) : null };
  });
  const gates = suiteGates(loaded);
  const rows = buildMatrix(
    selected.map(({ suite }) => ({
      name: suite.name,
      gate: gates(suite.name),
      results: new Map(
        command.providers.flatMap((p) => {
          const r = byProvider.get(p)?.get(suite.name);
          return r ? [[p, r] as const] : [];
        }),
      ),
    })),
    providers,
  );
  const confidence = gates('').confidence;
  const markdown = renderMatrixMarkdown(rows, providers, confidence, language);
  await writeFileAtomic(join(out, 'matrix.md'), markdown);
  await writeFileAtomic(join(out, 'matrix.html'), renderMatrixHtml(rows, providers, confidence, language));
  await writeFileAtomic(join(out, 'matrix.json'), `${JSON.stringify(matrixJson(rows, providers), null, 2)}\n`);
  process.stdout.write(`${markdown}\n${viewMessagesFor(language).matrix.written(join(out, 'matrix.html'))}\n`);
  return failed ? 3 : 0;
}

/** The config with `provider` as the target of the named suites (their judges unchanged). */
function asTarget(loaded: LoadedConfig, provider: string, suites: readonly string[]): LoadedConfig {
  return {
    ...loaded,
    config: {
      ...loaded.config,
      suites: loaded.config.suites.map((s) => (suites.includes(s.name) ? { ...s, provider } : s)),
    },
  };
}

/** A store that has no baselines and keeps none: a matrix compares providers, not commits. */
function withoutBaselines(store: RunStore): RunStore {
  return {
    ...store,
    readBaseline: () => Promise.resolve(null),
    writeBaseline: () => Promise.reject(new Error('evalgate matrix never writes baselines')),
  };
}
