/**
 * The configuration file (SPEC §2): YAML parsed with `yaml`, validated with `zod`, every
 * error located by file, line and key path. The schema here is also the source of the
 * published JSON Schema (`evalgate.schema.json`), so editors and the engine agree.
 */
import { isMap, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { z } from 'zod';
import { ConfigError, formatPath } from './errors.ts';
import { redactUrls } from './redact.ts';
import { POLICIES } from './stats/gate.ts';
import { MULTIPLICITY_METHODS } from './stats/multiplicity.ts';
import { REPORT_LANGUAGES } from './report/messages.ts';
import { PROMPT_SUITE_SHAPE } from './kinds/prompt/config.ts'; // wiring: prompt kind

/** Whether a URL carries user info (`user:password@host`), which must never be configured. */
function hasUserInfo(url: string): boolean {
  try {
    const u = new URL(url);
    return u.username !== '' || u.password !== '';
  } catch {
    return false;
  }
}

/** The suite kinds of SPEC §1. */
export const SUITE_KINDS = ['exact-copy', 'judged', 'round-trip', 'prompt'] as const; // wiring: prompt kind
/** A suite kind. */
export type SuiteKind = (typeof SUITE_KINDS)[number];
/** Output normalizers an exact-copy suite may apply before matching (part of what measures). */
export const NORMALIZERS = ['trim', 'nfc', 'strip-code-fence'] as const;
/** One normalizer. */
export type Normalizer = (typeof NORMALIZERS)[number];

/** The values `reasoning-effort` may take (as OpenAI names them). */
export const REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] as const;

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/**
 * Names that are properties of every object (toString, constructor, …): as a provider or
 * suite name they would resolve to Object.prototype's members wherever a name is looked
 * up, so they are refused outright.
 */
const RESERVED = new Set(Object.getOwnPropertyNames(Object.prototype));
const nameSchema = z
  .string()
  .regex(NAME, 'use letters, digits, ".", "_" and "-"')
  .refine((name) => !RESERVED.has(name), {
    error: 'this name is reserved (it is a property of every JavaScript object); choose another',
  });
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const providerSchema = z.strictObject({
  model: z.string().min(1).describe('The model name the endpoint serves.'),
  'base-url': z
    .url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' })
    .refine((url) => !hasUserInfo(url), {
      error:
        'a URL must not carry credentials ("user:password@"); put the key in an environment variable and name it with api-key-env',
    })
    .optional()
    .describe(
      "OpenAI-compatible base URL; default $OPENAI_BASE_URL, else OpenAI. On pull requests the base branch's value is used.",
    ),
  'api-key-env': z
    .string()
    .regex(ENV_NAME, 'must be an environment variable name')
    .default('OPENAI_API_KEY')
    .describe('The NAME of the environment variable that holds the key; never the key itself.'),
  temperature: z
    .number()
    .min(0)
    .max(2)
    .nullable()
    .default(0)
    .describe("Sampling temperature; null sends none (the server's default: reasoning models accept only theirs)."),
  seed: z.int().default(7),
  'max-tokens': z.int().positive().default(1024),
  'max-completion-tokens': z
    .int()
    .positive()
    .optional()
    .describe(
      'Reasoning models: the limit on reasoning plus answer tokens, sent as max_completion_tokens instead of max_tokens.',
    ),
  'reasoning-effort': z.enum(REASONING_EFFORTS).optional().describe('Reasoning models: sent as reasoning_effort.'),
  'strip-reasoning': z
    .boolean()
    .default(true)
    .describe('Remove a leading <think>…</think> block from replies before scoring (kept in the record).'),
  'max-reply-bytes': z
    .int()
    .min(1000)
    .default(1_000_000)
    .describe('Replies longer than this (UTF-8 bytes) are cut and flagged before scoring.'),
  'extra-body': z
    .record(z.string(), z.unknown())
    .refine((body) => !('model' in body) && !('messages' in body), {
      error: 'extra-body must not set model or messages; use the model key and templates',
    })
    .optional()
    .describe(
      "Fields merged into every request body (gateway or Azure specifics). On pull requests the base branch's value is used.",
    ),
  'extra-headers': z
    .record(z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'must be an HTTP header name'), z.string())
    .optional()
    .describe(
      "Headers added to every request. On pull requests the base branch's value is used. Never put a key here: use api-key-env.",
    ),
  concurrency: z.int().min(1).max(256).default(8),
  'timeout-ms': z.int().min(100).default(60_000).describe('Per-call timeout in milliseconds.'),
  'structured-output': z
    .boolean()
    .default(true)
    .describe('Whether the endpoint supports JSON-schema response formats.'),
  'max-attempts': z
    .int()
    .min(1)
    .max(20)
    .default(6)
    .describe('Attempts per call, the first included, for 429, 408, 409, 5xx, resets and timeouts.'),
  'retry-base-delay-ms': z
    .int()
    .min(0)
    .default(500)
    .describe('First backoff step; each retry doubles it (full jitter, capped at 30 s).'),
  'max-retry-time-ms': z
    .int()
    .min(0)
    .default(180_000)
    .describe('Total time one call may spend retrying before it becomes an error.'),
  pricing: z
    .strictObject({
      'input-per-million': z.number().min(0),
      'output-per-million': z.number().min(0),
    })
    .optional()
    .describe('Prices in USD per million tokens; default from a small built-in table for common models.'),
});

