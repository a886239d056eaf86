/**
 * The CLI edge: parse arguments, build adapters, call the engine, print, and set the exit
 * code. `run()` owns the one try/catch (docs/design/architecture.md, house style 1).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { Workspace } from '../ports.ts';
import {
  createFsRunStore,
  createFsWorkspace,
  ensureWritableFolder,
  readResultFile,
  writeFileAtomic,
} from '../adapters/fs-store.ts';
import { createCodeRunnerFactory, sandboxCacheDir, sandboxNode } from '../adapters/code-runners.ts';
import {
  budgetLimits,
  cacheAuthenticator,
  cacheModelKey,
  createClientFactory,
  endpointOf,
  runAuthenticator,
} from '../adapters/providers.ts';
import { repositoryRoot } from '../adapters/git.ts';
import { confinedDir, SymlinkRefusedError } from '../adapters/confined-dir.ts';
import { createCallingDeps } from '../adapters/run-deps.ts';
import { isCachedRequest } from '../adapters/response-cache.ts';
import { chunkedTokenCounter } from '../core/tokens.ts';
import { createConsoleLogger, judgeNonceSource, newRunId, systemClock } from '../adapters/system.ts';
import { configJsonSchema } from '../core/config/schema.ts';
import { parseConfig, type LoadedConfig } from '../core/config/load.ts';
import { buildExactCopySet } from '../core/datasets/squad.ts';
import { starterFiles } from '../core/init.ts';
import { runtimeProblems, selectSuites } from '../core/suites.ts';
import {
  compareStored,
  mergeShards,
  planEvaluation,
  rejudgeStored,
  runEvaluation,
  suiteGates,
  validateWorkspace,
  type RunOutcome,
} from '../core/engine.ts';
import { measureNoise, noiseSummary, renderNoise } from '../core/noise.ts';
import { parseShard, type ShardPart } from '../core/shard.ts';
import { summaryJsonSchema } from '../core/summary.ts';
import { renderPlan } from './plan-text.ts';
import { ConfigError, formatProblem } from '../core/errors.ts';
import { formatMetric, formatPercent, formatSigned } from '../core/report/format.ts';
import type { SuiteResult } from '../core/types.ts';
import { TOOL_VERSION } from '../version.ts';
import { parseCommand, type Command } from './args.ts';
import { readConfig, readOptionalConfig } from './config-file.ts';
import { createProgress } from './progress.ts';
import { colourEnabled, paint, verdictColour } from './colour.ts';
import { messagesFor, type ReportLanguage } from '../core/report/messages.ts';
import { count } from '../core/report/plural.ts';
import { GITIGNORE_LINES } from '../core/init.ts';
import { escapeControls, inertStyledLine, logText } from '../core/log-text.ts';

/** Runs the CLI with the process's arguments and sets process.exitCode. */
export async function run(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  // `evalgate plan | head`: stop quietly when the reader goes away.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });
  try {
    process.exitCode = await execute(parseCommand(argv));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(logText(`${error.message}\n`));
      process.exitCode = 2;
    } else {
      process.stderr.write(
        logText(
          `evalgate: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
        ),
      );
      process.exitCode = 3;
    }
  }
}

async function execute(command: Command): Promise<number> {
  switch (command.name) {
    case 'help':
      process.stdout.write(`${command.text}\n`);
      return 0;
    case 'version':
      process.stdout.write(`evalgate ${TOOL_VERSION}\n`);
      return 0;
    case 'validate':
      return validate(command.config, command.suites);
    case 'run':
      return runCommand(command);
    case 'compare':
      return compareCommand(command);
    case 'plan':
      return planCommand(command);
    case 'rejudge':
      return rejudgeCommand(command);
    case 'init':
      return initCommand(command.dir, command.force, command.kind);
    case 'merge':
      return mergeCommand(command);
    case 'noise':
      return noiseCommand(command);
    case 'dataset-exact-copy':
      return datasetCommand(command);
    // Loaded per command, like the SDK and the tokenizer: the other commands do not parse them.
    case 'history':
      return (await import('./history.ts')).historyCommand(command);
    case 'matrix':
      return (await import('./matrix.ts')).matrixCommand(command);
  }
}

/**
 * The workspace of a config: its folder, confined to the repository that holds it (the git
 * top level; without git, the current directory when the config is inside it, else the
 * config's folder). Paths that leave it are refused.
 */
async function workspaceOf(configPath: string): Promise<Workspace> {
  const root = dirname(resolve(configPath));
  const cwd = process.cwd();
  const inside = relative(cwd, root);
  const boundary =
    (await repositoryRoot(root)) ?? (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside)) ? cwd : root);
  return createFsWorkspace(root, boundary);
}

async function validate(configPath: string, names: readonly string[]): Promise<number> {
  const text = await readConfig(configPath);
  // Cases are counted, not kept: a dataset streams through one row at a time.
  const { loaded, suites } = await validateWorkspace(
    parseConfig(text, configPath),
    names,
    await workspaceOf(configPath),
    { cases: { keep: false } },
  );
  const runtime = runtimeProblems(loaded, suites, process.versions.node);
  if (runtime.length > 0) throw new ConfigError({ file: configPath }, runtime.join('\n'), runtime);
  for (const w of suites.flatMap((s) => s.warnings)) process.stderr.write(logText(`warning: ${formatProblem(w)}\n`));
  for (const s of suites)
    process.stdout.write(logText(`ok  ${s.config.name} (${s.config.kind}): ${count(s.caseCount, 'case')}\n`));
  process.stdout.write(logText(`${loaded.file}: valid, ${count(suites.length, 'suite')}; no model was called\n`));
  return 0;
}

async function runCommand(command: Extract<Command, { name: 'run' }>): Promise<number> {
  const text = await readConfig(command.config);
  const root = dirname(resolve(command.config));
  const loaded = parseConfig(text, command.config);
  const language = languageOf(command.language, loaded);
  const runtime = runtimeProblems(
    loaded,
    selectSuites(loaded, command.suites).map((s) => ({ index: s.index, config: s.suite })),
    process.versions.node,
  );
  if (runtime.length > 0) throw new ConfigError({ file: command.config }, runtime.join('\n'), runtime);
  const store = createFsRunStore(
    await ensureWritableFolder(command.out, '--out'),
    command.baselineDir ? resolve(command.baselineDir) : join(root, 'baselines'),
  );
  const progress = createProgress(
    process.stderr,
    command.quiet,
    undefined,
    undefined,
    colourEnabled(process.stderr, process.env),
  );
  const cacheDir = command.noCache
    ? null
    : await ensureWritableFolder(command.cacheDir ?? join(root, '.evalgate', 'cache'), '--cache-dir');
  const shard = command.shard === null ? null : parseShard(command.shard);
  const runId = command.runId ?? (shard ? ciRunId() : null);
  if (shard && runId === null)
    throw new ConfigError(
      { file: 'command line', path: '--run-id' },
      'evalgate: --shard needs --run-id ID, the same for every shard of the run, so "evalgate merge" can tell the parts belong together (on GitHub Actions it defaults to the workflow run)',
    );
  const outcome = await runEvaluation(
    {
      loaded,
      suites: command.suites,
      updateBaseline: command.updateBaseline,
      fresh: command.fresh,
      ...(runId !== null ? { runId } : {}),
      ...(shard ? { shard } : {}),
    },
    {
      ...createCallingDeps(process.env, command.config, loaded.config, {
        cacheDir,
        budget: budgetLimits(loaded.config, command),
      }),
      workspace: await workspaceOf(command.config),
      store,
      logger: createConsoleLogger(command.quiet),
      onSuiteStart: (suite, total, done) => progress.start(suite, total, done),
      onRecord: (suite, record) => progress.onRecord(suite, record),
      ...(command.notice ? { scriptedNotice: command.notice } : {}),
      language,
    },
  );
  progress.end();
  if (shard) {
    process.stdout.write(
      logText(
        `${messagesFor(language).more.cliShard(shard.index, shard.count, runId ?? '', join(store.describe().out, 'results'))}\n`,
      ),
    );
    return 0;
  }
  printOutcome(outcome, store.describe().out, language, store.describe().baselines);
  return outcome.exitCode;
}

/**
 * `evalgate noise`: two uncached runs of the same suites into DIR/run-1 and DIR/run-2, the
 * second compared with the first; noise.md and noise.json go to DIR. Exit 0 unless a run fails.
 */
async function noiseCommand(command: Extract<Command, { name: 'noise' }>): Promise<number> {
  const text = await readConfig(command.config);
  const root = dirname(resolve(command.config));
  const baselines = join(root, 'baselines');
  const results: Map<string, SuiteResult>[] = [];
  const models = new Map<string, string>();
  const loaded = parseConfig(text, command.config);
  const workspace = await workspaceOf(command.config);
  const nonce = judgeNonceSource(runAuthenticator(process.env, Object.values(loaded.config.providers), 'judge-token'));
  for (const run of [1, 2]) {
    process.stderr.write(`evalgate noise: run ${run} of 2 (response cache off, so every call reaches the model)\n`);
    const progress = createProgress(process.stderr, command.quiet);
    const outcome = await runEvaluation(
      {
        loaded,
        suites: command.suites,
        updateBaseline: false,
        fresh: true,
      },
      {
        workspace,
        store: createFsRunStore(resolve(command.out, `run-${run}`), baselines),
        clock: systemClock,
        logger: createConsoleLogger(command.quiet),
        toolVersion: TOOL_VERSION,
        newRunId,
        nonce,
        createClient: createClientFactory(process.env, command.config, { cacheDir: null }),
        createCodeRunner: createCodeRunnerFactory({
          snapshotCacheDir: sandboxCacheDir(process.env),
          node: sandboxNode(process.env),
        }),
        onSuiteStart: (suite, total, done) => progress.start(suite, total, done),
        onRecord: (suite, record) => progress.onRecord(suite, record),
      },
    );
    progress.end();
    results.push(outcome.results);
    for (const [name, r] of outcome.results) models.set(name, r.tested.model);
  }
  const noise = measureNoise(
    results[0] as Map<string, SuiteResult>,
    results[1] as Map<string, SuiteResult>,
    suiteGates(loaded),
  );
  const markdown = renderNoise(noise, (suite) => models.get(suite) ?? '');
  await writeFileAtomic(resolve(command.out, 'noise.md'), markdown);
  await writeFileAtomic(resolve(command.out, 'noise.json'), `${JSON.stringify(noiseSummary(noise), null, 2)}\n`);
  process.stdout.write(logText(`${markdown}\nnoise report: ${join(resolve(command.out), 'noise.md')}\n`));
  return 0;
}

/** The run id shards share on GitHub Actions: the workflow run and its attempt. */
function ciRunId(): string | null {
  const id = process.env['GITHUB_RUN_ID'];
  return id ? `gh-${id}-${process.env['GITHUB_RUN_ATTEMPT'] ?? '1'}` : null;
}

async function mergeCommand(command: Extract<Command, { name: 'merge' }>): Promise<number> {
  const out = await ensureWritableFolder(command.out, '--out');
  const parts: ShardPart[] = [];
  for (const dir of command.dirs) {
    for (const result of await readResults(dir)) parts.push({ source: dir, result });
  }
  const loaded = await readOptionalConfig(command.config, command.configGiven);
  const root = dirname(resolve(command.config));
  const language = languageOf(command.language, loaded);
  const store = createFsRunStore(out, command.baselineDir ? resolve(command.baselineDir) : join(root, 'baselines'));
  const outcome = await mergeShards(
    parts,
    suiteGates(loaded),
    { store, language },
    { order: loaded?.config.suites.map((s) => s.name) ?? [] },
  );
  printOutcome(outcome, store.describe().out, language);
  return outcome.exitCode;
}

/**
 * `evalgate init`: writes the starter files below --dir through the confined writer
 * (adapters/confined-dir.ts): a symlink on any path it writes (a folder such as .github, a
 * starter file, .gitignore, the config) could point outside the repository, and is refused
 * by name before anything is written. Existing files are kept; the config is replaced only
 * under --force, and then atomically (the rename replaces the name, never what it points to).
 */
async function initCommand(dir: string, force: boolean, kind: string): Promise<number> {
  await ensureWritableFolder(dir, '--dir');
  const repo = confinedDir(dir, '', dir === '.' ? '' : dir.replace(/[\\/]+$/, ''));
  const files = starterFiles(kind);
  const cannot = (path: string, error: unknown): ConfigError =>
    error instanceof ConfigError
      ? error
      : new ConfigError(
          { file: join(dir, path) },
          `evalgate: cannot write ${join(dir, path)} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
        );
  // Every path init writes, checked before it writes any.
  const found = new Map<string, Awaited<ReturnType<typeof repo.lookup>>>();
  for (const path of [...Object.keys(files), '.gitignore']) {
    try {
      found.set(path, await repo.lookup(path));
    } catch (error) {
      if (error instanceof SymlinkRefusedError)
        throw new ConfigError(
          { file: error.refused },
          `evalgate: init will not write through ${error.refused}: it is a symlink, which could point outside the repository; nothing was written. Replace it with the folder or file itself, or remove it, and run init again`,
        );
      throw cannot(path, error);
    }
  }
  const configPath = join(dir, 'evalgate.yml');
  if (!force && found.get('evalgate.yml') !== 'missing') {
    throw new ConfigError(
      { file: configPath },
      `evalgate: ${configPath} already exists; nothing was written. Pass --force to overwrite it (the other starter files are never overwritten)`,
    );
  }
  const written: string[] = [];
  const kept: string[] = [];
  for (const [path, text] of Object.entries(files)) {
    try {
      // Never overwrite, except the config under --force.
      if (force && path === 'evalgate.yml') await repo.writeAtomic(path, text);
      else if (!(await repo.createNew(path, text))) {
        kept.push(path);
        continue;
      }
      written.push(path);
    } catch (error) {
      throw cannot(path, error);
    }
  }
  // evalgate's own folders (the response cache, the run output) never belong in git.
  const existing = found.get('.gitignore') === 'file' ? await readFile(join(dir, '.gitignore'), 'utf8') : null;
  const present = new Set((existing ?? '').split(/\r?\n/).map((l) => l.trim()));
  const add = GITIGNORE_LINES.filter(
    (l) => !present.has(l) && !present.has(l.replace(/\/$/, '')) && !present.has(`/${l}`),
  );
  if (add.length > 0) {
    const sep = existing === null || existing === '' || existing.endsWith('\n') ? '' : '\n';
    try {
      // Appended (O_APPEND, never through a symlink): the user's lines stay as they are.
      const handle = await repo.openAppend('.gitignore');
      try {
        await handle.appendFile(
          `${sep}${existing ? '\n' : ''}# evalgate: the response cache and run output\n${add.join('\n')}\n`,
        );
      } finally {
        await handle.close();
      }
    } catch (error) {
      throw cannot('.gitignore', error);
    }
    process.stdout.write(`${existing === null ? 'created ' : 'updated '} .gitignore (${add.join(', ')})\n`);
  }
  for (const p of written) process.stdout.write(`created  ${p}\n`);
  for (const p of kept) process.stdout.write(`kept     ${p} (exists; not overwritten)\n`);
  process.stdout.write(
    [
      'Next:',
      '  1. npm i -D evalgate           (then "npx evalgate …" runs this version in this repository)',
      '  2. export OPENAI_API_KEY=…     (and OPENAI_BASE_URL=… for any other OpenAI-compatible server)',
      '  3. npx evalgate validate       (checks everything without calling a model)',
      '  4. npx evalgate run --update-baseline, then commit baselines/',
      '  5. add OPENAI_API_KEY as a repository secret; the workflow runs on every pull request',
      '',
    ].join('\n'),
  );
  return 0;
}

async function rejudgeCommand(command: Extract<Command, { name: 'rejudge' }>): Promise<number> {
  const out = await ensureWritableFolder(command.out, '--out');
  const text = await readConfig(command.config);
  const root = dirname(resolve(command.config));
  const stored = (await readResults(command.results))[0] as SuiteResult;
  const loaded = parseConfig(text, command.config);
  const language = languageOf(command.language, loaded);
  const store = createFsRunStore(out, command.baselineDir ? resolve(command.baselineDir) : join(root, 'baselines'));
  const cacheDir = command.noCache
    ? null
    : await ensureWritableFolder(command.cacheDir ?? join(root, '.evalgate', 'cache'), '--cache-dir');
  const outcome = await rejudgeStored(
    {
      loaded,
      stored,
      judges: command.judges,
      updateBaseline: command.updateBaseline,
      crossCheck: command.crossCheck,
    },
    {
      workspace: await workspaceOf(command.config),
      store,
      clock: systemClock,
      logger: createConsoleLogger(false),
      toolVersion: TOOL_VERSION,
      newRunId,
      nonce: judgeNonceSource(runAuthenticator(process.env, Object.values(loaded.config.providers), 'judge-token')),
      createClient: createClientFactory(process.env, command.config, { cacheDir }),
      language,
    },
  );
  printOutcome(outcome, store.describe().out, language, store.describe().baselines);
  return outcome.exitCode;
}

async function planCommand(command: Extract<Command, { name: 'plan' }>): Promise<number> {
  const text = await readConfig(command.config);
  const root = dirname(resolve(command.config));
  const cacheDir = command.noCache ? null : resolve(command.cacheDir ?? join(root, '.evalgate', 'cache'));
  // plan only reads the cache: a missing folder is an empty cache, anything else but a folder is refused.
  if (
    command.cacheDir !== null &&
    (await stat(command.cacheDir).then(
      (info) => !info.isDirectory(),
      () => false,
    ))
  ) {
    throw new ConfigError(
      { file: 'command line', path: '--cache-dir' },
      `evalgate: --cache-dir ${command.cacheDir}: exists and is not a folder; choose the response cache's folder`,
    );
  }
  const plans = await planEvaluation(parseConfig(text, command.config), command.suites, {
    workspace: await workspaceOf(command.config),
    // The tokenizer's tables are most of the bundle: loaded by the one command that counts.
    countTokens: chunkedTokenCounter((await import('gpt-tokenizer/encoding/o200k_base')).countTokens),
    isCached:
      cacheDir === null
        ? null
        : async (_name, provider, request) => {
            const auth = cacheAuthenticator(process.env, provider);
            return (
              auth !== null &&
              isCachedRequest(cacheDir, endpointOf(provider, process.env), cacheModelKey(provider), request, auth)
            );
          },
  });
  process.stdout.write(logText(renderPlan(plans, cacheDir)));
  return 0;
}

async function compareCommand(command: Extract<Command, { name: 'compare' }>): Promise<number> {
  const out = await ensureWritableFolder(command.out, '--out');
  const candidates = await readResults(command.candidate);
  const baselines = await readResults(command.baseline);
  const byName = new Map(baselines.map((b) => [b.suite.name, b]));
  // No config file: compare under the default gate.
  const loaded = await readOptionalConfig(command.config, command.configGiven);
  const language = languageOf(command.language, loaded);
  const store = createFsRunStore(out, resolve(command.baseline));
  const outcome = await compareStored(
    candidates.map((c) => ({ baseline: byName.get(c.suite.name) ?? null, candidate: c })),
    suiteGates(loaded),
    { store, language },
  );
  printOutcome(outcome, store.describe().out, language);
  return outcome.exitCode;
}

/** Reads one result file, or every result file in a directory (or its results/). */
async function readResults(path: string): Promise<SuiteResult[]> {
  let info;
  try {
    info = await stat(path);
  } catch {
    throw new ConfigError({ file: path }, `evalgate: ${path} does not exist`);
  }
  if (info.isFile()) return [await readResultFile(path)];
  let dir = path;
  try {
    if ((await stat(join(path, 'results'))).isDirectory()) dir = join(path, 'results');
  } catch {
    // no results/ inside: the directory itself holds the files
  }
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  if (files.length === 0) throw new ConfigError({ file: path }, `evalgate: ${path} holds no result files (*.json)`);
  return Promise.all(files.map((f) => readResultFile(join(dir, f))));
}

async function datasetCommand(command: Extract<Command, { name: 'dataset-exact-copy' }>): Promise<number> {
  await ensureWritableFolder(dirname(resolve(command.out)), '--out (its folder)');
  if (
    await stat(command.out).then(
      (info) => !info.isFile(),
      () => false,
    )
  ) {
    throw new ConfigError(
      { file: 'command line', path: '--out' },
      `evalgate: --out ${command.out}: exists and is not a regular file; name the JSONL file to write`,
    );
  }
  let text: string;
  try {
    text = await readFile(command.from, 'utf8');
  } catch {
    throw new ConfigError({ file: command.from }, `evalgate: cannot read ${command.from}`);
  }
  const built = buildExactCopySet(text, command.from, { n: command.n, seed: command.seed, random: command.random });
  await writeFileAtomic(command.out, built.jsonl);
  process.stdout.write(
    logText(
      `${command.out}: ${count(built.cases, 'case')} (of ${count(built.available, 'question')} in ${count(built.paragraphs, 'paragraph')} of ${basename(command.from)}), seed ${command.seed}${command.random ? ', random kana contexts' : ''}\n`,
    ),
  );
  return 0;
}

/** The report's language: --language, else the config's report.language, else English. */
function languageOf(flag: ReportLanguage | null, loaded: LoadedConfig | null): ReportLanguage {
  return flag ?? loaded?.config.report?.language ?? 'en';
}

/** The CLI's final lines, in the report's language, coloured on a terminal. */
function printOutcome(outcome: RunOutcome, outDir: string, language: ReportLanguage, baselineDir?: string): void {
  const m = messagesFor(language);
  const p = paint(colourEnabled(process.stdout, process.env));
  const verdict = (v: keyof typeof m.more.verdict): string => verdictColour(p, v)(m.more.verdict[v]);
  const lines = [`evalgate: ${p.bold(verdict(outcome.summary.verdict))}`];
  const e = escapeControls;
  for (const s of outcome.summary.suites) {
    const f = s.unit === 'absolute' ? formatSigned : formatPercent;
    const interval = s.interval ? ` [${f(s.interval[0])}, ${f(s.interval[1])}]` : '';
    lines.push(
      `  ${e(s.name)}: ${e(s.metric)} ${formatMetric(s.baseline)} → ${formatMetric(s.candidate)} ${s.change !== null ? f(s.change) : ''}${interval} ${verdict(s.verdict)}${s.errors ? m.more.cliErrors(s.errors) : ''}`,
    );
  }
  for (const { name, judgeManipulation: j } of outcome.summary.suites) {
    if (j)
      lines.push(
        `  ${e(name)}: warning: possible attempts to influence the judge in ${count(j.cases, 'case')}: ${e(j.caseIds.slice(0, 10).join(', '))}${j.cases > 10 ? ', …' : ''}`,
      );
  }
  for (const c of outcome.comparisons) {
    if (c.verdict === 'error' && c.errors.samples.length > 0)
      lines.push(m.more.cliFirstError(e(c.name), e(c.errors.samples[0] ?? '')));
  }
  lines.push(m.more.cliReport(e(join(outDir, 'report.md'))));
  // Values were escaped before colouring; each line is made inert (no workflow command).
  process.stdout.write(`${inertStyledLine(lines.join('\n'))}\n`);
  if (baselineDir !== undefined)
    for (const name of outcome.baselinesWritten)
      process.stderr.write(logText(`${m.more.cliBaselineWritten(join(baselineDir, `${name}.json`))}\n`));
}

/** The published JSON Schema's text. */
export function renderConfigSchema(): string {
  return `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
}

/** The published JSON Schema of summary.json, as text. */
export function renderSummarySchema(): string {
  return `${JSON.stringify(summaryJsonSchema(), null, 2)}\n`;
}
