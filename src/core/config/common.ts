/**
 * The parts of the configuration schema every suite kind builds on: names, providers,
 * the gate, datasets and the keys common to every suite entry. A leaf module (it imports
 * no kind), so each kind's own schema in `kinds/<kind>/config.ts` can use it while the
 * registry assembles the whole schema in `schema.ts`.
 */
import { z } from 'zod';
import { POLICIES } from '../stats/gate.ts';
import { MULTIPLICITY_METHODS } from '../stats/multiplicity.ts';

/** Whether a URL carries user info (`user:password@host`), which must never be configured. */
function hasUserInfo(url: string): boolean {
  try {
    const u = new URL(url);
    return u.username !== '' || u.password !== '';
  } catch {
    return false;
  }
}

/** The values `reasoning-effort` may take (as OpenAI names them). */
export const REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] as const;

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/**
 * Names that are properties of every object (toString, constructor, …): as a provider or
 * suite name they would resolve to Object.prototype's members wherever a name is looked
 * up, so they are refused outright.
 */
const RESERVED = new Set(Object.getOwnPropertyNames(Object.prototype));
/** A provider or suite name: safe in file names, never a property of every object. */
export const nameSchema = z
  .string()
  .regex(NAME, 'use letters, digits, ".", "_" and "-"')
  .refine((name) => !RESERVED.has(name), {
    error: 'this name is reserved (it is a property of every JavaScript object); choose another',
  });
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

// Control characters, the Unicode line separators and the bidi controls: in a value that
// reaches the log or the report a newline could start a workflow command of its own.
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const CONTROL_MESSAGE =
  'contains a control character (a newline, escape or line separator); a value that reaches the log must be one plain line';
/** A value shown on one line of the log and the report (a model id, a provider reference). */
export const lineText = z
  .string()
  .min(1)
  .refine((text) => !CONTROL_CHARS.test(text), { error: CONTROL_MESSAGE });
/** Free text that may span lines (a description): no control characters but newline and tab. */
export const freeText = z.string().refine((text) => !CONTROL_CHARS.test(text.replace(/[\n\t]/g, ' ')), {
  error: CONTROL_MESSAGE.replace('a newline, escape', 'an escape'),
});

/** One entry of `providers:`: an OpenAI-compatible endpoint and how to call it. */
export const providerSchema = z.strictObject({
  model: lineText.describe('The model name the endpoint serves.'),
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
  'manipulation-check': z
    .enum(['patterns', 'judge'])
    .describe(
      "How answers that address the judge are found: patterns (the scan alone); judge also asks the suite's first judge for a second opinion on each answer the scan flagged or found borderline (one extra call per such answer, cached like any call). A borderline answer is flagged only when that judge says it tries to influence grading, or when the check fails.",
    ),
  'max-truncated-share': z
    .number()
    .min(0)
    .max(1)
    .describe('Share of replies cut by the token limit above which the suite gets a warning.'),
  'on-stale-baseline': z
    .enum(['warn', 'fail'])
    .describe(
      "What a baseline measured with another instrument (judge, metrics, normalizers, scoring version) does to the check: warn (default) reports it with the refresh command and passes; fail fails the check until the baseline is refreshed. On a pull request only the base branch's own changes can make a baseline stale.",
    ),
};
/** The file-wide `gate:` with its defaults. */
export const gateSchema = z.strictObject({
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
  'manipulation-check': gateBase['manipulation-check'].default('patterns'),
  'max-truncated-share': gateBase['max-truncated-share'].default(0.05),
  'on-stale-baseline': gateBase['on-stale-baseline'].default('warn'),
  // Run-wide, so not in gateBase: one family of tests per run, not per suite.
  multiplicity: z
    .enum(MULTIPLICITY_METHODS)
    .default('holm')
    .describe(
      "Adjustment of the suites' exact-test p-values across one run: holm keeps the run's false-failure rate at the per-suite level; none tests each suite alone.",
    ),
});
/**
 * A suite's absolute floors: metric name → the least value its candidate may have. Per
 * suite only, because metrics are the suite kind's; checked against what the suite
 * measures before any call.
 */
export const floorSchema = z
  .record(z.string().min(1), z.number())
  .refine((floors) => Object.keys(floors).length > 0, { error: 'name at least one metric, e.g. pass-rate: 0.9' })
  .describe(
    "Absolute floors: metric name → the least value this suite's run may have (e.g. pass-rate: 0.9). A run below a floor fails the check on its own (verdict below-floor), whatever the baseline says; on pull requests the base branch's floors apply.",
  );
/** A suite's `gate:` overrides (no defaults: unset keys fall back to the file's gate), and its floors. */
export const gateOverrideSchema = z.strictObject({ ...gateBase, min: floorSchema }).partial();

/** A suite's `dataset:`: a path, or a path with its format and column mapping. */
export const datasetSchema = z.union([
  z.string().min(1),
  z.strictObject({
    path: z.string().min(1),
    format: z.enum(['jsonl', 'json', 'csv']).optional(),
    columns: z.union([z.literal('elyza'), z.record(z.string(), z.string())]).optional(),
  }),
]);

/** The keys every suite entry has; each kind spreads them into its own strict object. */
export const suiteCommon = {
  name: nameSchema,
  provider: lineText,
  description: freeText.optional(),
  repeats: z.int().min(1).max(100).default(1),
  gate: gateOverrideSchema.optional(),
};

/** The gate when a file sets none (also for `evalgate compare` without a config). */
export const DEFAULT_GATE: Readonly<z.output<typeof gateSchema>> = Object.freeze(gateSchema.parse({}));

/** One provider entry. */
export type ProviderConfig = z.output<typeof providerSchema>;
/** The gate settings after defaults, with the suite's floors when it sets any. */
export type GateConfig = z.output<typeof gateSchema> & { min?: Readonly<Record<string, number>> };
/** A suite's dataset entry: a path, or a path with its format and columns. */
export type DatasetConfig = z.output<typeof datasetSchema>;

/** Any suite entry seen through the common keys only (a kind's own keys pass through). */
export const commonSuiteSchema = z.looseObject({ ...suiteCommon, kind: z.string() });
/**
 * The keys every suite entry has, whatever its kind. Code outside `kinds/` sees a suite
 * only as this; what a kind adds is its own business (SuiteKind).
 */
export type SuiteConfig = z.output<typeof commonSuiteSchema>;

/** The executors that run model-written code: the sandbox, and the host's python3 (no sandbox). */
export const EXECUTORS = ['pyodide', 'unsafe-host-python'] as const;
/** An executor. */
export type Executor = (typeof EXECUTORS)[number];

/**
 * The limit of one run of model code or of one python check in the sandbox, in ms of CPU
 * time; the clock ends it at ten times that (docs/design/sandbox.md, "Time limits").
 */
export function sandboxTimeLimit(what: string) {
  return z
    .int()
    .min(100)
    .max(600_000)
    .default(10_000)
    .describe(
      `Limit of ${what}, in ms of CPU time in the sandbox, whose clock ends it at ten times that (unsafe-host-python: on the clock).`,
    );
}