const gateBase = {
  'max-drop': z.number().gt(0).lt(1).describe('Relative drop of the primary metric that fails the gate.'),
  confidence: z.number().gt(0.5).lt(1).describe('Two-sided confidence level of the interval.'),
  policy: z.enum(POLICIES),
  'on-inconclusive': z.enum(['warn', 'fail', 'pass']),
  resamples: z.int().min(100).max(1_000_000).describe('Bootstrap resamples.'),
  'min-cases': z.int().min(1).describe('Fewer compared cases than this can never give a regression.'),
  'max-error-rate': z.number().min(0).max(1).describe('Share of errored records above which the verdict is error.'),
  'absolute-threshold': z
    .number()
    .gt(0)
    .describe('Absolute drop that fails the gate when the relative change is undefined.'),
  'on-removed-suite': z
    .enum(['warn', 'fail'])
    .describe(
      "What a pull request that removes a suite together with its files does to the check: fail (default) or warn. A removed suite whose files remain is still run. Renaming a suite is a removal: keep the old entry until the new suite's baseline is merged.",
    ),
  'on-judge-manipulation': z
    .enum(['warn', 'fail'])
    .describe(
      'What judged answers that address the judge (ask for a score, speak to the grader, override instructions) do to the check: warn lists them and keeps their scores; fail makes the suite an error.',
    ),
  'max-truncated-share': z
    .number()
    .min(0)
    .max(1)
    .describe('Share of replies cut by the token limit above which the suite gets a warning.'),
};
const gateSchema = z.strictObject({
  'max-drop': gateBase['max-drop'].default(0.05),
  confidence: gateBase.confidence.default(0.95),
  policy: gateBase.policy.default('significant-drop'),
  'on-inconclusive': gateBase['on-inconclusive'].default('warn'),
  resamples: gateBase.resamples.default(10_000),
  'min-cases': gateBase['min-cases'].default(10),
  'max-error-rate': gateBase['max-error-rate'].default(0.1),
  'absolute-threshold': gateBase['absolute-threshold'].optional(),
  'on-removed-suite': gateBase['on-removed-suite'].default('fail'),
  'on-judge-manipulation': gateBase['on-judge-manipulation'].default('warn'),
  'max-truncated-share': gateBase['max-truncated-share'].default(0.05),
  // Run-wide, so not in gateBase: one family of tests per run, not per suite.
  multiplicity: z
    .enum(MULTIPLICITY_METHODS)
    .default('holm')
    .describe(
      "Adjustment of the suites' exact-test p-values across one run: holm keeps the run's false-failure rate at the per-suite level; none tests each suite alone.",
    ),
});
const gateOverrideSchema = z.strictObject(gateBase).partial();

const datasetSchema = z.union([
  z.string().min(1),
  z.strictObject({
    path: z.string().min(1),
    format: z.enum(['jsonl', 'json', 'csv']).optional(),
    columns: z.union([z.literal('elyza'), z.record(z.string(), z.string())]).optional(),
  }),
]);

const suiteCommon = {
  name: nameSchema,
  provider: z.string().min(1),
  description: z.string().optional(),
  repeats: z.int().min(1).max(100).default(1),
  gate: gateOverrideSchema.optional(),
};

const exactCopySuite = z.strictObject({
  ...suiteCommon,
  kind: z.literal('exact-copy'),
  dataset: datasetSchema,
  templates: z.strictObject({ system: z.string().min(1).optional(), user: z.string().min(1) }),
  normalizers: z.array(z.enum(NORMALIZERS)).default([]),
});

const judgedSuite = z.strictObject({
  ...suiteCommon,
  kind: z.literal('judged'),
  judge: z.union([z.string(), z.array(z.string()).min(1)]),
  dataset: datasetSchema,
  templates: z.strictObject({
    system: z.string().min(1).optional(),
    user: z.string().min(1),
    judge: z.string().optional(),
  }),
  mode: z.enum(['absolute', 'pairwise']).default('absolute'),
  refusals: z.enum(['score-1', 'exclude']).default('score-1'),
  'judge-language': z
    .enum(['en', 'ja'])
    .default('en')
    .describe('Language of the built-in judge template (when templates.judge is not set).'),
});

const roundTripSuite = z.strictObject({
  ...suiteCommon,
  kind: z.literal('round-trip'),
  language: z.enum(['ja', 'en', 'es', 'zh']),
  tasks: z.string().min(1),
  templates: z.strictObject({ 'nl-to-code': z.string().min(1), 'code-to-nl': z.string().min(1) }),
  repeats: z.int().min(1).max(100).default(3),
  cycles: z.int().min(1).max(50).default(10),
  executor: z
    .enum(['pyodide', 'unsafe-host-python'])
    .default('pyodide')
    .describe(
      "pyodide: the default sandbox. unsafe-host-python: the runner's python3 with an empty environment and limits; it does NOT protect secrets, files or the network.",
    ),
  prefix: z
    .string()
    .min(1)
    .optional()
    .describe(
      'The prefix every description must start with (default by language: "Task: ", "Tarea: ", "タスク: ", "任务: ").',
    ),
  'language-threshold': z
    .number()
    .min(0)
    .max(1)
    .default(0.5)
    .describe(
      'ja and zh: the least share of Japanese (or Han) characters in a description, after removing ASCII, digits, symbols and code spans.',
    ),
  'timeout-ms': z
    .int()
    .min(100)
    .max(600_000)
    .default(10_000)
    .describe("Wall-clock limit of one run of the tests on the model's code."),
});

const promptSuite = z.strictObject({ ...suiteCommon, ...PROMPT_SUITE_SHAPE }); // wiring: prompt kind

const suiteSchema = z.discriminatedUnion('kind', [exactCopySuite, judgedSuite, roundTripSuite, promptSuite]); // wiring: prompt kind

/** The gate when a file sets none (also for `evalgate compare` without a config). */
export const DEFAULT_GATE: Readonly<z.output<typeof gateSchema>> = Object.freeze(gateSchema.parse({}));

/** The zod schema of evalgate.yml. */
export const configSchema = z.strictObject({
  $schema: z.string().optional(),
  version: z.literal(1),
  providers: z.record(nameSchema, providerSchema),
  suites: z.array(suiteSchema).min(1),
  gate: gateSchema.default({ ...DEFAULT_GATE }),
  report: z
    .strictObject({
      language: z
        .enum(REPORT_LANGUAGES)
        .default('en')
        .describe(
          "The language of the report and of the CLI's final lines (en or ja); the CLI's --language and the action's report-language input win.",
        ),
    })
    .optional()
    .describe('How the report is written.'),
  budget: z
    .strictObject({
      'max-calls': z
        .int()
        .positive()
        .optional()
        .describe(
          'Model calls the run may make (retries included); then it stops, keeps what it finished and exits 3.',
        ),
      'max-cost': z
        .number()
        .positive()
        .optional()
        .describe('USD the run may spend (from token usage and prices); then it stops as above.'),
    })
    .optional()
    .describe('Limits on what one run may spend; --max-calls and --max-cost override them.'),
});

/** The configuration as the schema outputs it (kebab-case keys, defaults filled). */
export type ConfigFile = z.output<typeof configSchema>;
/** One provider entry. */
export type ProviderConfig = z.output<typeof providerSchema>;
/** The gate settings after defaults. */
export type GateConfig = z.output<typeof gateSchema>;
/** Any suite entry. */
export type SuiteConfig = z.output<typeof suiteSchema>;
/** An exact-copy suite entry. */
export type ExactCopySuiteConfig = z.output<typeof exactCopySuite>;
/** A judged suite entry. */
export type JudgedSuiteConfig = z.output<typeof judgedSuite>;
/** A round-trip suite's configuration. */
export type RoundTripSuiteConfig = z.output<typeof roundTripSuite>;
/** A prompt suite's configuration. */
export type PromptSuiteConfig = z.output<typeof promptSuite>; // wiring: prompt kind

/** A parsed configuration with the means to point back into the file. */
export interface LoadedConfig {
  file: string;
  config: ConfigFile;
  /** The 1-based line of a key path in the file, if it is there. */
  lineOf(path: readonly PropertyKey[]): number | undefined;
}

/** The JSON Schema of the configuration, for editors (`evalgate.schema.json`). */
export function configJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return { ...schema, title: 'evalgate configuration', $id: 'https://evalgate.dev/evalgate.schema.json' };
}

/** Parses and validates the text of a configuration file; throws a ConfigError listing every problem. */
export function parseConfig(text: string, file: string): LoadedConfig {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    // One syntax slip cascades into many messages; the first few locate it.
    const problems = doc.errors.slice(0, 3).map((e) => {
      const line = e.linePos?.[0]?.line;
      return `${file}${line ? `:${line}` : ''}: YAML syntax: ${e.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '')}`;
    });
    throw new ConfigError(
      { file, line: doc.errors[0]?.linePos?.[0]?.line, column: doc.errors[0]?.linePos?.[0]?.col },
      problems.join('\n'),
      problems,
    );
  }
  const lineOf = (path: readonly PropertyKey[]): number | undefined => lineOfPath(doc, lineCounter, path);
  const data: unknown = doc.toJS();
  const parsed = configSchema.safeParse(data, { reportInput: true });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      redactUrls(describeIssue(issue, file, data, lineOf, doc, lineCounter)),
    );
    throw new ConfigError({ file, line: firstLine(problems) }, problems.join('\n'), problems);
  }
  const loaded: LoadedConfig = { file, config: parsed.data, lineOf };
  checkReferences(loaded);
  return loaded;
}

function firstLine(problems: string[]): number | undefined {
  const m = /^[^:]*:(\d+)/.exec(problems[0] ?? '');
  return m ? Number(m[1]) : undefined;
}

/** Cross-field rules zod cannot express alone: unique names, known providers. */
function checkReferences(loaded: LoadedConfig): void {
  const { config, file } = loaded;
  const problems: string[] = [];
  const seen = new Map<string, number>();
  const providers = Object.keys(config.providers);
  config.suites.forEach((suite, i) => {
    const at = (key: string): string =>
      located(file, loaded.lineOf(['suites', i, key]), formatPath(['suites', i, key]));
    if (seen.has(suite.name))
      problems.push(
        `${at('name')}: suite name "${suite.name}" is used twice (also suites[${seen.get(suite.name)}]); names must be unique because they name result and baseline files`,
      );
    seen.set(suite.name, i);
    const refs: string[] = [suite.provider];
    if (suite.kind === 'judged') refs.push(...(Array.isArray(suite.judge) ? suite.judge : [suite.judge]));
    if (suite.kind === 'prompt') {
      // wiring: prompt kind — judge assertions name their judges
      suite.assert.forEach((a, j) => {
        if (a.type !== 'judge') return;
        for (const ref of Array.isArray(a.judge) ? a.judge : [a.judge])
          if (!providers.includes(ref))
            problems.push(
              `${located(file, loaded.lineOf(['suites', i, 'assert', j, 'judge']), formatPath(['suites', i, 'assert', j, 'judge']))}: unknown provider "${ref}"; defined providers: ${providers.join(', ') || '(none)'}`,
            );
      });
    }
    for (const ref of refs) {
      if (!providers.includes(ref)) {
        const key = ref === suite.provider ? 'provider' : 'judge';
        problems.push(`${at(key)}: unknown provider "${ref}"; defined providers: ${providers.join(', ') || '(none)'}`);
      }
    }
  });
  if (problems.length > 0) throw new ConfigError({ file, line: firstLine(problems) }, problems.join('\n'), problems);
}

function located(file: string, line: number | undefined, path: string): string {
  return `${file}${line !== undefined ? `:${line}` : ''} ${path}`;
}

function lineOfPath(doc: Document, lineCounter: LineCounter, path: readonly PropertyKey[]): number | undefined {
  // Walk down as far as the path exists, so a missing key points at its parent.
  for (let depth = path.length; depth >= 0; depth--) {
    const node = doc.getIn(path.slice(0, depth) as unknown[], true) as { range?: [number, number, number] } | undefined;
    if (node && typeof node === 'object' && node.range) {
      // For a mapping value, prefer the line of its key.
      if (depth > 0) {
        const keyLine = keyLineOf(doc, lineCounter, path.slice(0, depth));
        if (keyLine !== undefined) return keyLine;
      }
      return lineCounter.linePos(node.range[0]).line;
    }
  }
  return undefined;
}

function keyLineOf(doc: Document, lineCounter: LineCounter, path: readonly PropertyKey[]): number | undefined {
  const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1) as unknown[], true);
  const last = path[path.length - 1];
  if (isMap(parent)) {
    for (const pair of parent.items) {
      const key = pair.key as { value?: unknown; range?: [number, number, number] } | null;
      if (key && key.value === last && key.range) return lineCounter.linePos(key.range[0]).line;
    }
  }
  if (isSeq(parent) && typeof last === 'number') {
    const item = parent.items[last] as { range?: [number, number, number] } | undefined;
    if (item?.range) return lineCounter.linePos(item.range[0]).line;
  }
  return undefined;
}

function describeIssue(
  issue: z.core.$ZodIssue,
  file: string,
  data: unknown,
  lineOf: (p: readonly PropertyKey[]) => number | undefined,
  doc: Document,
  lineCounter: LineCounter,
): string {
  const path = issue.path;
  if (issue.code === 'unrecognized_keys') {
    const parentPath = formatPath(path);
    const known = knownKeys(data, path);
    return issue.keys
      .map((key) => {
        const full = [...path, key];
        const hint = suggest(key, known);
        return `${located(file, keyLineOf(doc, lineCounter, full) ?? lineOf(path), formatPath(full))}: unknown key${hint ? `; did you mean "${hint}"?` : ''}${known.length ? ` Valid keys${parentPath ? ` of ${parentPath}` : ''}: ${known.join(', ')}` : ''}`;
      })
      .join('\n');
  }
  const where = located(file, lineOf(path), formatPath(path) || '(top level)');
  if (issue.code === 'invalid_key') {
    const inner = issue.issues[0];
    return `${where}: ${inner?.message ?? issue.message}${typeof issue.input === 'string' ? `, got ${JSON.stringify(issue.input)}` : ''}`;
  }
  if (issue.input === undefined && issue.code !== 'custom') return `${where}: required key is missing`;
  if (issue.code === 'invalid_union' && 'discriminator' in issue && issue.discriminator === 'kind') {
    const got = getAt(data, path);
    return `${where}: expected one of ${SUITE_KINDS.join(', ')}, got ${JSON.stringify(got)}`;
  }
  if (issue.code === 'invalid_value') {
    return `${where}: expected one of ${issue.values.map((v) => String(v)).join(', ')}, got ${JSON.stringify(issue.input)}`;
  }
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return `${where}: required key is missing (expected ${issue.expected})`;
    return `${where}: expected ${issue.expected}, got ${JSON.stringify(issue.input)}`;
  }
  return `${where}: ${issue.message}${issue.input !== undefined && typeof issue.input !== 'object' ? `, got ${JSON.stringify(issue.input)}` : ''}`;
}

function getAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = data;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

/** The keys the schema accepts at a path, for "did you mean" hints. */
function knownKeys(data: unknown, path: readonly PropertyKey[]): string[] {
  const p = path.map((k) => (typeof k === 'number' ? '#' : String(k)));
  if (p.length === 0) return Object.keys(configSchema.shape);
  if (p[0] === 'gate' && p.length === 1) return Object.keys(gateSchema.shape);
  if (p[0] === 'budget' && p.length === 1) return ['max-calls', 'max-cost'];
  if (p[0] === 'providers' && p.length === 2) return Object.keys(providerSchema.shape);
  if (p[0] === 'suites') {
    const kind = getAt(data, [...path.slice(0, 2), 'kind']);
    const schema =
      kind === 'judged'
        ? judgedSuite
        : kind === 'round-trip'
          ? roundTripSuite
          : kind === 'prompt' // wiring: prompt kind
            ? promptSuite
            : exactCopySuite;
    if (p.length === 2) return Object.keys(schema.shape);
    if (p.length === 3 && p[2] === 'templates') return Object.keys(schema.shape.templates.shape);
    if (p.length === 3 && p[2] === 'gate') return Object.keys(gateSchema.shape);
  }
  return [];
}

/** The closest known key within edit distance 2, if any. */
function suggest(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    const d = editDistance(key, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] as number;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j] as number;
      prev[j] = Math.min(up + 1, (prev[j - 1] as number) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length] as number;
}
