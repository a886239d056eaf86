import { createRequire as __evalgateCreateRequire } from 'node:module';
const require = __evalgateCreateRequire(import.meta.url);
import {
  callsDone,
  callsStarting,
  collectBeforeReport,
  collectingEvery,
  giveBackBetweenSteps
} from "./cli-chunk-UD6IMA3B.js";
import {
  ANSWERED,
  CUT_BY_LIMIT,
  CUT_BY_SIZE,
  CaseColumns,
  ConfigError,
  DEFAULT_GATE,
  REASONED,
  REPORT_LANGUAGES,
  RecordChecks,
  ResultLinesError,
  ResultWriting,
  StoredRecordError,
  VERDICT_ICON,
  adjustAcrossSuites,
  applyFloors,
  assembleResult,
  caseAt,
  caseHashAt,
  caseIdAt,
  caseTable,
  checkResultKind,
  codeBlock,
  compareWithBaseline,
  configError,
  costOf,
  count,
  describeInstrumentChanges,
  documentValue,
  errorFacts,
  explainVerdict,
  external_exports,
  findKind,
  floorProblem,
  formatMetric,
  formatPath,
  formatPercent,
  formatProblem,
  formatSigned,
  gateOverrideSchema,
  gateSchema,
  hashValue,
  inlineCode,
  inlineText,
  kindNames,
  kindOf,
  kinds,
  messagesFor,
  nameSchema,
  overallVerdict,
  parseResultLines,
  pickCases,
  planResume,
  pricingFor,
  providerSchema,
  readBackLog,
  readBackLogInPlace,
  readStoredResult,
  recordColumns,
  recordSigner,
  recordsByCase,
  registryVersion,
  replyFlagsOf,
  require_dist,
  resultChunks,
  round4,
  runSuite,
  sameMeasurement,
  servedModels,
  sideMeans,
  startLogLines,
  statisticsFacts,
  trendText,
  truncate,
  usageLine,
  validateResult,
  writtenFileText
} from "./cli-chunk-WXMQQV57.js";
import {
  __toESM
} from "./cli-chunk-K5RSY7YU.js";

// src/core/summary.ts
var VERDICTS = [
  "pass",
  "regression",
  "below-floor",
  "inconclusive",
  "error",
  "no-baseline",
  "stale-baseline"
];
var num = external_exports.number().nullable();
var causeSchema = external_exports.strictObject({
  records: external_exports.int().min(0),
  cases: external_exports.int().min(0).describe("Distinct cases with such an error."),
  reasons: external_exports.record(external_exports.string(), external_exports.int().min(0)).describe("Records per reason code.")
});
var suiteSummarySchema = external_exports.strictObject({
  name: external_exports.string(),
  kind: external_exports.string(),
  metric: external_exports.string().describe("The primary metric the verdict is about."),
  baseline: num.describe("Mean of per-case means over the compared cases (4 decimals)."),
  candidate: num,
  change: num.describe("The estimate: relative (a ratio of sums) or absolute, see unit (4 decimals)."),
  interval: external_exports.tuple([external_exports.number(), external_exports.number()]).nullable().describe("The confidence interval of change."),
  verdict: external_exports.enum(VERDICTS),
  cases: external_exports.int().min(0).describe("Cases compared (or, without a comparison, cases run)."),
  errors: external_exports.int().min(0).describe("Errored records of the candidate, of either cause (never scored as such)."),
  errorsByCause: external_exports.strictObject({
    candidate: causeSchema.describe(
      "Errors the candidate caused (a request refused for its content or length, a reply cut or unusable, a judge that refused or gave no verdict, a check that raised): each counts as a failure of its case, the metric's worst value."
    ),
    infrastructure: causeSchema.describe(
      "Errors of the infrastructure (5xx, 429, network, timeouts, auth, a sandbox that could not run): excluded up to max-error-rate; the verdict must hold with them counted as failures, else it is error."
    )
  }).describe("The candidate's errored records by cause (docs/design/spec.md, Errors by cause)."),
  unit: external_exports.enum(["relative", "absolute"]).nullable().describe("relative: change is (\u03A3cand \u2212 \u03A3base)/\u03A3base; absolute: a difference of means (baseline 0, or net win)."),
  intervalMethod: external_exports.enum(["bca", "percentile", "none"]).nullable().describe("none: the interval has zero width (no variation)."),
  se: num.describe("Bootstrap standard error of change (SD of the resampled changes)."),
  mde: num.describe(
    "Minimum detectable effect at 80% power for the gate's two-sided test: (z_{1\u2212\u03B1/2} + z_0.8)\xB7se; null when se is 0."
  ),
  casesNeeded: external_exports.int().min(0).nullable().describe("Resampled units that would bring mde down to the gate's threshold at the current variance."),
  casesNeededUnit: external_exports.enum(["cases", "clusters", "tasks"]).nullable().describe("The unit casesNeeded (and the bootstrap) counts."),
  pValue: num.describe("Two-sided p of the sign-flip test of no change."),
  pMethod: external_exports.enum(["exact", "monte-carlo"]).nullable(),
  pAdjusted: num.describe(
    "pValue after the run-wide multiplicity adjustment (gate.multiplicity: Holm with Tarone's family); the verdict uses this one."
  ),
  pAttainable: num.describe(
    "The smallest p this suite's exact test could have given on its changed cases (2/2^k; 1 with none, or below min-cases). Under Tarone's rule only suites whose pAttainable could reach significance count in the family."
  ),
  family: external_exports.int().min(0).nullable().describe("Suites counted in the multiplicity family (those that could reach significance), of those compared."),
  resamples: external_exports.int().min(0).nullable().describe("Bootstrap resamples kept (drawn minus skipped)."),
  skippedResamples: external_exports.int().min(0).nullable().describe("Resamples skipped because their baseline sum was 0."),
  verdictBeforeAdjustment: external_exports.enum(VERDICTS).nullable().describe("The verdict before the multiplicity adjustment, when the adjustment changed it."),
  judgeManipulation: external_exports.strictObject({ cases: external_exports.int().min(0), caseIds: external_exports.array(external_exports.string()) }).optional().describe(
    "Suites whose judge-graded answers (judged suites, prompt suites with judge assertions) addressed the judge: how many cases, and which."
  ),
  floors: external_exports.array(
    external_exports.strictObject({
      metric: external_exports.string(),
      min: external_exports.number(),
      value: num.describe("The run's value over all its cases (4 decimals); null when it has none."),
      met: external_exports.boolean()
    })
  ).optional().describe("Suites with absolute floors (gate.min): each floor and whether this run met it.")
});
var runSummarySchema = external_exports.strictObject({
  verdict: external_exports.enum(VERDICTS),
  multiplicity: external_exports.enum(["holm", "none"]).nullable().describe("The adjustment applied across the suites compared in this run."),
  suites: external_exports.array(suiteSummarySchema),
  notRun: external_exports.array(external_exports.strictObject({ name: external_exports.string(), reason: external_exports.string() })),
  trust: external_exports.strictObject({
    untrusted: external_exports.array(external_exports.strictObject({ kind: external_exports.string(), path: external_exports.string() })).describe("Changes of the pull request's config not applied to its own run (taken from the base commit)."),
    rejected: external_exports.strictObject({ cacheEntries: external_exports.int().min(0), records: external_exports.int().min(0) }).describe("Stored entries that failed authentication and were ignored.")
  }).optional().describe("Pull requests: what was not trusted, and forged or foreign stored entries."),
  budget: external_exports.strictObject({ stopped: external_exports.string() }).optional().describe("Present when the budget stopped the run, with why.")
});
function summarize(verdict, comparisons, notRun = [], notices = {}) {
  const untrusted = (notices.untrusted ?? []).map((c) => ({ kind: c.kind, path: c.path }));
  const rejected = notices.rejected ?? { cacheEntries: 0, records: 0 };
  const trust = untrusted.length > 0 || rejected.cacheEntries > 0 || rejected.records > 0 ? { trust: { untrusted, rejected } } : {};
  return {
    verdict,
    multiplicity: comparisons.find((c) => c.multiplicity !== null)?.multiplicity?.method ?? null,
    suites: comparisons.map((c) => {
      const b = c.bootstrap;
      return {
        name: c.name,
        kind: c.kind,
        metric: c.metric,
        baseline: round4(c.baseline),
        candidate: round4(c.candidate),
        change: round4(c.change),
        interval: c.interval ? [round4(c.interval.lower) ?? 0, round4(c.interval.upper) ?? 0] : null,
        verdict: c.verdict,
        cases: c.pairing?.compared ?? c.errors.cases,
        errors: c.errors.candidate,
        errorsByCause: {
          candidate: causeSummary(c.errors.byCause.candidate),
          infrastructure: causeSummary(c.errors.byCause.infrastructure)
        },
        unit: c.unit,
        intervalMethod: b?.method ?? null,
        se: b ? round6(b.standardError) : null,
        mde: c.power ? round6(c.power.mde) : null,
        casesNeeded: c.power?.casesNeeded ?? null,
        casesNeededUnit: c.power?.unit ?? null,
        pValue: c.exactTest?.pValue ?? null,
        pMethod: c.exactTest?.method ?? null,
        pAdjusted: c.multiplicity?.pAdjusted ?? c.exactTest?.pValue ?? null,
        pAttainable: c.multiplicity?.pAttainable ?? c.exactTest?.minPValue ?? null,
        family: c.multiplicity?.family ?? null,
        resamples: b ? b.resamples - b.skippedResamples : null,
        skippedResamples: b?.skippedResamples ?? null,
        verdictBeforeAdjustment: c.multiplicity?.verdictBefore ?? null,
        ...c.judgeManipulation?.length ? {
          judgeManipulation: {
            cases: c.judgeManipulation.length,
            caseIds: c.judgeManipulation.map((f) => f.caseId)
          }
        } : {},
        ...c.floors.length > 0 ? { floors: c.floors.map((f) => ({ metric: f.metric, min: f.min, value: round4(f.value), met: f.met })) } : {}
      };
    }),
    notRun: [...notRun],
    ...trust,
    ...notices.budgetStop ? { budget: { stopped: notices.budgetStop } } : {}
  };
}
function summaryJsonSchema() {
  const schema = external_exports.toJSONSchema(runSummarySchema, { io: "output" });
  return { ...schema, title: "evalgate summary.json", $id: "https://evalgate.dev/evalgate-summary.schema.json" };
}
function failsCheck(c) {
  return c.verdict === "regression" || c.verdict === "below-floor" || c.verdict === "error" || c.verdict === "inconclusive" && c.gate["on-inconclusive"] === "fail" || c.verdict === "stale-baseline" && c.gate["on-stale-baseline"] === "fail";
}
function exitCodeFor(verdict, comparisons) {
  if (verdict === "error") return 3;
  if (verdict === "regression" || verdict === "below-floor") return 1;
  if (comparisons.some((c) => c.verdict === "inconclusive" && c.gate["on-inconclusive"] === "fail")) return 1;
  if (comparisons.some((c) => c.verdict === "stale-baseline" && c.gate["on-stale-baseline"] === "fail")) return 1;
  return 0;
}
function causeSummary(e) {
  return { records: e.records, cases: e.cases.length, reasons: { ...e.reasons } };
}
function round6(value) {
  return Number.isFinite(value) ? Math.round(value * 1e6) / 1e6 : null;
}

// src/core/shard.ts
function parseShard(text) {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = m ? Number(m[1]) : Number.NaN;
  const count2 = m ? Number(m[2]) : Number.NaN;
  if (!m || index < 1 || count2 < 1 || index > count2) {
    throw configError(
      { file: "command line", path: "--shard" },
      `--shard must be i/n with 1 \u2264 i \u2264 n (e.g. 2/4), got ${JSON.stringify(text)}`
    );
  }
  return { index, count: count2 };
}
function shardCases(cases, spec) {
  const ids = Array.from({ length: cases.length }, (_, i) => caseIdAt(cases, i));
  const sorted = ids.map((_, i) => i).sort((a, b) => {
    const x = ids[a];
    const y = ids[b];
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const mine = sorted.filter((_, i) => i % spec.count === spec.index - 1);
  return {
    cases: pickCases(cases, mine),
    info: {
      ...spec,
      caseIds: mine.map((i) => ids[i]),
      totalCases: sorted.length,
      allCasesHash: hashValue(sorted.map((i) => [ids[i], caseHashAt(cases, i)]))
    }
  };
}
function mergeShardParts(parts) {
  const first = parts[0];
  if (!first) throw configError({ file: "merge" }, "no shard results to merge");
  const name = first.result.suite.name;
  const where = (p) => `${p.source} (suite ${name}, shard ${p.result.shard ? `${p.result.shard.index}/${p.result.shard.count}` : "\u2014"}, run ${p.result.runId})`;
  for (const p of parts) {
    if (!p.result.shard)
      throw configError({ file: p.source }, `${where(p)} is not a shard result; it was not made with --shard`);
  }
  const head = first.result.shard;
  for (const p of parts.slice(1)) {
    const s = p.result.shard;
    if (p.result.runId !== first.result.runId)
      throw configError(
        { file: p.source },
        `${where(p)} belongs to another run than ${where(first)}; merge the shards of one run (the same --run-id)`
      );
    if (s.count !== head.count)
      throw configError(
        { file: p.source },
        `${where(p)} splits the suite into ${s.count} shards, ${where(first)} into ${head.count}`
      );
    if (p.result.tested.hash !== first.result.tested.hash || p.result.instrument.hash !== first.result.instrument.hash || s.allCasesHash !== head.allCasesHash) {
      throw configError(
        { file: p.source },
        `${where(p)} tested or measured something else than ${where(first)} (dataset, templates, model, settings or metrics differ)`
      );
    }
  }
  const byIndex = /* @__PURE__ */ new Map();
  for (const p of parts) {
    const i = p.result.shard.index;
    const other = byIndex.get(i);
    if (other)
      throw configError(
        { file: p.source },
        `shard ${i}/${head.count} of suite ${name} appears twice: ${p.source} and ${other.source}`
      );
    byIndex.set(i, p);
  }
  const missing = Array.from({ length: head.count }, (_, k) => k + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0)
    throw configError(
      { file: "merge" },
      `suite ${name}: shard ${missing.map((i) => `${i}/${head.count}`).join(", ")} of run ${first.result.runId} is missing; pass every shard's output directory`
    );
  const owner = /* @__PURE__ */ new Map();
  for (const p of parts) {
    const s = p.result.shard;
    for (const id of s.caseIds) {
      if (owner.has(id))
        throw configError(
          { file: p.source },
          `case ${id} of suite ${name} is in shard ${owner.get(id)} and shard ${s.index}`
        );
      owner.set(id, s.index);
    }
    for (const r of p.result.records) {
      if (owner.get(r.caseId) !== s.index)
        throw configError({ file: p.source }, `${where(p)} holds case ${r.caseId}, which is not in its slice`);
    }
  }
  if (owner.size !== head.totalCases)
    throw configError({ file: "merge" }, `suite ${name}: the shards cover ${owner.size} of ${head.totalCases} cases`);
  const records = parts.flatMap((p) => p.result.records);
  const started = parts.map((p) => p.result.startedAt).sort()[0];
  const finished = parts.map((p) => p.result.finishedAt).sort().at(-1);
  const merged = assembleResult(
    {
      name,
      kind: first.result.suite.kind,
      tested: first.result.tested,
      instrument: first.result.instrument,
      pricing: null
    },
    records,
    { startedAt: started, finishedAt: finished, runId: first.result.runId, toolVersion: first.result.tool.version }
  );
  const costs = parts.map((p) => p.result.aggregates.cost);
  merged.aggregates.cost = costs.every((c) => c !== null) ? { usd: costs.reduce((s, c) => s + (c?.usd ?? 0), 0), source: costs[0].source } : null;
  return merged;
}

// src/core/lfs-pointer.ts
var HEADER = "version https://git-lfs.github.com/spec/v1\n";
var MAX_POINTER_BYTES = 1024;
function parseLfsPointer(bytes) {
  if (bytes.length > MAX_POINTER_BYTES || bytes.length < HEADER.length) return null;
  const text = new TextDecoder().decode(bytes);
  if (!text.startsWith(HEADER)) return null;
  const oid = /^oid sha256:([0-9a-f]{64})$/m.exec(text)?.[1];
  const size = /^size (\d+)$/m.exec(text)?.[1];
  if (oid === void 0 || size === void 0) return null;
  return { oid, size: Number(size) };
}
var LFS_CHECKOUT_FIX = "check out with `lfs: true` (actions/checkout) so the content is present, or keep the file out of Git LFS";
async function* refuseLfsPointer(stream, fail) {
  const it = stream[Symbol.asyncIterator]();
  const head = [];
  let size = 0;
  while (size <= MAX_POINTER_BYTES) {
    const next = await it.next();
    if (next.done) {
      const whole = new Uint8Array(size);
      let at = 0;
      for (const chunk of head) {
        whole.set(chunk, at);
        at += chunk.length;
      }
      const pointer = parseLfsPointer(whole);
      if (pointer) throw fail(pointer);
      if (size > 0) yield whole;
      return;
    }
    head.push(next.value);
    size += next.value.length;
  }
  yield* head;
  for (; ; ) {
    const next = await it.next();
    if (next.done) return;
    yield next.value;
  }
}

// src/core/datasets/collect.ts
var jsonRow = (raw) => {
  const text = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`not valid JSON now: ${error.message}`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error("not a JSON object now");
  return value;
};
function collectCases(file, options = {}, readRange) {
  const keep = options.keep ?? true;
  const maxRows = options.maxRows ?? null;
  const lazy = keep && (options.lazy ?? false) && readRange !== void 0;
  const table = lazy ? new CaseColumns(file) : null;
  const list = [];
  let count2 = 0;
  let rebuild = null;
  let decode = jsonRow;
  let placed = 0;
  return {
    add(evalCase, place) {
      count2++;
      if (maxRows !== null && count2 > maxRows)
        throw configError(
          { file, line: evalCase.source?.line },
          `the dataset has more than ${maxRows} rows, and each row is at least one model call: a pull request may make at most ${maxRows} (budget.max-pr-calls of the base branch); reading stopped here and nothing was called. Split the dataset, or raise budget.max-pr-calls on the base branch first`
        );
      if (!keep) return;
      if (table === null) list.push(evalCase);
      else if (rebuild !== null && place !== void 0 && evalCase.source.file === file) {
        table.add(evalCase, place);
        placed++;
      } else table.addWhole(evalCase);
    },
    get count() {
      return count2;
    },
    // Read once the dataset is loaded: the table without the room it kept for more cases.
    get cases() {
      table?.trim();
      return table ?? list;
    },
    rebuildWith(fn, decoder) {
      rebuild = fn;
      if (decoder) decode = decoder;
    },
    get readCases() {
      return placed > 0 && rebuild !== null && readRange !== void 0 ? rowReader(file, readRange, rebuild, decode) : null;
    }
  };
}
var GAP_BYTES = 64 * 1024;
function rowReader(file, readRange, rebuild, decode) {
  const changed = (line, why) => configError(
    { file, line },
    `line ${line} changed while the run was reading the dataset (${why}); a dataset must not change during a run: run again once nothing writes to it`
  );
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const build = (c, bytes) => {
    const { line } = c.source;
    if (bytes.length !== c.place.bytes) throw changed(line, "the file is shorter now");
    let text;
    try {
      text = decoder.decode(bytes);
    } catch {
      throw changed(line, "not valid UTF-8 now");
    }
    let value;
    try {
      value = decode(text);
    } catch (error) {
      throw changed(line, error.message);
    }
    let again;
    try {
      again = rebuild({ line, value }, c);
    } catch (error) {
      throw changed(line, error.message);
    }
    if (again.id !== c.id || again.inputHash !== c.inputHash) throw changed(line, "its case is not the one loaded");
    return again;
  };
  return async (cases) => {
    const out = new Array(cases.length);
    let i = 0;
    while (i < cases.length) {
      const first = cases[i];
      if (!("place" in first)) {
        out[i++] = first;
        continue;
      }
      const start = first.place.offset;
      let end = start + first.place.bytes;
      let used = first.place.bytes;
      let j = i + 1;
      for (; j < cases.length; j++) {
        const next = cases[j];
        if (!("place" in next)) break;
        const { offset, bytes } = next.place;
        const nextEnd = Math.max(end, offset + bytes);
        if (offset < start || nextEnd - start - (used + bytes) > GAP_BYTES) break;
        end = nextEnd;
        used += bytes;
      }
      const range = await readRange(start, end - start);
      for (let k = i; k < j; k++) {
        const c = cases[k];
        const from = c.place.offset - start;
        out[k] = build(c, range.subarray(from, Math.min(range.length, from + c.place.bytes)));
      }
      i = j;
    }
    return out;
  };
}

// src/core/suites.ts
function recordingWorkspace(inner, reads) {
  const note = async (path, into) => {
    const where = await inner.locate(path);
    if (where.status === "ok") {
      into.add(where.lexical);
      into.add(where.real);
    }
  };
  return {
    locate: (path) => inner.locate(path),
    exists: (path) => inner.exists(path),
    readBytes: async (path) => {
      await note(path, reads.files);
      const bytes = await inner.readBytes(path);
      const pointer = parseLfsPointer(bytes);
      if (pointer)
        throw configError(
          { file: path },
          `"${path}" is a Git LFS pointer (sha256 ${pointer.oid.slice(0, 12)}\u2026, ${pointer.size} bytes), not its content; ${LFS_CHECKOUT_FIX}`
        );
      return bytes;
    },
    readStream: async (path) => {
      await note(path, reads.files);
      return refuseLfsPointer(
        await inner.readStream(path),
        (pointer) => configError(
          { file: path },
          `"${path}" is a Git LFS pointer (sha256 ${pointer.oid.slice(0, 12)}\u2026, ${pointer.size} bytes), not its content; ${LFS_CHECKOUT_FIX}`
        )
      );
    },
    listFolders: async (path) => {
      await note(path, reads.folders);
      return inner.listFolders(path);
    },
    ...inner.readRange ? { readRange: inner.readRange.bind(inner) } : {}
  };
}
var noRunners = () => {
  throw new Error("this command runs no code");
};
var noNonce = () => {
  throw new Error(
    "this edge gives no random source for judge-prompt tokens (EngineDeps.nonce); judged suites cannot run without one"
  );
};
function selectSuites(loaded, names) {
  const all = loaded.config.suites.map((suite, index) => ({ index, suite }));
  if (names.length === 0) return all;
  const known = all.map((s) => s.suite.name);
  for (const name of names) {
    if (!known.includes(name))
      throw configError(
        { file: loaded.file },
        `--suite ${name}: no such suite; suites in this file: ${known.join(", ")}`
      );
  }
  return all.filter((s) => names.includes(s.suite.name));
}
async function loadSuite(loaded, index, files, options = {}) {
  const suite = loaded.config.suites[index];
  const kind = kindOf(suite.kind);
  const reads = { files: /* @__PURE__ */ new Set(), folders: /* @__PURE__ */ new Set() };
  const workspace = recordingWorkspace(files, reads);
  const instrument = options.instrument ?? workspace;
  const at = (...path) => {
    const full = ["suites", index, ...path];
    const line = loaded.lineOf(full);
    return { file: loaded.file, ...line !== void 0 ? { line } : {}, path: formatPath(full) };
  };
  const check = async (from, path, where, what) => {
    const found = await from.locate(path);
    if (found.status === "refused") throw configError(where, `${what} path "${path}" ${found.reason}`);
    if (found.status === "missing" || found.kind !== "file")
      throw configError(where, `${what} file "${path}" does not exist (paths are relative to ${loaded.file})`);
  };
  const pointerError = (path, where, what) => (pointer) => configError(
    where,
    `${what} file "${path}" is a Git LFS pointer (sha256 ${pointer.oid.slice(0, 12)}\u2026, ${pointer.size} bytes), not its content; ${LFS_CHECKOUT_FIX}`
  );
  const readFrom = async (from, path, where, what) => {
    await check(from, path, where, what);
    const bytes = await from.readBytes(path);
    const pointer = parseLfsPointer(bytes);
    if (pointer) throw pointerError(path, where, what)(pointer);
    return bytes;
  };
  const provider = (name) => {
    const found = Object.hasOwn(loaded.config.providers, name) ? loaded.config.providers[name] : void 0;
    if (!found)
      throw new Error(`suite ${suite.name}: provider "${name}" is not defined (the config check should have said so)`);
    return found;
  };
  const warnings = [];
  const kindLoaded = await kind.load({
    suite,
    index,
    file: loaded.file,
    at,
    readFile: (path, where, what) => readFrom(workspace, path, where, what),
    readInstrumentFile: (path, where, what) => readFrom(instrument, path, where, what),
    readStream: async (path, where, what) => {
      await check(workspace, path, where, what);
      return refuseLfsPointer(await workspace.readStream(path), pointerError(path, where, what));
    },
    cases: (file) => {
      const readRange = workspace.readRange?.bind(workspace);
      return collectCases(
        file,
        options.cases,
        readRange ? (offset, length) => readRange(file, offset, length) : void 0
      );
    },
    workspace,
    provider,
    gate: { ...loaded.config.gate, ...suite.gate ?? {} },
    warn: (problem) => warnings.push(problem)
  });
  return {
    index,
    config: suite,
    cases: kindLoaded.cases,
    caseCount: kindLoaded.caseCount ?? kindLoaded.cases.length,
    providers: kind.providers(suite),
    preparesWithBaseline: kind.preparesWithBaseline?.(suite) ?? false,
    ...kindLoaded.judges ? { judges: kindLoaded.judges } : {},
    ...kindLoaded.rejudge ? { rejudge: kindLoaded.rejudge.bind(kindLoaded) } : {},
    prepare: (clients, baseline, runners = noRunners, nonce = noNonce) => kindLoaded.prepare({ client: clients, baseline: baseline ?? null, runner: runners, nonce }),
    reads: { files: [...reads.files].sort(), folders: [...reads.folders].sort() },
    warnings
  };
}
function runtimeProblems(loaded, suites, nodeVersion) {
  return suites.flatMap((s) => {
    const problem = kindOf(s.config.kind).runtimeProblem?.(s.config, nodeVersion) ?? null;
    if (problem === null) return [];
    const line = loaded.lineOf(["suites", s.index]);
    return [`${loaded.file}${line !== void 0 ? `:${line}` : ""} suites[${s.index}] (${s.config.name}): ${problem}`];
  });
}

// src/core/report/junit.ts
var NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
function visible(text) {
  return text.replace(NOT_XML, (c) => `\\u${c.codePointAt(0).toString(16).padStart(4, "0")}`);
}
function xmlText(text) {
  return visible(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r/g, "&#13;");
}
function xmlAttribute(text) {
  return xmlText(text).replace(/"/g, "&quot;").replace(/'/g, "&apos;").replace(/\n/g, "&#10;").replace(/\t/g, "&#9;");
}
var MESSAGE_MAX = 300;
var BODY_MAX = 1500;
function* junitChunks(input) {
  const suites = input.comparisons.map((c) => suiteXml(c, input.results.get(c.name)));
  const reasons = messagesFor("en").notRunReason;
  for (const s of input.notRun ?? []) suites.push(notRunXml(s.name, reasons[s.reason] ?? s.reason));
  const sum = (key) => suites.reduce((total, s) => total + s.counts[key], 0);
  const time = suites.reduce((total, s) => total + s.seconds, 0);
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield `<testsuites name="evalgate" tests="${sum("tests")}" failures="${sum("failures")}" errors="${sum("errors")}" skipped="${sum("skipped")}" time="${seconds(time)}">
`;
  for (const s of suites) {
    yield s.head;
    for (const x of s.cases()) yield `
${testcaseXml(s.classname, x)}`;
    yield "\n  </testsuite>\n";
  }
  yield "</testsuites>\n";
}
function suiteXml(c, result) {
  const outcomes = result ? caseOutcomes(c, result) : { length: 0, ids: { get: () => "" }, at: () => ({}) };
  const gate = gateCase(c);
  const counts = { tests: outcomes.length + 1, failures: 0, errors: 0, skipped: 0 };
  let caseSeconds = 0;
  const tally = (x) => {
    if (x.kind === "failure") counts.failures++;
    else if (x.kind === "error") counts.errors++;
    else if (x.kind === "skipped") counts.skipped++;
  };
  const passSeconds = new Float64Array(outcomes.length);
  const kept = /* @__PURE__ */ new Map();
  for (let i = 0; i < outcomes.length; i++) {
    const x = outcomes.at(i);
    tally(x);
    caseSeconds += x.seconds;
    if (x.kind === "pass") passSeconds[i] = x.seconds;
    else kept.set(i, x);
  }
  const ids = outcomes.ids;
  tally(gate);
  const wall = result ? (Date.parse(result.finishedAt) - Date.parse(result.startedAt)) / 1e3 : NaN;
  const time = Number.isFinite(wall) && wall >= 0 ? wall : caseSeconds;
  const stamp = result && Number.isFinite(Date.parse(result.startedAt)) ? ` timestamp="${xmlAttribute(result.startedAt)}"` : "";
  const properties = suiteProperties(c, result).map(
    ([name, value]) => `      <property name="${xmlAttribute(name)}" value="${xmlAttribute(value)}"/>`
  );
  return {
    seconds: time,
    counts,
    classname: `evalgate.${c.name}`,
    cases: function* () {
      for (let i = 0; i < outcomes.length; i++)
        yield kept.get(i) ?? {
          id: ids.get(i),
          seconds: passSeconds[i],
          kind: "pass",
          type: "",
          message: "",
          body: ""
        };
      yield gate;
    },
    head: [
      `  <testsuite name="${xmlAttribute(c.name)}" tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}" time="${seconds(time)}"${stamp}>`,
      "    <properties>",
      ...properties,
      "    </properties>"
    ].join("\n")
  };
}
function notRunXml(name, reason) {
  const gate = { id: "gate", seconds: 0, kind: "skipped", type: "not-run", message: reason, body: "" };
  return {
    seconds: 0,
    counts: { tests: 1, failures: 0, errors: 0, skipped: 1 },
    classname: `evalgate.${name}`,
    cases: () => [gate],
    head: [
      `  <testsuite name="${xmlAttribute(name)}" tests="1" failures="0" errors="0" skipped="1" time="0">`,
      "    <properties>",
      '      <property name="evalgate.verdict" value="not-run"/>',
      `      <property name="evalgate.reason" value="${xmlAttribute(reason)}"/>`,
      "    </properties>"
    ].join("\n")
  };
}
function testcaseXml(classname, x) {
  const open2 = `    <testcase classname="${xmlAttribute(classname)}" name="${xmlAttribute(x.id)}" time="${seconds(x.seconds)}"`;
  if (x.kind === "pass") return `${open2}/>`;
  const message = xmlAttribute(truncate(x.message, MESSAGE_MAX));
  const type = xmlAttribute(x.type);
  const inner = x.kind === "skipped" ? `      <skipped message="${message}"/>` : `      <${x.kind} message="${message}" type="${type}">${xmlText(truncate(x.body, BODY_MAX))}</${x.kind}>`;
  return [`${open2}>`, inner, "    </testcase>"].join("\n");
}
function suiteProperties(c, result) {
  const f = c.unit === "absolute" ? formatSigned : formatPercent;
  const out = [
    ["evalgate.verdict", c.verdict],
    ["evalgate.fails-check", String(failsCheck(c))],
    ["evalgate.kind", c.kind],
    ["evalgate.metric", c.metric]
  ];
  if (result) out.push(["evalgate.model", result.tested.model]);
  if (c.baseline !== null) out.push(["evalgate.baseline", String(c.baseline)]);
  if (c.candidate !== null) out.push(["evalgate.candidate", String(c.candidate)]);
  if (c.change !== null) out.push(["evalgate.change", f(c.change)]);
  if (c.interval) out.push(["evalgate.interval", `[${f(c.interval.lower)}, ${f(c.interval.upper)}]`]);
  if (c.threshold !== null) out.push(["evalgate.max-drop", f(-c.threshold)]);
  const p = c.multiplicity?.pAdjusted ?? c.exactTest?.pValue;
  if (p !== void 0) out.push(["evalgate.p-value", String(p)]);
  if (c.pairing) out.push(["evalgate.cases-compared", String(c.pairing.compared)]);
  for (const floor of c.floors)
    out.push([
      `evalgate.floor.${floor.metric}`,
      `${floor.min} (this run: ${formatMetric(floor.value)}, ${floor.met ? "met" : "not met"})`
    ]);
  return out;
}
function gateCase(c) {
  const f = c.unit === "absolute" ? formatSigned : formatPercent;
  const lines = [];
  if (c.change !== null)
    lines.push(
      `${c.metric}: ${formatMetric(c.baseline)} -> ${formatMetric(c.candidate)}, change ${f(c.change)}${c.interval ? ` [${f(c.interval.lower)}, ${f(c.interval.upper)}]` : ""}${c.threshold !== null ? `; allowed drop ${f(-c.threshold)}` : ""}`
    );
  for (const floor of c.floors.filter((x) => !x.met))
    lines.push(
      `below the floor: ${floor.metric} ${formatMetric(floor.value)}, at least ${formatMetric(floor.min)} required${floor.problem ? ` (${floor.problem})` : ""}`
    );
  if (c.errors.candidate > 0) lines.push(`${c.errors.candidate} of ${c.errors.records} calls failed`);
  lines.push(...c.errors.samples.map((s) => `error: ${s}`), ...c.notes);
  const summary = `${c.verdict}${lines[0] ? `: ${lines[0]}` : ""}`;
  if (!failsCheck(c)) return { id: "gate", seconds: 0, kind: "pass", type: "", message: "", body: "" };
  return {
    id: "gate",
    seconds: 0,
    kind: c.verdict === "error" ? "error" : "failure",
    type: c.verdict,
    message: summary,
    body: lines.join("\n")
  };
}
function caseOutcomes(c, result) {
  const table = caseTable({ records: [] }, result);
  const n = table.candCases;
  const all = result.records;
  const byCase = recordsByCase(all, table);
  const binary = result.instrument.metrics.filter((m) => m.binary).map((m) => m.name);
  const primaryBinary = binary.includes(c.metric);
  const means = new Map([.../* @__PURE__ */ new Set([c.metric, ...binary])].map((name) => [name, sideMeans(all, name, table)]));
  const meanOf = (name, i) => {
    const m = means.get(name);
    return m.count[i] > 0 ? m.mean[i] : void 0;
  };
  const regressed = new Map(c.regressedCases.map((x) => [x.caseId, x]));
  const columns = recordColumns(all);
  const fromColumns = (i) => {
    if (!columns) return null;
    let t = 0;
    let errors = 0;
    for (let k = byCase.start[i]; k < byCase.start[i + 1]; k++) {
      const at2 = byCase.order[k];
      const latency = columns.latency.get(at2);
      if (Number.isNaN(latency)) return null;
      t += latency;
      if (columns.status.get(at2) === 1) errors++;
    }
    return { seconds: t / 1e3, errors };
  };
  const at = (i) => {
    const id = table.ids.get(i);
    const mean = meanOf(c.metric, i);
    const quick = fromColumns(i);
    if (quick && quick.errors === 0 && !regressed.has(id) && !(primaryBinary && mean !== void 0 && mean < 1))
      return mean === void 0 ? {
        id,
        seconds: quick.seconds,
        kind: "skipped",
        type: "no-score",
        message: "no valid score (excluded from scoring)",
        body: ""
      } : { id, seconds: quick.seconds, kind: "pass", type: "", message: "", body: "" };
    const records = byCase.of(i);
    const seconds2 = records.reduce((t, r) => t + (r.latencyMs ?? 0), 0) / 1e3;
    const first = records.find((r) => r.status !== "error" && r.reply) ?? records[0];
    const errored = records.filter((r) => r.status === "error");
    const reasons = [];
    if (errored.length > 0)
      reasons.push(
        `${errored.length} of ${records.length} ${records.length === 1 ? "call" : "calls"} failed: ${errored[0]?.error?.message ?? "error"}`
      );
    if (primaryBinary && mean !== void 0 && mean < 1) {
      const missed = binary.filter((name) => name !== c.metric && (meanOf(name, i) ?? 1) < 1);
      reasons.push(
        `failed: ${c.metric} ${formatMetric(mean)}${missed.length > 0 ? ` (missed: ${missed.join(", ")})` : ""}`
      );
    }
    const change = regressed.get(id);
    if (change)
      reasons.push(
        `regressed: ${c.metric} ${formatMetric(change.baseline)} -> ${formatMetric(change.candidate)} against the baseline`
      );
    if (reasons.length === 0 && mean === void 0 && errored.length === 0)
      return {
        id,
        seconds: seconds2,
        kind: "skipped",
        type: "no-score",
        message: "no valid score (excluded from scoring)",
        body: ""
      };
    if (reasons.length === 0) return { id, seconds: seconds2, kind: "pass", type: "", message: "", body: "" };
    const body = [
      ...reasons,
      ...first?.detail && typeof first.detail["question"] === "string" ? [`question: ${first.detail["question"]}`] : [],
      ...first?.detail && typeof first.detail["expected"] === "string" ? [`expected: ${first.detail["expected"]}`] : [],
      ...first?.reply ? [`reply: ${first.reply.text}`] : []
    ].join("\n");
    return {
      id,
      seconds: seconds2,
      kind: errored.length > 0 ? "error" : "failure",
      type: errored.length > 0 ? "call-failed" : change ? "regressed" : "failed",
      message: reasons.join("; "),
      body
    };
  };
  return { length: n, ids: table.ids, at };
}
function seconds(value) {
  return (Math.round(value * 1e3) / 1e3).toFixed(3);
}

// src/core/report/replies.ts
var LISTED = 10;
function listIds(ids, total) {
  const shown = ids.slice(0, LISTED).map((id) => inlineCode(id, 60)).join(", ");
  return total > LISTED ? `${shown} \u2026 (+${total - LISTED})` : shown;
}
function percent(share) {
  return `${Math.round(share * 1e3) / 10}%`;
}
function replyFacts(result, gate, m) {
  const label = (r) => r.repeat > 0 ? `${r.caseId}#${r.repeat}` : r.caseId;
  const columns = recordColumns(result.records);
  const held = columns ? null : result.records.map(replyFlagsOf);
  const flags = columns ? columns.replyFlags : held;
  const flagAt = (i) => columns ? columns.replyFlags.get(i) : held[i];
  const length = columns ? columns.replyFlags.length : held.length;
  let answered = 0;
  let reasoned = 0;
  let cut = 0;
  for (const bits of flags) {
    if (bits & ANSWERED) answered++;
    if (bits & REASONED) reasoned++;
    cut |= bits;
  }
  const having = (bit) => {
    const shown = [];
    let count2 = 0;
    if ((cut & bit) === 0) return { count: count2, shown };
    for (let i = 0; i < length; i++) {
      if ((flagAt(i) & bit) === 0) continue;
      if (count2++ < LISTED) shown.push(label(result.records[i]));
    }
    return { count: count2, shown };
  };
  const out = [];
  const cutByLimit = having(CUT_BY_LIMIT);
  if (cutByLimit.count > 0) {
    out.push(m.provider.truncated(cutByLimit.count, answered, listIds(cutByLimit.shown, cutByLimit.count)));
    const share = cutByLimit.count / answered;
    const threshold = gate["max-truncated-share"] ?? 0.05;
    if (share > threshold) out.push(m.provider.truncatedWarning(percent(share), percent(threshold)));
  }
  const cutBySize = having(CUT_BY_SIZE);
  if (cutBySize.count > 0) out.push(m.provider.cut(cutBySize.count, listIds(cutBySize.shown, cutBySize.count)));
  if (reasoned > 0) out.push(m.provider.reasoning(reasoned, answered));
  const spent = result.aggregates.reasoning;
  if (spent) {
    const cost = spent.costUsd === null ? "" : spent.costUsd < 0.01 ? spent.costUsd.toFixed(4) : spent.costUsd.toFixed(2);
    out.push(m.provider.reasoningTokens(spent.tokens.toLocaleString("en-US"), cost));
  }
  return out;
}

// src/core/report/markdown.ts
var MARKDOWN_VALUES = { text: (v, max) => inlineText(v, max), code: (v, max) => inlineCode(v, max) };
var MARKDOWN_EXPLAIN = {
  name: (name) => name,
  stale: (reasons) => reasons.map((s) => inlineCode(s, 120)).join("; ")
};
var REPORT_MARKER = "<!-- evalgate-report -->";
function renderReport(input) {
  const m = messagesFor(input.language ?? "en");
  const lines = [
    REPORT_MARKER,
    `## evalgate: ${VERDICT_ICON[input.verdict]} ${m.more.verdict[input.verdict]}`,
    "",
    headline(input, m),
    ""
  ];
  if (input.scriptedNotice) lines.push(`> [!NOTE]
> ${inlineText(input.scriptedNotice, 400)}`, "");
  const demoted = input.comparisons.filter((c) => c.multiplicity?.verdictBefore != null);
  if (demoted.length > 0)
    lines.push(
      `> [!NOTE]
> ${m.holmChanged(
        demoted.map((c) => inlineText(c.name, 80)).join(", "),
        demoted[0]?.multiplicity?.family ?? demoted.length,
        demoted[0]?.multiplicity?.compared ?? demoted.length
      )}`,
      ""
    );
  const t = m.table;
  lines.push(
    `| ${t.suite} | ${t.metric} | ${t.baseline} | ${t.candidate} | ${t.change} | ${t.verdict} |`,
    "|---|---|---:|---:|---|---|"
  );
  for (const c of input.comparisons) {
    lines.push(
      `| ${inlineText(c.name, 80)} | ${c.metric} | ${formatMetric(c.baseline)} | ${formatMetric(c.candidate)} | ${changeCell(c)} | ${VERDICT_ICON[c.verdict]} ${m.more.verdict[c.verdict]} |`
    );
  }
  for (const s of input.notRun ?? []) {
    lines.push(
      `| ${inlineText(s.name, 80)} | \u2014 | \u2014 | \u2014 | \u2014 | \u23ED\uFE0F ${inlineText(m.notRunReason[s.reason] ?? s.reason, 80)} |`
    );
  }
  lines.push("", ...noticeLines(input.notices, m));
  lines.push("", ...providerLines(input.notices, m));
  lines.push("", ...chart(input.comparisons, m));
  for (const c of input.comparisons)
    lines.push(
      ...suiteSection(
        c,
        input.results.get(c.name),
        input.baselines?.get(c.name) ?? null,
        input.maxCases ?? 10,
        m,
        input.baselinesWritten?.includes(c.name) === true,
        input.language ?? "en",
        input.trends?.get(c.name) ?? []
      )
    );
  const ran = input.comparisons.map((c) => input.results.get(c.name)).filter((r) => r !== void 0);
  const ctx = { language: input.language ?? "en" };
  for (const kind of kinds()) {
    if (kind.report?.runLines)
      lines.push(
        ...kind.report.runLines(
          ran.filter((r) => r.suite.kind === kind.name),
          ctx
        )
      );
  }
  return `${lines.join("\n").replace(/\n{3,}/g, "\n\n").trimEnd()}
`;
}
function providerLines(notices, m) {
  const items = [];
  if (notices?.budgetStop) items.push(`- ${m.provider.budgetStopped(inlineText(notices.budgetStop, 300))}`);
  for (const a of notices?.adaptations ?? [])
    items.push(
      `- ${m.provider.adapted(inlineCode(a.provider, 60), a.notes.map((n) => inlineText(n, 200)).join("; "))}`
    );
  return items.length === 0 ? [] : [`### ${m.provider.heading}`, "", ...items, ""];
}
function noticeLines(notices, m) {
  if (!notices) return [];
  const items = [];
  for (const text of notices.messages ?? []) items.push(`- ${text}`);
  for (const c of notices.untrusted ?? []) items.push(`- ${inlineCode(c.path)} ${m.trust.note[c.kind]}`);
  if ((notices.rejected?.cacheEntries ?? 0) > 0)
    items.push(`- ${m.trust.cacheRejected(notices.rejected?.cacheEntries ?? 0)}`);
  if ((notices.rejected?.records ?? 0) > 0) items.push(`- ${m.trust.recordsRejected(notices.rejected?.records ?? 0)}`);
  if (items.length === 0) return [];
  return [`### ${m.trust.heading}`, "", ...items, ""];
}
function headline(input, m) {
  const removed = (input.notRun ?? []).filter((s) => s.reason === "removed").map((s) => inlineText(s.name, 80));
  if (removed.length === 0) return verdictHeadline(input, m);
  const names = removed.join(", ");
  const fails = input.onRemovedSuite !== "warn";
  const added = input.comparisons.filter((c) => c.verdict === "no-baseline").map((c) => inlineText(c.name, 80));
  const renamed = added.length > 0 ? m.headline.renamed(names, added.join(", ")) : "";
  if (fails || input.comparisons.length === 0)
    return `${m.headline.removed(names, removed.length, fails)}${renamed}${input.comparisons.length > 0 && fails ? `

${verdictHeadline({ ...input, verdict: overallVerdict(input.comparisons.map((c) => c.verdict)) }, m)}` : ""}`;
  return `${verdictHeadline(input, m)}${m.headline.alsoRemoved(names, removed.length)}${renamed}`;
}
function verdictHeadline(input, m) {
  const count2 = (v) => input.comparisons.filter((c) => c.verdict === v).length;
  const total = input.comparisons.length;
  if (total === 0) return m.headline.nothingRun;
  switch (input.verdict) {
    case "regression":
      return m.headline.regression(
        count2("regression"),
        total,
        input.comparisons.filter((c) => c.verdict === "regression").map((c) => `${inlineText(c.name, 80)} (${changeFormat(c)(c.change)} ${c.metric})`).join(", ")
      );
    case "below-floor":
      return m.floor.headline(
        count2("below-floor"),
        total,
        input.comparisons.filter((c) => c.verdict === "below-floor").map(
          (c) => `${inlineText(c.name, 80)} (${c.floors.filter((f) => !f.met).map((f) => `${inlineText(f.metric, 60)} ${formatMetric(f.value)} < ${formatMetric(f.min)}`).join(", ")})`
        ).join(", ")
      );
    case "error":
      return m.headline.error(count2("error"), total);
    case "inconclusive": {
      const dropped = input.comparisons.some((c) => c.verdict === "inconclusive" && c.change !== null && c.change < 0);
      return dropped ? m.headline.inconclusive(count2("inconclusive"), total) : m.more.inconclusiveNoDrop(count2("inconclusive"), total);
    }
    case "stale-baseline":
      return m.headline.stale(count2("stale-baseline"), total);
    case "no-baseline": {
      const missing = input.comparisons.filter((c) => c.verdict === "no-baseline");
      if (missing.every((c) => input.baselinesWritten?.includes(c.name)))
        return m.more.baselinesWritten(missing.length, total);
      return m.headline.noBaseline(count2("no-baseline"), total);
    }
    default: {
      const improved = input.comparisons.filter((c) => c.detail === "improved").length;
      return `${m.headline.pass(total, formatPercent(-(input.comparisons[0]?.gate["max-drop"] ?? 0.05)))}${improved > 0 ? m.more.improved(improved) : ""}`;
    }
  }
}
var CHART_NAMED_MAX = 4;
var CHART_VERTICAL_MAX = 8;
var CHART_LABEL_MAX = 18;
function chart(comparisons, m) {
  const shown = comparisons.filter(
    (c) => c.baseline !== null && c.candidate !== null && c.baseline !== 0 && c.metric !== "net-win"
  );
  if (shown.length === 0) return [];
  const round1 = (v) => Math.round(v * 10) / 10;
  const pct = shown.map((c) => round1(100 * c.candidate / c.baseline));
  const gates = shown.map((c) => round1(100 * (1 - c.gate["max-drop"])));
  const low = Math.max(0, Math.floor(Math.min(...pct, ...gates) / 10) * 10 - 10);
  const high = Math.max(110, Math.ceil(Math.max(...pct) / 10) * 10);
  const clean = (name) => name.replace(/["\\\n\r\[\]`]/g, "");
  const named = shown.length <= CHART_NAMED_MAX && shown.every((c) => clean(c.name).length <= CHART_LABEL_MAX && clean(c.name) !== "");
  const labels = shown.map((c, i) => named ? clean(c.name) : String(i + 1));
  const uniqueGates = [...new Set(gates)];
  const gateText = uniqueGates.length === 1 ? `${uniqueGates[0]}%` : `${Math.min(...uniqueGates)}\u2013${Math.max(...uniqueGates)}%`;
  const lines = [
    "```mermaid",
    shown.length > CHART_VERTICAL_MAX ? "xychart-beta horizontal" : "xychart-beta",
    `  title "${m.chartTitle} \u2014 ${m.more.percentOfBaseline}"`,
    `  x-axis [${labels.map((l) => `"${l}"`).join(", ")}]`,
    `  y-axis "%" ${low} --> ${high}`,
    `  bar [${pct.join(", ")}]`,
    `  line [${shown.map(() => "100").join(", ")}]`,
    `  line [${gates.join(", ")}]`,
    "```",
    "",
    m.chartLegend(gateText),
    ""
  ];
  if (!named)
    lines.push(
      `${m.chartKey} ${shown.map((c, i) => `${i + 1} ${inlineCode(c.name, 60)} (${pct[i]}%)`).join(" \xB7 ")}`,
      ""
    );
  return lines;
}
function changeFormat(c) {
  return c.unit === "absolute" ? formatSigned : formatPercent;
}
function changeCell(c) {
  if (c.change === null) return "\u2014";
  const f = changeFormat(c);
  const interval = c.interval ? ` [${f(c.interval.lower)}, ${f(c.interval.upper)}]` : "";
  return `${f(c.change)}${interval}`;
}
function suiteSection(c, result, baseline, maxCases, m, baselineWritten, language, trend) {
  const out = [`### ${VERDICT_ICON[c.verdict]} ${inlineText(c.name, 80)}`, ""];
  if (result) {
    const served = servedModels(result.records);
    const servedText = served.length > 0 && !(served.length === 1 && served[0] === result.tested.model) ? m.servedAs(served.map((x) => inlineCode(x, 60)).join(", ")) : "";
    out.push(m.kindModel(c.kind, inlineCode(result.tested.model, 80), servedText));
    const judges = result.instrument.settings["judges"] ?? [];
    const judgeModels = [...new Set(judges.map((j) => j.model).filter((x) => typeof x === "string"))];
    if (judgeModels.length > 0) out.push(m.more.judgedBy(judgeModels.map((x) => inlineCode(x, 80)).join(", ")));
  }
  if (c.changed.length > 0) out.push(m.whatChanged(c.changed.map((x) => inlineText(x, 120)).join("; ")));
  out.push(
    "",
    c.detail === "no-baseline" && baselineWritten ? m.more.baselineWritten(c.name) : explainVerdict(c, m, MARKDOWN_EXPLAIN),
    ""
  );
  const facts = [
    ...c.floors.map(
      (f) => m.floor.fact(
        inlineCode(f.metric, 60),
        formatMetric(f.value),
        formatMetric(f.min),
        f.met,
        f.problem === void 0 ? null : inlineText(f.problem, 300)
      )
    ),
    ...statisticsFacts(c, m)
  ];
  for (const e of errorFacts(c, m)) {
    const line = e.build(MARKDOWN_VALUES);
    facts.push(e.sample ? `  - ${line}` : line);
  }
  for (const note of c.notes) facts.push(m.note(inlineText(note, 400)));
  if (trend.length > 0) facts.push(trendText(trend, language));
  if (result) facts.push(...replyFacts(result, c.gate, m));
  if (result) {
    facts.push(usageLine(result, m));
    const j = result.aggregates.judgeUsage;
    if (j)
      facts.push(
        m.judgeUsage(
          j.inputTokens.toLocaleString("en-US"),
          j.outputTokens.toLocaleString("en-US"),
          j.calls.toLocaleString("en-US"),
          j.costUsd === null ? "" : j.costUsd < 0.01 ? j.costUsd.toFixed(4) : j.costUsd.toFixed(2)
        )
      );
  }
  out.push(...facts.map((f) => f.startsWith("  - ") ? f : `- ${f}`));
  const ctx = { language };
  const resultReport = result ? findKind(result.suite.kind)?.report : void 0;
  if (result && resultReport?.suiteLines) out.push("", ...resultReport.suiteLines(result, baseline, ctx));
  const kindReport = findKind(c.kind)?.report;
  out.push("");
  if (c.regressedCases.length > 0) {
    const shown = c.regressedCases.slice(0, maxCases);
    out.push("<details>", `<summary>${m.regressedSummary(c.regressedCases.length, shown.length)}</summary>`, "");
    for (const rc of shown) {
      out.push(
        m.caseHeading(inlineCode(rc.caseId, 80), c.metric, formatMetric(rc.baseline), formatMetric(rc.candidate)),
        ""
      );
      if (rc.question) out.push(`${m.question} ${inlineText(rc.question, 300)}`, "");
      if (rc.expected !== null) out.push(m.expected, "", codeBlock(rc.expected, 600), "");
      out.push(m.baselineReply, "", codeBlock(rc.baselineReply ?? m.noReply, 600), "");
      if (rc.candidateReply === null && rc.candidateError !== null)
        out.push(m.causes.candidateError, "", codeBlock(rc.candidateError, 600), "");
      else out.push(m.candidateReply, "", codeBlock(rc.candidateReply ?? m.noReply, 600), "");
      if (kindReport?.caseLines) out.push(...kindReport.caseLines(rc, result, baseline, ctx));
    }
    out.push("</details>", "");
  }
  return out;
}

// src/core/plan.ts
var MESSAGE_OVERHEAD = 4;
var REPLY_PRIMING = 3;
async function planSuite(suite, model, pricing, countTokens, isCached) {
  let calls = 0;
  let cached = 0;
  let inputTokens = 0;
  let outputTokens = 0;
  let outputTokensMax = 0;
  let cost = pricing ? 0 : null;
  for (const evalCase of suite.cases) {
    for (let repeat = 0; repeat < suite.repeats; repeat++) {
      for (const call of suite.plan(evalCase, repeat)) {
        calls++;
        if (call.cacheable !== false && isCached && await isCached(call.request)) {
          cached++;
          continue;
        }
        const input = REPLY_PRIMING + call.request.messages.reduce((n, m) => n + MESSAGE_OVERHEAD + countTokens(m.content), 0);
        const expected = call.expectedReply === void 0 ? call.request.maxTokens : countTokens(call.expectedReply) + 2;
        const output = Math.min(call.request.maxTokens, expected);
        inputTokens += input;
        outputTokens += output;
        outputTokensMax += call.request.maxTokens;
        const price = call.pricing === void 0 ? pricing : call.pricing;
        cost = cost === null || price === null ? null : cost + costOf({ inputTokens: input, outputTokens: output }, price);
      }
    }
  }
  return {
    name: suite.name,
    kind: suite.kind,
    model,
    cases: suite.cases.length,
    repeats: suite.repeats,
    calls,
    cachedCalls: isCached ? cached : null,
    inputTokens,
    outputTokens,
    outputTokensMax,
    cost,
    pricingSource: pricing?.source ?? null
  };
}

// src/core/pr-budget.ts
function plannedCalls(suites, limit) {
  const out = [];
  let total = 0;
  for (const suite of suites) {
    let calls = 0;
    if (total + suite.cases.length * suite.repeats > limit) calls = suite.cases.length * suite.repeats;
    else
      for (const c of suite.cases) {
        for (let r = 0; r < suite.repeats; r++) calls += suite.plan(c, r).length;
        if (total + calls > limit) break;
      }
    total += calls;
    out.push({ name: suite.name, cases: suite.cases.length, repeats: suite.repeats, calls });
  }
  return out;
}
function enforcePrBudget(suites, limit, file) {
  const planned = plannedCalls(suites, limit);
  const total = planned.reduce((n, p) => n + p.calls, 0);
  if (total <= limit) return;
  const parts = planned.filter((p) => p.calls > 0).map((p) => `${p.name}: ${p.cases} cases \xD7 ${p.repeats} repeat${p.repeats === 1 ? "" : "s"} \u2192 ${p.calls}+ calls`);
  throw configError(
    { file, path: "budget.max-pr-calls" },
    `this pull request would make at least ${total} model calls (${parts.join("; ")}), more than the ${limit} that budget.max-pr-calls of the base branch allows a pull request; nothing was called. Split the pull request or its datasets, or raise budget.max-pr-calls on the base branch first`
  );
}

// src/core/engine.ts
var noCalls = {
  label: "makes no calls",
  complete: () => Promise.resolve({
    status: "error",
    error: { kind: "config", message: "this command makes no model calls" },
    latencyMs: 0
  })
};
async function validateWorkspace(loaded, suites, workspace, options = {}) {
  const selected = (await loadSelected(loaded, suites, workspace, options)).suites;
  checkFloorSettings(
    loaded,
    selected.filter((s) => gateFor(loaded, s.config).min !== void 0).map((s) => ({ index: s.index, config: s.config, instrument: s.prepare(() => noCalls).instrument }))
  );
  return { loaded, suites: selected };
}
function checkFloorSettings(loaded, suites) {
  const problems = [];
  for (const s of suites) {
    for (const metric of Object.keys(gateFor(loaded, s.config).min ?? {})) {
      const problem = floorProblem(metric, s.instrument.metrics);
      if (problem === null) continue;
      const path = ["suites", s.index, "gate", "min", metric];
      const line = loaded.lineOf(path);
      problems.push({
        file: loaded.file,
        ...line !== void 0 ? { line } : {},
        path: formatPath(path),
        message: `${problem}; set the floor on one of those metrics`
      });
    }
  }
  if (problems.length > 0) throw ConfigError.of(problems);
}
async function loadSelected(loaded, names, workspace, options = {}) {
  const selected = selectSuites(loaded, names);
  const failed = [];
  const out = [];
  const gone = [];
  for (const { index, suite } of selected) {
    try {
      out.push(await loadSuite(loaded, index, workspace, options));
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      if (options.removed?.includes(suite.name)) gone.push({ name: suite.name, reason: "removed" });
      else failed.push(error);
    }
  }
  if (failed.length > 0) {
    const located2 = failed.flatMap((e) => e.diagnostics ?? []);
    if (failed.every((e) => e.diagnostics !== null)) throw ConfigError.of(located2);
    const problems = failed.flatMap((e) => e.problems);
    throw new ConfigError({ file: loaded.file }, problems.join("\n"), problems);
  }
  return { suites: out, gone };
}
function gateFor(loaded, suite, onInconclusive) {
  return {
    ...loaded.config.gate,
    ...suite.gate ?? {},
    ...onInconclusive ? { "on-inconclusive": onInconclusive } : {}
  };
}
function suiteGates(loaded, onInconclusive) {
  return (suite) => {
    const entry = loaded?.config.suites.find((s) => s.name === suite);
    if (loaded && entry) return gateFor(loaded, entry, onInconclusive);
    const gate = loaded?.config.gate ?? { ...DEFAULT_GATE };
    return onInconclusive ? { ...gate, "on-inconclusive": onInconclusive } : gate;
  };
}
async function runEvaluation(options, deps) {
  const loaded = options.loaded;
  const { suites, gone } = await loadSelected(loaded, options.suites, deps.workspace, {
    ...options.instrument ? { instrument: options.instrument } : {},
    ...options.removed ? { removed: options.removed } : {},
    // Cases keep no text while the run calls when their rows can be read back (datasets/collect.ts);
    // a pull request's dataset stops being read past the calls it may make.
    cases: {
      lazy: true,
      ...options.maxPlannedCalls !== void 0 ? { maxRows: options.maxPlannedCalls } : {}
    }
  });
  const notRun = [...options.notRun ?? [], ...gone];
  for (const w of suites.flatMap((s) => s.warnings)) deps.logger.warn(formatProblem(w));
  for (const g of gone)
    deps.logger.warn(
      `${g.name}: removed by this pull request and its files are gone; reported as removed (gate.on-removed-suite: ${options.onRemovedSuite ?? "warn"})`
    );
  const atBase = options.base ? await suitesAtBase(options.base, suites) : /* @__PURE__ */ new Map();
  const clients = /* @__PURE__ */ new Map();
  for (const s of suites) {
    for (const name of s.providers) {
      if (!clients.has(name))
        clients.set(name, deps.createClient(name, loaded.config.providers[name]));
    }
  }
  const baselines = /* @__PURE__ */ new Map();
  const toReread = /* @__PURE__ */ new Set();
  const kept = /* @__PURE__ */ new Map();
  const keepBytes = options.keepBaselineBytes ?? KEEP_BASELINE_BYTES;
  for (const s of suites) {
    const checked = s.preparesWithBaseline ? await readBaseline(deps.store, s.config.name) : await checkBaseline(deps.store, s.config.name, keepBytes);
    if (checked === REREAD) toReread.add(s.config.name);
    else if (checked !== null && "identity" in checked) {
      kept.set(s.config.name, checked);
      toReread.add(s.config.name);
    } else baselines.set(s.config.name, checked);
  }
  const baselineOf = async (name) => {
    if (toReread.delete(name)) {
      const same = await keptBaseline(deps.store, name, kept.get(name));
      kept.delete(name);
      if (same === null) deps.store.betweenSteps?.();
      baselines.set(name, same ?? await readBaseline(deps.store, name));
    }
    return baselines.get(name) ?? null;
  };
  const codeRunners = /* @__PURE__ */ new Map();
  const runners = (executor, timeoutMs) => {
    const key = `${executor}:${timeoutMs}`;
    let runner = codeRunners.get(key);
    if (!runner) {
      if (!deps.createCodeRunner) throw new Error("this edge provides no code runner");
      runner = deps.createCodeRunner(executor, timeoutMs);
      codeRunners.set(key, runner);
    }
    return runner;
  };
  const nonce = deps.nonce?.bind(deps);
  const prepared = suites.map((s) => ({
    loaded: s,
    suite: s.prepare((name) => clients.get(name), baselines.get(s.config.name) ?? null, runners, nonce)
  }));
  checkFloorSettings(
    loaded,
    prepared.map((p) => ({ index: p.loaded.index, config: p.loaded.config, instrument: p.suite.instrument }))
  );
  const comparisons = [];
  const results = /* @__PURE__ */ new Map();
  const baselinesWritten = [];
  let rejectedRecords = 0;
  const baseNotes = [];
  let budgetStop = null;
  try {
    const withBase = [];
    for (const { loaded: ls, suite } of prepared) {
      const side = atBase.get(suite.name);
      const refusal = side ? baseRefusal(side, suite) : null;
      withBase.push({
        ls,
        suite0: suite,
        refusal,
        based: refusal ? null : await withBaseCases(suite, side && "cases" in side ? side : void 0, deps.logger)
      });
      if (side && "cases" in side) side.release();
    }
    if (options.maxPlannedCalls !== void 0)
      enforcePrBudget(
        withBase.flatMap((p) => p.based ? [p.based.suite] : []),
        options.maxPlannedCalls,
        loaded.file
      );
    const entries = withBase;
    suites.length = 0;
    prepared.length = 0;
    atBase.clear();
    const runOne = async (i) => {
      const { ls, suite0, refusal, based } = entries[i];
      entries[i] = null;
      if (budgetStop !== null) {
        notRun.push({ name: suite0.name, reason: "budget" });
        return null;
      }
      if (refusal || !based) {
        if (!refusal) return null;
        if (options.shard) throw new ConfigError({ file: loaded.file }, `${suite0.name}: ${refusal.note}`);
        deps.logger.warn(`${suite0.name}: not measured: ${refusal.note}`);
        const empty = assembleResult(suite0, [], {
          startedAt: deps.clock.nowIso(),
          finishedAt: deps.clock.nowIso(),
          runId: options.runId ?? deps.newRunId(),
          toolVersion: deps.toolVersion
        });
        results.set(suite0.name, empty);
        const refused = compareWithBaseline(
          await baselineOf(suite0.name),
          empty,
          gateFor(loaded, ls.config, options.onInconclusive)
        );
        refused.verdict = "error";
        refused.detail = refusal.detail;
        refused.notes.push(refusal.note);
        comparisons.push(refused);
        return null;
      }
      const whole = based.suite;
      if (based.restored + based.reverted > 0)
        baseNotes.push(
          messagesFor(deps.language ?? "en").trust.casesFromBase(whole.name, based.restored, based.reverted)
        );
      const sliced = options.shard ? shardCases(whole.cases, options.shard) : null;
      const suite = sliced ? { ...whole, cases: sliced.cases } : whole;
      const total = suite.cases.length * suite.repeats;
      deps.logger.info(
        `${suite.name}: ${count(suite.cases.length, "case")} \xD7 ${count(suite.repeats, "repeat")} against ${clients.get(ls.config.provider)?.label ?? ""}`
      );
      const identity = {
        suite: suite.name,
        tested: `${suite.tested.hash}${options.shard ? `#${options.shard.index}/${options.shard.count}` : ""}`,
        instrument: suite.instrument.hash,
        repeats: suite.repeats
      };
      const auth = deps.authenticator;
      const planned = options.fresh || !auth ? null : await planResume(
        await deps.store.readRecordLog(suite.name),
        { ...identity, cases: caseHashes(suite.cases) },
        auth
      );
      if (planned && "rejectedLog" in planned) {
        rejectedRecords += planned.rejectedLog;
        deps.logger.warn(
          `${suite.name}: the record log in the output folder failed authentication (forged, edited, or written with another key); it was ignored and every case is run`
        );
      }
      let resume = planned && !("rejectedLog" in planned) ? planned : null;
      if (resume && resume.rejected > 0) {
        rejectedRecords += resume.rejected;
        deps.logger.warn(
          `${suite.name}: ${resume.rejected} record(s) in the record log failed authentication; they were ignored and those cases are run again`
        );
      }
      if (resume && options.runId !== void 0 && resume.header.runId !== options.runId) resume = null;
      const header = resume?.header ?? {
        type: "evalgate-record-log",
        version: 1,
        suite: suite.name,
        runId: options.runId ?? deps.newRunId(),
        startedAt: deps.clock.nowIso(),
        tested: identity.tested,
        instrument: suite.instrument.hash
      };
      if (resume) {
        deps.logger.info(
          `${suite.name}: resuming run ${header.runId}: ${resume.finished.length} of ${total} records already finished${resume.droppedLines ? ` (${resume.droppedLines} unreadable line dropped)` : ""}`
        );
      }
      deps.onSuiteStart?.(suite.name, total, resume?.finished.length ?? 0);
      const rawSink = await deps.store.startRecordLog(
        suite.name,
        auth ? startLogLines(header, resume?.finished ?? [], auth) : `${JSON.stringify(header)}
`
      );
      let closing;
      const closeSink = () => closing ??= Promise.resolve(rawSink.close?.());
      const sign = auth ? recordSigner(auth, header) : null;
      const sink = sign ? { append: (record) => rawSink.append(sign(record)) } : rawSink;
      let result;
      try {
        result = await runSuite(suite, {
          sink,
          clock: deps.clock,
          logger: deps.logger,
          toolVersion: deps.toolVersion,
          runId: header.runId,
          startedAt: header.startedAt,
          finished: resume?.finished ?? [],
          onRecord: (record) => deps.onRecord?.(suite.name, record),
          // Finished records live in the log while the calls run; read back (and checked) at the end.
          readBack: async (expected) => {
            const appended = rawSink.readBack?.();
            await closeSink();
            const file = `${deps.store.describe().out}/results/${suite.name}.records.jsonl`;
            if (appended) return readBackLogInPlace(appended, header, auth, expected, file);
            const log = await deps.store.readRecordLog(suite.name);
            if (log !== null && typeof log === "object" && "ranges" in log && log.ranges)
              return readBackLogInPlace(log.ranges, header, auth, expected, file);
            return readBackLog(log, header, auth, expected, file);
          }
        });
      } finally {
        await closeSink();
      }
      if (sliced) {
        await deps.store.writeResult(suite.name, resultChunks({ ...result, shard: sliced.info }));
        deps.logger.info(
          `${suite.name}: shard ${sliced.info.index}/${sliced.info.count} of run ${header.runId} written (${sliced.info.caseIds.length} of ${sliced.info.totalCases} cases); merge all shards with "evalgate merge"`
        );
        results.set(suite.name, result);
        return null;
      }
      return { config: ls.config, result };
    };
    const settleOne = async (measured) => {
      const { config } = measured;
      let written = measured.result;
      measured.result = null;
      const name = written.suite.name;
      const checks = new RecordChecks();
      const writing = deps.store.readResult ? new ResultWriting(written.records, checks.visit) : null;
      await deps.store.writeResult(name, resultChunks(written, writing?.seen));
      const lines = await deps.store.readResult?.(name);
      const result = lines ? await writtenResultFile(lines, lines.ranges?.path ?? `results/${name}.json`, writing, checks) : written;
      written = null;
      results.set(name, result);
      const baseline = await baselineOf(name);
      const comparison = compareWithBaseline(baseline, result, gateFor(loaded, config, options.onInconclusive));
      comparisons.push(comparison);
      if (result.incomplete) {
        budgetStop = result.incomplete.reason;
        deps.logger.warn(
          `${name}: stopped by the budget with ${result.incomplete.missing} case run(s) not made: ${budgetStop}; rerun into the same output with a larger budget to resume`
        );
      }
      if (options.updateBaseline) {
        if (comparison.verdict === "error" || result.incomplete) {
          deps.logger.warn(`${name}: baseline not updated, because the run has errors over tolerance`);
        } else if (baseline && sameMeasurement(baseline, result)) {
          deps.logger.info(
            `${name}: baseline unchanged (the same answers, scores and settings); the file is left as it is`
          );
        } else {
          await deps.store.writeBaseline(name, writtenFileText(result.records) ?? resultChunks(result));
          baselinesWritten.push(name);
        }
      }
    };
    for (let i = 0; i < entries.length; i++) {
      const measured = await runOne(i);
      if (measured) await settleOne(measured);
    }
  } finally {
    await Promise.all([...codeRunners.values()].map((r) => r.close()));
  }
  if (options.shard) {
    const summary = summarize("pass", []);
    return { summary, report: "", exitCode: 0, comparisons: [], results, baselinesWritten: [] };
  }
  for (const name of [...toReread]) await baselineOf(name);
  const adaptations = deps.adaptations?.() ?? [];
  const goneNames = new Set(gone.map((g) => `suites.${g.name}`));
  const untrusted = options.notices?.untrusted?.map(
    (c) => c.kind === "suite" && goneNames.has(c.path) ? { ...c, kind: "suite-gone" } : c
  );
  const notices = {
    ...options.notices,
    ...untrusted ? { untrusted } : {},
    messages: [...options.notices?.messages ?? [], ...baseNotes],
    rejected: { cacheEntries: deps.rejectedCacheEntries?.() ?? 0, records: rejectedRecords },
    ...adaptations.length > 0 ? { adaptations } : {},
    ...budgetStop !== null ? { budgetStop } : {}
  };
  return finish(
    comparisons,
    results,
    baselinesWritten,
    deps,
    baselines,
    notRun,
    notices,
    budgetStop !== null || gone.length > 0 && options.onRemovedSuite === "fail",
    gone.length > 0 ? options.onRemovedSuite ?? "warn" : void 0
  );
}
function rangedWorkspace(inner) {
  if (inner.readRange) return { workspace: inner, release: () => void 0 };
  let held = null;
  const workspace = {
    readBytes: (path) => inner.readBytes(path),
    readStream: (path) => inner.readStream(path),
    exists: (path) => inner.exists(path),
    listFolders: (path) => inner.listFolders(path),
    locate: (path) => inner.locate(path),
    readRange: async (path, offset, length) => {
      if (held?.path !== path) held = { path, bytes: await inner.readBytes(path) };
      return held.bytes.subarray(offset, offset + length);
    }
  };
  return { workspace, release: () => held = null };
}
var NEVER_CALLED = {
  label: "not called",
  complete: () => Promise.resolve({ status: "error", error: { kind: "config", message: "not called" }, latencyMs: 0 })
};
async function suitesAtBase(base, suites) {
  const out = /* @__PURE__ */ new Map();
  for (const s of suites) {
    const index = base.loaded.config.suites.findIndex((b) => b.name === s.config.name);
    if (index < 0) continue;
    try {
      const { workspace, release } = rangedWorkspace(base.workspace);
      const loadedAtBase = await loadSuite(base.loaded, index, workspace, { cases: { lazy: true } });
      const prepared = loadedAtBase.prepare(
        () => NEVER_CALLED,
        null,
        void 0,
        () => "0".repeat(32)
      );
      const read = prepared.readCases?.bind(prepared) ?? null;
      out.set(s.config.name, { cases: loadedAtBase.cases, instrument: prepared.instrument, read, release });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      out.set(s.config.name, { problem: error.problems.join("; ") || error.message });
    }
  }
  return out;
}
function baseRefusal(side, suite) {
  if ("problem" in side)
    return {
      detail: "base-unreadable",
      note: `the base commit's version of its files could not be read as data, so the cases the base defines could not be measured (nothing of the pull request's was measured instead): ${side.problem}`
    };
  if (side.instrument.hash === suite.instrument.hash) return null;
  const asResult = (instrument) => ({ instrument });
  const differences = describeInstrumentChanges(asResult(side.instrument), asResult(suite.instrument));
  return {
    detail: "instrument-not-base",
    note: `what measures this suite differs from the base commit's definition (${differences.join("; ") || "instrument hash"}); a pull request is measured with the base's instrument, and this run could not be: report this as a bug of evalgate`
  };
}
async function withBaseCases(suite, side, logger) {
  if (!side) return { suite, restored: 0, reverted: 0 };
  const base = side.cases;
  const baseById = /* @__PURE__ */ new Map();
  for (let i = 0; i < base.length; i++) baseById.set(caseIdAt(base, i), i);
  const { cases } = suite;
  const edited = [];
  const have = /* @__PURE__ */ new Set();
  for (let i = 0; i < cases.length; i++) {
    const id = caseIdAt(cases, i);
    have.add(id);
    const original = baseById.get(id);
    if (original !== void 0 && caseHashAt(base, original) !== caseHashAt(cases, i)) edited.push({ at: i, original });
  }
  const missing = [];
  for (let i = 0; i < base.length; i++) if (!have.has(caseIdAt(base, i))) missing.push(i);
  const reverted = edited.length;
  if (missing.length === 0 && reverted === 0) return { suite, restored: 0, reverted: 0 };
  logger.info(
    `${suite.name}: measured as the base commit defines them: ${count(missing.length, "case")} the pull request removed, ${reverted} it edited`
  );
  const used = [...edited.map((e) => e.original), ...missing];
  const given = used.map((i) => caseAt(base, i));
  const whole = side.read ? await side.read(given) : given;
  const baseCase = new Map(used.map((i, k) => [i, whole[k]]));
  const at = (i) => baseCase.get(i);
  let measured;
  if (cases instanceof CaseColumns) {
    const table = cases.pick(Array.from({ length: cases.length }, (_, i) => i));
    for (const e of edited) table.replace(e.at, at(e.original));
    for (const i of missing) table.addWhole(at(i));
    measured = table;
  } else {
    const list = [...cases];
    for (const e of edited) list[e.at] = at(e.original);
    measured = [...list, ...missing.map(at)];
  }
  return { suite: { ...suite, cases: measured }, restored: missing.length, reverted };
}
function caseHashes(cases) {
  let index = null;
  return {
    get(id) {
      if (index === null) {
        index = /* @__PURE__ */ new Map();
        for (let i2 = 0; i2 < cases.length; i2++) index.set(caseIdAt(cases, i2), i2);
      }
      const i = index.get(id);
      return i === void 0 ? void 0 : caseHashAt(cases, i);
    }
  };
}
async function mergeShards(parts, gate, deps, options = {}) {
  const { onInconclusive } = options;
  const bySuite = /* @__PURE__ */ new Map();
  for (const p of parts) bySuite.set(p.result.suite.name, [...bySuite.get(p.result.suite.name) ?? [], p]);
  const rank = (name) => {
    const i = options.order?.indexOf(name) ?? -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const pairs = [];
  for (const [name, suiteParts] of [...bySuite].sort((a, b) => rank(a[0]) - rank(b[0]) || (a[0] < b[0] ? -1 : 1))) {
    const merged = mergeShardParts(suiteParts);
    await deps.store.writeResult(name, resultChunks(merged));
    pairs.push({ baseline: await readBaseline(deps.store, name), candidate: merged });
  }
  return compareStored(
    pairs,
    (suite) => ({ ...gate(suite), ...onInconclusive ? { "on-inconclusive": onInconclusive } : {} }),
    deps,
    options.notRun ?? []
  );
}
function rejudgeRunId(stored, judges) {
  return `${stored.runId}+rejudge-${hashValue(judges).slice(0, 8)}`;
}
async function rejudgeStored(options, deps) {
  const { loaded, suites } = await validateWorkspace(options.loaded, [options.stored.suite.name], deps.workspace);
  const suite = suites[0];
  if (!suite.rejudge)
    throw configError(
      { file: loaded.file },
      `suite "${suite.config.name}" (kind ${suite.config.kind}) has no judges; rejudge applies to suites whose answers judges grade`
    );
  const judgeNames = options.judges.length > 0 ? options.judges : suite.judges ?? [];
  const clients = /* @__PURE__ */ new Map();
  for (const name of options.crossCheck ? [options.crossCheck] : judgeNames) {
    const provider = loaded.config.providers[name];
    if (provider) clients.set(name, deps.createClient(name, provider));
  }
  const result = await suite.rejudge({
    providers: loaded.config.providers,
    stored: options.stored,
    judges: options.judges,
    clients: (name) => clients.get(name),
    ...options.crossCheck ? { crossCheck: options.crossCheck } : {},
    runId: rejudgeRunId(options.stored, options.crossCheck ? [`cross-check:${options.crossCheck}`] : judgeNames),
    toolVersion: deps.toolVersion,
    now: () => deps.clock.nowIso(),
    nonce: (material) => {
      if (!deps.nonce)
        throw new Error(
          "this edge gives no random source for judge-prompt tokens (EngineDeps.nonce); rejudge cannot run without one"
        );
      return deps.nonce(material);
    }
  });
  await deps.store.writeResult(result.suite.name, resultChunks(result));
  const baseline = await readBaseline(deps.store, result.suite.name);
  const comparison = compareWithBaseline(baseline, result, gateFor(loaded, suite.config));
  const written = [];
  if (options.updateBaseline && comparison.verdict !== "error") {
    if (baseline && sameMeasurement(baseline, result)) {
      deps.logger.info(
        `${result.suite.name}: baseline unchanged (the same answers, scores and settings); the file is left as it is`
      );
    } else {
      await deps.store.writeBaseline(result.suite.name, resultChunks(result));
      written.push(result.suite.name);
    }
  }
  return finish(
    [comparison],
    /* @__PURE__ */ new Map([[result.suite.name, result]]),
    written,
    deps,
    /* @__PURE__ */ new Map([[result.suite.name, baseline]])
  );
}
async function planEvaluation(loaded, suiteNames, deps) {
  const { suites } = await validateWorkspace(loaded, suiteNames, deps.workspace);
  const plans = [];
  for (const s of suites) {
    const providerName = s.config.provider;
    const provider = loaded.config.providers[providerName];
    const isCached = deps.isCached;
    const plan = await planSuite(
      s.prepare(() => noCalls),
      provider.model,
      pricingFor(provider),
      deps.countTokens,
      isCached ? (request) => isCached(providerName, provider, request) : null
    );
    const judges = (s.judges ?? []).map((name) => ({
      name,
      model: loaded.config.providers[name].model
    }));
    plans.push(judges.length > 0 ? { ...plan, judges } : plan);
  }
  return plans;
}
async function compareStored(pairs, gate, deps, notRun = []) {
  const comparisons = pairs.map((p) => compareWithBaseline(p.baseline, p.candidate, gate(p.candidate.suite.name)));
  const results = new Map(pairs.map((p) => [p.candidate.suite.name, p.candidate]));
  return finish(
    comparisons,
    results,
    [],
    deps,
    new Map(pairs.map((p) => [p.candidate.suite.name, p.baseline])),
    notRun
  );
}
async function finish(comparisons, results, baselinesWritten, deps, baselines, notRun = [], notices = {}, removedFails = false, onRemovedSuite) {
  adjustAcrossSuites(comparisons);
  applyFloors(comparisons);
  const verdict = removedFails ? "error" : overallVerdict(comparisons.map((c) => c.verdict));
  const input = {
    verdict,
    comparisons,
    results,
    baselines,
    notRun,
    language: deps.language ?? "en",
    notices,
    baselinesWritten,
    ...deps.scriptedNotice ? { scriptedNotice: deps.scriptedNotice } : {},
    ...deps.trends ? { trends: deps.trends } : {},
    ...onRemovedSuite ? { onRemovedSuite } : {}
  };
  const report = renderReport(input);
  const summary = summarize(verdict, comparisons, notRun, notices);
  await deps.store.writeReport(report);
  const { htmlReportChunks } = await import("./cli-html-Q3RZJ7XX.js");
  await deps.store.writeHtmlReport(htmlReportChunks(input, deps.toolVersion ?? null));
  await deps.store.writeSummary(`${JSON.stringify(summary, null, 2)}
`);
  await deps.store.writeJunit(junitChunks({ comparisons, results, notRun }));
  return {
    summary,
    report,
    exitCode: removedFails ? 3 : exitCodeFor(verdict, comparisons),
    comparisons,
    results,
    baselinesWritten
  };
}
var REREAD = /* @__PURE__ */ Symbol("reread");
var KEEP_BASELINE_BYTES = 16 * 1024 * 1024;
async function keptBaseline(store, suite, kept) {
  if (!kept) return null;
  const now = await store.readBaseline(suite);
  const ranges = now !== null && typeof now === "object" && "ranges" in now ? now.ranges : void 0;
  if (!ranges?.identity || !kept.ranges.identity) return null;
  return ranges.identity() === kept.identity && kept.ranges.identity() === kept.identity ? kept.result : null;
}
async function checkBaseline(store, suite, keepBytes) {
  const text = await store.readBaseline(suite);
  if (text === null) return null;
  const file = `${store.describe().baselines}/${suite}.json`;
  if (typeof text === "string" || !isLineSource(text))
    return typeof text === "string" ? parseResultText(text, file) : parseResultFileLines(text, file);
  const checks = new RecordChecks();
  const ranges = text.ranges?.identity && text.ranges.size() <= keepBytes ? text.ranges : void 0;
  const identity = ranges?.identity?.();
  let value;
  try {
    const whole = text.ranges;
    value = ranges ? await readStoredResult(ranges, checks.visit) : await parseResultLines(
      whole ? (into, offset, length, position) => whole.readBytes(into, offset, length, position) : text,
      checks.visit
    );
  } catch (error) {
    const line = error instanceof ResultLinesError || error instanceof StoredRecordError ? `:${error.line}` : "";
    throw new ConfigError(
      { file },
      `${file}${line}: not valid JSON (${error.message}); restore it from git or regenerate it with --update-baseline`
    );
  }
  if (value === null || !checks.visited) return readBaseline(store, suite);
  const head = validateResult(value, file);
  if (checks.fieldProblem !== null)
    throw configError(
      { file },
      `not an evalgate result file: ${checks.fieldProblem}. Produce one with "evalgate run --out DIR" or "--update-baseline"`
    );
  if (checks.check(head, file) === null) return readBaseline(store, suite);
  return ranges && identity !== void 0 ? { result: head, ranges, identity } : REREAD;
}
async function readBaseline(store, suite) {
  const text = await store.readBaseline(suite);
  if (text === null) return null;
  const file = `${store.describe().baselines}/${suite}.json`;
  return typeof text === "string" ? parseResultText(text, file) : parseResultFileLines(text, file);
}
async function parseResultFileLines(lines, file) {
  let value;
  const ranges = isLineSource(lines) ? lines.ranges : void 0;
  const checks = ranges ? new RecordChecks() : null;
  try {
    value = ranges ? await readStoredResult(ranges, checks?.visit) : await parseResultLines(lines);
  } catch (error) {
    const line = error instanceof ResultLinesError || error instanceof StoredRecordError ? `:${error.line}` : "";
    throw new ConfigError(
      { file },
      `${file}${line}: not valid JSON (${error.message}); restore it from git or regenerate it with --update-baseline`
    );
  }
  if (value === null) {
    if (Array.isArray(lines)) return parseResultText(lines.join("\n"), file);
    if (isLineSource(lines)) {
      const all = [];
      for await (const line of lines) all.push(line);
      return parseResultText(all.join("\n"), file);
    }
    throw new ConfigError(
      { file },
      `${file}: not laid out as evalgate writes result files (two-space JSON); regenerate it with --update-baseline`
    );
  }
  const result = validateResult(value, file);
  return checks?.check(result, file) ?? checkResultKind(result, file);
}
async function writtenResultFile(lines, file, writing, checks) {
  const value = lines.ranges && writing ? writing.stored(lines.ranges) : null;
  if (value === null) return parseResultFileLines(lines, file);
  const result = validateResult(value, file);
  return checks.check(result, file) ?? checkResultKind(result, file);
}
function isLineSource(lines) {
  return lines.rereadable === true;
}
function parseResultText(text, file) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(
      { file },
      `${file}: not valid JSON (${error.message}); restore it from git or regenerate it with --update-baseline`
    );
  }
  return checkResultKind(validateResult(value, file), file);
}

// src/adapters/confined-dir.ts
import { constants, existsSync } from "node:fs";
import { lstat, mkdir, open, realpath, rename, rm } from "node:fs/promises";
import { join } from "node:path";
var SymlinkRefusedError = class extends ConfigError {
  /** The refused component, as `shown/relative/path`. */
  refused;
  constructor(refused, why) {
    super(
      { file: refused },
      `evalgate: will not write through ${refused}: it ${why}, and a symlink in the output could point anywhere (a pull request can commit one); remove it, or write to a folder outside the repository`
    );
    this.name = "SymlinkRefusedError";
    this.refused = refused;
  }
};
var O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
var O_DIRECTORY = constants.O_DIRECTORY ?? 0;
var PROC_FD = process.platform === "linux" && existsSync("/proc/self/fd");
var WRITE_BATCH = 1 << 20;
var spareBatch = null;
async function writeAll(handle, bytes, shown) {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset, null);
    if (bytesWritten <= 0)
      throw Object.assign(
        new Error(`EIO: writing ${shown} stopped after ${offset} of ${bytes.length} bytes (the system took no more)`),
        { code: "EIO" }
      );
    offset += bytesWritten;
  }
}
var partsOf = (rel) => rel.split(/[\\/]/).filter((p) => p !== "" && p !== ".");
function confinedDir(anchor, below = "", shown = anchor, options = {}) {
  const procfs = options.procfs ?? PROC_FD;
  const base = partsOf(below);
  if (base.includes("..")) throw new Error(`confinedDir: ${below} climbs out of ${anchor}`);
  const name = (parts) => (shown === "" ? parts : [shown, ...parts]).join("/") || ".";
  const refuse = async (path, parts, error, why) => {
    const info = await lstat(path).catch(() => null);
    if (why !== void 0 || info?.isSymbolicLink()) throw new SymlinkRefusedError(name(parts), why ?? "is a symlink");
    throw error;
  };
  const withFolder = async (parts, use) => {
    for (const p of parts) if (p === "..") throw new Error(`confinedDir: a path component ".." below ${anchor}`);
    let opened = false;
    try {
      return await openFolder(parts, (dir) => {
        opened = true;
        return use(dir);
      });
    } catch (error) {
      const code = error.code;
      if (opened || error instanceof SymlinkRefusedError || code === void 0) throw error;
      throw Object.assign(new Error(`${code}: cannot open or create the folder ${join(anchor, ...parts)}`), { code });
    }
  };
  const openFolder = async (parts, use) => {
    await mkdir(anchor, { recursive: true });
    if (!procfs) return use(await walkChecked(parts));
    const handles2 = [];
    try {
      let current = await open(anchor, constants.O_RDONLY | O_DIRECTORY);
      handles2.push(current);
      for (let i = 0; i < parts.length; i++) {
        const next = `/proc/self/fd/${current.fd}/${parts[i]}`;
        let handle;
        try {
          handle = await open(next, constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
        } catch (error) {
          const code = error.code;
          if (code !== "ENOENT") return await refuse(next, parts.slice(0, i + 1), error);
          await mkdir(next).catch((e) => {
            if (e.code !== "EEXIST") throw e;
          });
          handle = await open(next, constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW).catch(
            (e) => refuse(next, parts.slice(0, i + 1), e)
          );
        }
        handles2.push(handle);
        current = handle;
      }
      return await use(`/proc/self/fd/${current.fd}`);
    } finally {
      await Promise.all(handles2.map((h) => h.close().catch(() => void 0)));
    }
  };
  const walkChecked = async (parts) => {
    let path = anchor;
    for (let i = 0; i < parts.length; i++) {
      path = join(path, parts[i]);
      const info = await lstat(path).catch(() => null);
      if (info === null) {
        await mkdir(path).catch((e) => {
          if (e.code !== "EEXIST") throw e;
        });
        if (!(await lstat(path)).isDirectory())
          await refuse(path, parts.slice(0, i + 1), new Error(`${path} is not a folder`));
      } else if (!info.isDirectory())
        await refuse(
          path,
          parts.slice(0, i + 1),
          Object.assign(new Error(`ENOTDIR: ${path} is not a folder`), { code: "ENOTDIR" })
        );
    }
    const expected = join(await realpath(anchor), ...parts);
    if (await realpath(path) !== expected)
      await refuse(path, parts, null, "resolves elsewhere (a symlink was swapped in)");
    return path;
  };
  const split = (rel) => {
    const parts = [...base, ...partsOf(rel)];
    const file = parts.pop();
    if (file === void 0 || file === "..") throw new Error(`confinedDir: "${rel}" names no file`);
    return { dir: parts, file };
  };
  const openFile = async (dir, file, flags, parts) => {
    try {
      return await open(`${dir}/${file}`, flags | O_NOFOLLOW, 420);
    } catch (error) {
      const code = error.code;
      if (code === "ELOOP" || code === "EMLINK") return refuse(`${dir}/${file}`, [...parts, file], error);
      throw error;
    }
  };
  const lookup = async (rel) => {
    const parts = [...base, ...partsOf(rel)];
    if (parts.includes("..")) throw new Error(`confinedDir: a path component ".." below ${anchor}`);
    let path = anchor;
    for (let i = 0; i < parts.length; i++) {
      path = join(path, parts[i]);
      const info = await lstat(path).catch((e) => {
        if (e.code === "ENOENT") return null;
        throw e;
      });
      if (info === null) return "missing";
      if (info.isSymbolicLink()) throw new SymlinkRefusedError(name(parts.slice(0, i + 1)), "is a symlink");
      if (i === parts.length - 1) return info.isFile() ? "file" : info.isDirectory() ? "folder" : "other";
      if (!info.isDirectory())
        throw Object.assign(new Error(`ENOTDIR: ${path} is not a folder`), { code: "ENOTDIR", path });
    }
    return "folder";
  };
  return {
    path: name(base),
    lookup,
    createNew: async (rel, text) => {
      const { dir, file } = split(rel);
      return withFolder(dir, async (d) => {
        let handle;
        try {
          handle = await openFile(d, file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, dir);
        } catch (error) {
          if (error.code !== "EEXIST") throw error;
          if ((await lstat(`${d}/${file}`)).isSymbolicLink())
            throw new SymlinkRefusedError(name([...dir, file]), "is a symlink");
          return false;
        }
        try {
          await writeAll(handle, Buffer.from(text, "utf8"), name([...dir, file]));
          await handle.close();
        } catch (error) {
          await handle.close().catch(() => void 0);
          await rm(`${d}/${file}`, { force: true });
          throw error;
        }
        return true;
      });
    },
    ensureDir: (rel) => withFolder([...base, ...partsOf(rel)], async () => void 0),
    openAppend: async (rel, options2) => {
      const { dir, file } = split(rel);
      const access = options2?.read ? constants.O_RDWR : constants.O_WRONLY;
      return withFolder(dir, (d) => openFile(d, file, access | constants.O_APPEND | constants.O_CREAT, dir));
    },
    writeAtomic: async (rel, text) => {
      const { dir, file } = split(rel);
      await withFolder(dir, async (d) => {
        const temp = `.${file}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}.tmp`;
        const handle = await openFile(d, temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, dir);
        try {
          const show = name([...dir, file]);
          if (typeof text === "string") await writeAll(handle, Buffer.from(text, "utf8"), show);
          else {
            const buffer = spareBatch ?? Buffer.allocUnsafe(WRITE_BATCH);
            spareBatch = null;
            try {
              let used = 0;
              let pending = "";
              for (const piece of text) {
                let chunk = pending === "" ? piece : pending + piece;
                pending = "";
                const last = chunk.charCodeAt(chunk.length - 1);
                if (last >= 55296 && last <= 56319) {
                  pending = chunk.slice(-1);
                  chunk = chunk.slice(0, -1);
                }
                const bytes = Buffer.byteLength(chunk, "utf8");
                if (used + bytes > buffer.length && used > 0) {
                  await writeAll(handle, buffer.subarray(0, used), show);
                  used = 0;
                }
                if (bytes > buffer.length) await writeAll(handle, Buffer.from(chunk, "utf8"), show);
                else used += buffer.write(chunk, used, "utf8");
              }
              if (pending !== "") {
                if (used + 3 > buffer.length) {
                  await writeAll(handle, buffer.subarray(0, used), show);
                  used = 0;
                }
                used += buffer.write(pending, used, "utf8");
              }
              if (used > 0) await writeAll(handle, buffer.subarray(0, used), show);
            } finally {
              spareBatch = buffer;
            }
          }
        } catch (error) {
          await handle.close().catch(() => void 0);
          await rm(`${d}/${temp}`, { force: true });
          throw error;
        }
        await handle.close();
        await rename(`${d}/${temp}`, `${d}/${file}`);
      });
    }
  };
}

// src/adapters/fs-store.ts
import { closeSync, createReadStream, fstatSync, openSync, readSync, writeSync } from "node:fs";
import { mkdir as mkdir2, readdir, readFile, realpath as realpath2, rm as rm2, stat, writeFile } from "node:fs/promises";
import { basename, dirname, isAbsolute, join as join2, relative, resolve, sep } from "node:path";
var toSlash = (p) => p.split(sep).join("/");
function refusedPathForm(path) {
  if (/[\u0000-\u001f\u007f]/.test(path)) return "contains a control character";
  if (path.split(/[\\/]/).some((part) => part.toLowerCase() === ".git"))
    return "points into .git, which evalgate never reads";
  return null;
}
var climbsOut = (rel) => rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel);
async function locatePath(root, boundary, path) {
  const form = refusedPathForm(path);
  if (form) return { status: "refused", reason: form };
  if (isAbsolute(path) || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith("\\")) {
    return {
      status: "refused",
      reason: "is an absolute path; write it relative to the config file, inside the repository"
    };
  }
  const realBoundary = await realpath2(boundary);
  const realRoot = await realpath2(root);
  const full = resolve(realRoot, path);
  const lexical = relative(realBoundary, full);
  if (climbsOut(lexical))
    return {
      status: "refused",
      reason: 'climbs out of the repository with ".."; only files inside the repository can be read'
    };
  let real;
  try {
    real = await realpath2(full);
  } catch (error) {
    const code = error.code;
    if (code === "ENOENT" || code === "ENOTDIR") return { status: "missing" };
    throw error;
  }
  const realRel = relative(realBoundary, real);
  if (climbsOut(realRel))
    return {
      status: "refused",
      reason: "is a symlink to a file outside the repository; only files inside the repository can be read"
    };
  if (refusedPathForm(realRel))
    return { status: "refused", reason: "is a symlink into .git, which evalgate never reads" };
  const info = await stat(real);
  if (!info.isFile() && !info.isDirectory()) return { status: "refused", reason: "is not a regular file or folder" };
  return { status: "ok", kind: info.isFile() ? "file" : "folder", lexical: toSlash(lexical), real: toSlash(realRel) };
}
function createFsWorkspace(root, boundary = root) {
  const ranged = /* @__PURE__ */ new Map();
  const locate = (path) => locatePath(root, boundary, path);
  const need = async (path, kind) => {
    const where = await locate(path);
    if (where.status === "missing") return null;
    if (where.status === "refused") throw new ConfigError({ file: path }, `evalgate: "${path}" ${where.reason}`);
    if (where.kind !== kind) return null;
    return join2(await realpath2(boundary), where.real);
  };
  return {
    locate,
    readBytes: async (path) => {
      const real = await need(path, "file");
      if (real === null) throw new ConfigError({ file: path }, `evalgate: "${path}" does not exist or is not a file`);
      return new Uint8Array(await readFile(real));
    },
    readStream: async (path) => {
      const real = await need(path, "file");
      if (real === null) throw new ConfigError({ file: path }, `evalgate: "${path}" does not exist or is not a file`);
      return createReadStream(real, { highWaterMark: 1 << 16 });
    },
    readRange: async (path, offset, length) => {
      let fd = ranged.get(path);
      if (fd === void 0) {
        const real = await need(path, "file");
        if (real === null) throw new ConfigError({ file: path }, `evalgate: "${path}" does not exist or is not a file`);
        fd = ranged.get(path);
        if (fd === void 0) {
          fd = openSync(real, "r");
          ranged.set(path, fd);
          handles.register(ranged, fd);
        }
      }
      const bytes = new Uint8Array(length);
      let got = 0;
      while (got < length) {
        const read = readSync(fd, bytes, got, length - got, offset + got);
        if (read === 0) break;
        got += read;
      }
      return bytes.subarray(0, got);
    },
    exists: async (path) => await need(path, "file") !== null,
    listFolders: async (path) => {
      const real = await need(path, "folder");
      if (real === null) return null;
      const entries = await readdir(real, { withFileTypes: true });
      return entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
    }
  };
}
async function writeFileAtomic(path, text) {
  await confinedDir(dirname(path)).writeAtomic(basename(path), text);
}
async function* linesOf(path) {
  let rest = "";
  for await (const chunk of createReadStream(path, { encoding: "utf8" })) {
    const parts = `${rest}${chunk}`.split("\n");
    rest = parts.pop() ?? "";
    for (const part of parts) yield part.endsWith("\r") ? part.slice(0, -1) : part;
  }
  if (rest !== "") yield rest.endsWith("\r") ? rest.slice(0, -1) : rest;
}
async function lineSourceIfExists(path) {
  try {
    if (!(await stat(path)).isFile()) return null;
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
  return { rereadable: true, [Symbol.asyncIterator]: () => linesOf(path), ranges: rangeFile(path) };
}
var LINES_AT_ONCE = 1024;
function rangeFile(path) {
  let fd = null;
  const reader = rangeFileOn(path, () => {
    if (fd === null) {
      fd = openSync(path, "r");
      handles.register(reader, fd);
    }
    return fd;
  });
  return reader;
}
function handleRangeFile(handle, path) {
  const reader = rangeFileOn(path, () => handle.fd);
  fileHandles.register(reader, handle);
  return reader;
}
function rangeFileOn(path, open2) {
  let block = Buffer.alloc(0);
  let blockStart = 0;
  let blockLength = 0;
  const reader = {
    path,
    async *lines() {
      const handle = open2();
      const READ = 1 << 18;
      let buf = Buffer.allocUnsafe(2 * READ);
      let restLength = 0;
      let restStart = 0;
      let position = 0;
      for (; ; ) {
        if (buf.length - restLength < READ) {
          const bigger = Buffer.allocUnsafe(restLength + 2 * READ);
          buf.copy(bigger, 0, 0, restLength);
          buf = bigger;
        }
        const got = readSync(handle, buf, restLength, READ, position);
        if (got === 0) break;
        position += got;
        const view = buf.subarray(0, restLength + got);
        let from = 0;
        let batch = [];
        for (let nl = view.indexOf(10, from); nl >= 0; nl = view.indexOf(10, from)) {
          const end = nl > from && view[nl - 1] === 13 ? nl - 1 : nl;
          batch.push({ text: view.toString("utf8", from, end), start: restStart + from, end: restStart + end });
          from = nl + 1;
          if (batch.length === LINES_AT_ONCE) {
            yield batch;
            batch = [];
          }
        }
        buf.copyWithin(0, from, view.length);
        restLength = view.length - from;
        restStart += from;
        yield batch;
      }
      if (restLength > 0) {
        const end = buf[restLength - 1] === 13 ? restLength - 1 : restLength;
        yield [{ text: buf.toString("utf8", 0, end), start: restStart, end: restStart + end }];
      }
    },
    read(start, end) {
      if (start < blockStart || end > blockStart + blockLength) {
        const want = Math.max(end - start, 1 << 20);
        if (block.length < want) block = Buffer.allocUnsafe(want);
        let got = 0;
        for (; ; ) {
          const n = readSync(open2(), block, got, want - got, start + got);
          if (n === 0) break;
          got += n;
          if (got === want) break;
        }
        blockStart = start;
        blockLength = got;
        if (end > start + got) {
          blockLength = 0;
          throw new Error(`the file is shorter than when it was read (it ends before byte ${end})`);
        }
      }
      return block.toString("utf8", start - blockStart, end - blockStart);
    },
    readBytes: (into, offset, length, position) => readSync(open2(), into, offset, length, position),
    size: () => fstatSync(open2()).size,
    identity: () => {
      const s = fstatSync(open2(), { bigint: true });
      return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
    }
  };
  return reader;
}
var fileHandles = new FinalizationRegistry((handle) => {
  handle.close().catch(() => void 0);
});
var handles = new FinalizationRegistry((fd) => {
  try {
    closeSync(fd);
  } catch {
  }
});
async function readResultFile(path) {
  const lines = await lineSourceIfExists(path);
  if (lines === null) throw new ConfigError({ file: path }, `${path}: no such result file`);
  return parseResultFileLines(lines, path);
}
function appendingSink(handle, path) {
  let queue = [];
  let writing = null;
  let reader = null;
  let closed = false;
  const drain = () => {
    const batch = queue;
    queue = [];
    try {
      const bytes = Buffer.from(batch.map((x) => x.text).join(""), "utf8");
      for (let done = 0; done < bytes.length; ) done += writeSync(handle.fd, bytes, done, bytes.length - done);
      for (const x of batch) x.written();
    } catch (error) {
      for (const x of batch) x.failed(error);
    }
  };
  return {
    append: (record) => new Promise((written, failed) => {
      queue.push({ text: `${JSON.stringify(record)}
`, written, failed });
      writing ??= new Promise(
        (done) => setImmediate(() => {
          drain();
          writing = null;
          done();
        })
      );
    }),
    close: async () => {
      await writing;
      if (closed) return;
      closed = true;
      if (reader === null) await handle.close();
    },
    readBack: () => {
      if (closed && reader === null) throw new Error(`${path}: the record log was closed before it was read back`);
      if (reader === null) {
        callsDone();
        reader = handleRangeFile(handle, path);
      }
      return reader;
    }
  };
}
var HTML_COLLECT_EVERY = 4 * 2 ** 20;
function createFsRunStore(outDir, baselineDir, confine) {
  const out = confine ? confinedDir(confine.anchor, relative(confine.anchor, outDir), confine.shown ?? confine.anchor) : confinedDir(outDir);
  const baselines = confinedDir(baselineDir);
  return {
    prepare: () => out.ensureDir("results"),
    readRecordLog: async (suite) => lineSourceIfExists(join2(outDir, "results", `${suite}.records.jsonl`)),
    startRecordLog: async (suite, initial) => {
      const rel = `results/${suite}.records.jsonl`;
      callsStarting();
      await out.writeAtomic(rel, initial);
      return appendingSink(await out.openAppend(rel, { read: true }), join2(outDir, rel));
    },
    // Written after the suite's calls, once its record log is read back: what the read-back
    // left is given back first (heap-growth.ts).
    writeResult: (suite, text) => {
      giveBackBetweenSteps();
      return out.writeAtomic(`results/${suite}.json`, text);
    },
    readResult: async (suite) => lineSourceIfExists(join2(outDir, "results", `${suite}.json`)),
    readBaseline: async (suite) => lineSourceIfExists(join2(baselineDir, `${suite}.json`)),
    betweenSteps: giveBackBetweenSteps,
    writeBaseline: (suite, text) => baselines.writeAtomic(`${suite}.json`, text),
    writeReport: (markdown) => out.writeAtomic("report.md", markdown),
    // Each page is made as it is written: memory is given back first, and the heap is
    // collected every few MB of the page (heap-growth.ts).
    writeHtmlReport: (html) => {
      giveBackBetweenSteps();
      return out.writeAtomic("report.html", collectingEvery(html, HTML_COLLECT_EVERY));
    },
    writeSummary: (text) => out.writeAtomic("summary.json", text),
    writeJunit: (xml) => {
      collectBeforeReport();
      return out.writeAtomic("junit.xml", xml);
    },
    describe: () => ({ out: outDir, baselines: baselineDir })
  };
}
async function ensureWritableFolder(path, option) {
  const full = resolve(path);
  const fail = (why) => new ConfigError(
    { file: "command line", path: option },
    `evalgate: ${option} ${path}: ${why}; choose a folder you can write, or create it first`
  );
  const missing = [];
  let existing = full;
  for (; ; ) {
    let info;
    try {
      info = await stat(existing);
    } catch (error) {
      const code = error.code;
      if (code === "ENOENT" && dirname(existing) !== existing) {
        missing.unshift(existing);
        existing = dirname(existing);
        continue;
      }
      throw fail(
        code === "ENOTDIR" ? "a part of the path is a file, not a folder" : `cannot be inspected (${code ?? String(error)})`
      );
    }
    if (!info.isDirectory())
      throw fail(existing === full ? "exists and is not a folder" : `${existing} is not a folder`);
    break;
  }
  for (const dir of missing) {
    try {
      await mkdir2(dir);
    } catch (error) {
      const code = error.code;
      if (code !== "EEXIST") throw fail(`cannot be created (${code ?? String(error)})`);
    }
  }
  const probe = join2(full, `.evalgate-write-check-${process.pid}`);
  try {
    await writeFile(probe, "", { flag: "wx" });
    await rm2(probe, { force: true });
  } catch (error) {
    throw fail(`is not writable (${error.code ?? String(error)})`);
  }
  return full;
}

// src/adapters/git.ts
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readFile as readFile2, rm as rm3, stat as stat2, writeFile as writeFile2 } from "node:fs/promises";
import { tmpdir } from "node:os";
import { isAbsolute as isAbsolute2, join as join3, posix, resolve as resolve2 } from "node:path";
import { promisify } from "node:util";

// src/core/redact.ts
var USER_INFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@'"`<>]+@/gi;
function redactUrls(text) {
  return text.replace(USER_INFO, "$1***@");
}

// src/adapters/git.ts
var run = promisify(execFile);
function parseLog(out) {
  const commits = [];
  const pattern = /\u001e([0-9a-f]{40,64})\u001f([^\u001f\u0000]*)\u001f([^\u0000]*)\u0000\n?((?:[^\u0000\u001e][^\u0000]*\u0000)*)/gy;
  for (const m of out.matchAll(pattern)) {
    commits.push({
      sha: m[1],
      date: m[2],
      subject: m[3],
      files: m[4].split("\0").filter((f) => f !== "")
    });
  }
  return commits;
}
var SAFE = ["-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-c", "protocol.file.allow=never"];
async function gitRun(cwd, args) {
  const { stdout } = await run("git", [...SAFE, ...args], {
    cwd,
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, GIT_TERMINAL_PROMPT: "0" }
  });
  return stdout;
}
async function gitRunBytes(cwd, args) {
  const { stdout } = await run("git", [...SAFE, ...args], {
    cwd,
    maxBuffer: 256 * 1024 * 1024,
    encoding: "buffer",
    env: { ...process.env, GIT_TERMINAL_PROMPT: "0" }
  });
  return stdout;
}
function unreadableCommit(sha, error) {
  const e = error;
  const detail = (typeof e.stderr === "string" && e.stderr.trim() !== "" ? e.stderr : String(e.message ?? error)).split("\n").map((l) => l.trim()).find((l) => l !== "" && !l.startsWith("Command failed")) ?? "unknown error";
  return new ConfigError(
    { file: "workflow", path: "actions/checkout" },
    `evalgate: cannot read commit ${sha.slice(0, 12)}: it is not in the checkout, and fetching it failed (${redactUrls(detail)}). A pull request is compared with its base commit: check out with actions/checkout and fetch-depth: 0, and make sure the base commit still exists (a force-pushed base branch removes it; re-run the workflow from the pull request)`
  );
}
async function repositoryRoot(dir) {
  try {
    return (await gitRun(dir, ["rev-parse", "--show-toplevel"])).trim();
  } catch {
    return null;
  }
}
var lfsInstalled = null;
function hasGitLfs(cwd) {
  const known = lfsInstalled ?? gitRun(cwd, ["lfs", "version"]).then(
    () => true,
    () => false
  );
  lfsInstalled = known;
  return known;
}
function sha256(bytes) {
  return createHash("sha256").update(bytes).digest("hex");
}
function openGitRepo(cwd, gitDir) {
  const at = gitDir === void 0 ? [] : [`--git-dir=${gitDir}`];
  const git = (dir, args) => gitRun(dir, [...at, ...args]);
  const gitBytes = (dir, args) => gitRunBytes(dir, [...at, ...args]);
  const commonDir = async () => {
    const out = (await git(cwd, ["rev-parse", "--git-common-dir"])).trim();
    return isAbsolute2(out) ? out : resolve2(cwd, out);
  };
  const has = async (sha) => {
    try {
      await git(cwd, ["cat-file", "-e", `${sha}^{commit}`]);
      return true;
    } catch {
      return false;
    }
  };
  const ensure = async (sha) => {
    if (await has(sha)) return;
    try {
      await git(cwd, ["fetch", "--no-tags", "--depth=200", "origin", sha]);
    } catch (error) {
      throw unreadableCommit(sha, error);
    }
    if (!await has(sha)) throw unreadableCommit(sha, new Error("the fetch did not bring it"));
  };
  const entry = async (sha, path) => {
    await ensure(sha);
    const out = await git(cwd, ["ls-tree", "-z", sha, "--", path]).catch(() => "");
    const first = out.split("\0")[0] ?? "";
    const m = /^(\d+) (blob|tree|commit) ([0-9a-f]+)\t(.*)$/s.exec(first);
    if (!m || m[4] !== path) return null;
    return { mode: m[1], type: m[2], oid: m[3] };
  };
  const submodule = async (sha, path, oid) => {
    const names = await git(cwd, ["config", "--blob", `${sha}:.gitmodules`, "--get-regexp", "^submodule\\..*\\.path$"]).then((out) => out.split("\n")).catch(() => []);
    const named = names.map((line) => /^submodule\.(.+)\.path (.*)$/.exec(line)).find((m) => m !== null && m[2] === path);
    const name = named?.[1] ?? path;
    const where = `the submodule "${path}" (commit ${oid.slice(0, 7)} at the base)`;
    if (name.split("/").includes("..") || isAbsolute2(name))
      return { reason: `lies in ${where}, whose name in .gitmodules is not a plain path` };
    const dir = join3(await commonDir(), "modules", name);
    const present = await stat2(join3(dir, "HEAD")).then(
      () => true,
      () => false
    );
    if (!present)
      return {
        reason: `lies in ${where}, which is not checked out; check out with \`submodules: true\` (actions/checkout) so evalgate can read the base's version`
      };
    const sub = openGitRepo(cwd, dir);
    const has2 = async () => sub.commitTime(oid).then((t) => t !== null);
    if (!await has2())
      await gitRun(cwd, [`--git-dir=${dir}`, "fetch", "--no-tags", "--depth=1", "origin", oid]).catch(() => "");
    if (!await has2())
      return {
        reason: `lies in ${where}, which is checked out at another commit, and the base's commit could not be fetched; check out with \`submodules: true\` and \`fetch-depth: 0\` (actions/checkout)`
      };
    return { repo: sub };
  };
  const fetchLfs = async (sha, path) => {
    const dir = gitDir ?? (await git(cwd, ["rev-parse", "--absolute-git-dir"])).trim();
    const own = await gitBytes(cwd, ["cat-file", "blob", `${sha}:.lfsconfig`]).catch(() => Buffer.alloc(0));
    const tree = await mkdtemp(join3(tmpdir(), "evalgate-lfs-"));
    try {
      await writeFile2(join3(tree, ".lfsconfig"), own);
      await run(
        "git",
        [
          ...SAFE,
          `--git-dir=${dir}`,
          `--work-tree=${tree}`,
          "lfs",
          "fetch",
          `--include=${path}`,
          "--exclude=",
          "origin",
          sha
        ],
        {
          cwd: tree,
          maxBuffer: 16 * 1024 * 1024,
          env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_INDEX_FILE: join3(tree, "index") }
        }
      );
    } finally {
      await rm3(tree, { recursive: true, force: true });
    }
  };
  const lfsContent = async (pointer, sha, path) => {
    const file = join3(
      await commonDir(),
      "lfs",
      "objects",
      pointer.oid.slice(0, 2),
      pointer.oid.slice(2, 4),
      pointer.oid
    );
    const local = async () => {
      const bytes2 = await readFile2(file).catch(() => null);
      return bytes2 !== null && bytes2.length === pointer.size && sha256(bytes2) === pointer.oid ? new Uint8Array(bytes2) : null;
    };
    let bytes = await local();
    const lfs = await hasGitLfs(cwd);
    if (bytes === null && lfs) {
      await fetchLfs(sha, path).catch(() => void 0);
      bytes = await local();
    }
    if (bytes !== null) return bytes;
    return {
      reason: `is a Git LFS pointer (sha256 ${pointer.oid.slice(0, 12)}\u2026, ${pointer.size} bytes) whose content is not in this checkout${lfs ? " and could not be fetched with git lfs" : " (and git lfs is not installed to fetch it)"}; ${LFS_CHECKOUT_FIX}${lfs ? ` (git lfs asked the endpoint commit ${sha.slice(0, 7)} names: its .lfsconfig, else the origin remote; a .lfsconfig in the checkout is never used)` : ""}`
    };
  };
  return {
    root: async () => (await git(cwd, ["rev-parse", "--show-toplevel"])).trim(),
    head: async () => (await git(cwd, ["rev-parse", "HEAD"])).trim(),
    parents: async (sha) => {
      await ensure(sha);
      return (await git(cwd, ["rev-list", "--parents", "-n", "1", sha])).trim().split(/\s+/).slice(1);
    },
    changedFiles: async (base, head) => {
      await ensure(base);
      await ensure(head);
      let range = `${base}...${head}`;
      try {
        await git(cwd, ["merge-base", base, head]);
      } catch {
        range = `${base}..${head}`;
      }
      const out = await git(cwd, [
        "diff",
        "--no-ext-diff",
        "--no-textconv",
        "--name-only",
        "--no-renames",
        "-z",
        range
      ]);
      return out.split("\0").filter((l) => l !== "");
    },
    show: async (sha, path) => {
      await ensure(sha);
      try {
        return await git(cwd, ["cat-file", "blob", `${sha}:${path}`]);
      } catch {
        return null;
      }
    },
    commitTime: async (sha) => {
      try {
        return (await git(cwd, ["show", "-s", "--format=%cI", sha])).trim() || null;
      } catch {
        return null;
      }
    },
    resolveCommit: async (revision) => {
      if (revision.startsWith("-") || revision === "") return null;
      try {
        return (await git(cwd, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${revision}^{commit}`])).trim();
      } catch {
        return null;
      }
    },
    log: async (sha, path, limit) => parseLog(
      await git(cwd, [
        "-c",
        "log.showSignature=false",
        "log",
        "-z",
        "--no-color",
        // Main's own line: a merged refresh shows as its merge, with what it changed there.
        "--first-parent",
        "--diff-merges=first-parent",
        "--no-renames",
        "--no-ext-diff",
        "--no-textconv",
        "--name-only",
        "--format=%x1e%H%x1f%cI%x1f%s",
        `-n${limit}`,
        sha,
        "--",
        path
      ])
    ),
    isShallow: async () => (await git(cwd, ["rev-parse", "--is-shallow-repository"])).trim() === "true",
    showBytes: async (sha, path) => {
      await ensure(sha);
      try {
        return new Uint8Array(await gitBytes(cwd, ["cat-file", "blob", `${sha}:${path}`]));
      } catch {
        return null;
      }
    },
    entry,
    submodule,
    lfsContent,
    attributesChanged: async (base, head, paths) => {
      if (paths.length === 0) return [];
      await ensure(base);
      await ensure(head);
      const top = (await git(cwd, ["rev-parse", "--show-toplevel"])).trim();
      const [before, after] = await Promise.all([attributesAt(top, base, paths), attributesAt(top, head, paths)]);
      return paths.filter((p) => before.get(p) !== after.get(p));
    },
    trackedFiles: async (dir) => (await git(cwd, ["ls-files", "-z", "--full-name", "--", `:(top,literal)${dir}`])).split("\0").filter((f) => f !== ""),
    folders: async (sha, path) => {
      await ensure(sha);
      const out = await git(cwd, ["ls-tree", "-z", `${sha}:${path === "" ? "" : path}`]).catch(() => "");
      return out.split("\0").map((l) => /^\d+ tree [0-9a-f]+\t(.*)$/s.exec(l)?.[1]).filter((n) => n !== void 0).sort();
    }
  };
}
async function attributesAt(cwd, sha, paths) {
  const dir = await mkdtemp(join3(tmpdir(), "evalgate-attr-"));
  const env = { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_INDEX_FILE: join3(dir, "index") };
  const found = /* @__PURE__ */ new Map();
  try {
    await run("git", [...SAFE, "read-tree", sha], { cwd, env });
    for (let i = 0; i < paths.length; i += 500) {
      const { stdout } = await run(
        "git",
        [...SAFE, "check-attr", "--cached", "-z", "-a", "--", ...paths.slice(i, i + 500)],
        { cwd, env, maxBuffer: 64 * 1024 * 1024 }
      );
      const fields = stdout.split("\0");
      for (let f = 0; f + 2 < fields.length; f += 3) {
        const path = fields[f];
        found.set(path, [...found.get(path) ?? [], `${fields[f + 1]}=${fields[f + 2]}`]);
      }
    }
  } finally {
    await rm3(dir, { recursive: true, force: true });
  }
  return new Map(paths.map((p) => [p, (found.get(p) ?? []).sort().join("\n")]));
}

// src/core/config/schema.ts
function buildConfigSchema(suite) {
  return external_exports.strictObject({
    $schema: external_exports.string().optional(),
    version: external_exports.literal(1),
    providers: external_exports.record(nameSchema, providerSchema),
    suites: external_exports.array(suite).min(1),
    gate: gateSchema.default({ ...DEFAULT_GATE }),
    report: external_exports.strictObject({
      language: external_exports.enum(REPORT_LANGUAGES).default("en").describe(
        "The language of the report and of the CLI's final lines (en or ja); the CLI's --language and the action's report-language input win."
      )
    }).optional().describe("How the report is written."),
    budget: external_exports.strictObject({
      "max-calls": external_exports.int().positive().optional().describe(
        "Model calls the run may make (retries included); then it stops, keeps what it finished and exits 3."
      ),
      "max-cost": external_exports.number().positive().optional().describe("USD the run may spend (from token usage and prices); then it stops as above."),
      "max-pr-calls": external_exports.int().positive().optional().describe(
        "Model calls a pull request's run may plan (cases \xD7 repeats \xD7 calls per case over the suites it affects; default 5000). A pull request that plans more fails before any call. Read from the base branch."
      )
    }).optional().describe("Limits on what one run may spend; --max-calls and --max-cost override them.")
  });
}
var built = null;
function configSchema() {
  const version = registryVersion();
  if (built?.version !== version) {
    const entries = kinds().map((k) => k.configSchema);
    const suite = external_exports.discriminatedUnion("kind", entries);
    built = { version, schema: buildConfigSchema(suite) };
  }
  return built.schema;
}
function configJsonSchema() {
  const schema = external_exports.toJSONSchema(configSchema(), { io: "input", unrepresentable: "any" });
  return { ...schema, title: "evalgate configuration", $id: "https://evalgate.dev/evalgate.schema.json" };
}

// src/core/config/load.ts
var import_yaml2 = __toESM(require_dist(), 1);

// src/core/config/diagnostics.ts
var import_yaml = __toESM(require_dist(), 1);
function located(file, line, path) {
  return { file, ...line !== void 0 ? { line } : {}, path };
}
function lineOfPath(doc, lineCounter, path) {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = doc.getIn(path.slice(0, depth), true);
    if (node && typeof node === "object" && node.range) {
      if (depth > 0) {
        const keyLine = keyLineOf(doc, lineCounter, path.slice(0, depth));
        if (keyLine !== void 0) return keyLine;
      }
      return lineCounter.linePos(node.range[0]).line;
    }
  }
  return void 0;
}
function keyLineOf(doc, lineCounter, path) {
  const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
  const last = path[path.length - 1];
  if ((0, import_yaml.isMap)(parent)) {
    for (const pair of parent.items) {
      const key = pair.key;
      if (key && key.value === last && key.range) return lineCounter.linePos(key.range[0]).line;
    }
  }
  if ((0, import_yaml.isSeq)(parent) && typeof last === "number") {
    const item = parent.items[last];
    if (item?.range) return lineCounter.linePos(item.range[0]).line;
  }
  return void 0;
}
function describeIssue(issue, file, data, lineOf, doc, lineCounter) {
  const path = issue.path;
  if (issue.code === "unrecognized_keys") {
    const parentPath = formatPath(path);
    const known = knownKeys(data, path);
    return issue.keys.map((key) => {
      const full = [...path, key];
      const hint = suggest(key, known);
      const perSuite = key === "min" && path.length === 1 && path[0] === "gate" ? "; floors are set per suite, under suites[i].gate.min, because metrics are the suite kind's." : "";
      return {
        ...located(file, keyLineOf(doc, lineCounter, full) ?? lineOf(path), formatPath(full)),
        message: `unknown key${hint ? `; did you mean "${hint}"?` : ""}${perSuite}${known.length ? ` Valid keys${parentPath ? ` of ${parentPath}` : ""}: ${known.join(", ")}` : ""}`
      };
    });
  }
  const where = located(file, lineOf(path), formatPath(path) || "(top level)");
  const at = (message) => [{ ...where, message }];
  if (issue.code === "invalid_key") {
    const inner = issue.issues[0];
    return at(
      `${inner?.message ?? issue.message}${typeof issue.input === "string" ? `, got ${JSON.stringify(issue.input)}` : ""}`
    );
  }
  if (issue.input === void 0 && issue.code !== "custom") return at(`required key is missing`);
  if (issue.code === "invalid_union" && "discriminator" in issue && issue.discriminator === "kind") {
    const got = getAt(data, path);
    return at(`expected one of ${kindNames().join(", ")}, got ${JSON.stringify(got)}`);
  }
  if (issue.code === "invalid_value") {
    return at(`expected one of ${issue.values.map((v) => String(v)).join(", ")}, got ${JSON.stringify(issue.input)}`);
  }
  if (issue.code === "invalid_type") {
    if (issue.input === void 0) return at(`required key is missing (expected ${issue.expected})`);
    return at(`expected ${issue.expected}, got ${JSON.stringify(issue.input)}`);
  }
  return at(
    `${issue.message}${issue.input !== void 0 && typeof issue.input !== "object" ? `, got ${JSON.stringify(issue.input)}` : ""}`
  );
}
function getAt(data, path) {
  let cur = data;
  for (const key of path) {
    if (cur === null || typeof cur !== "object") return void 0;
    cur = cur[key];
  }
  return cur;
}
function knownKeys(data, path) {
  const p = path.map((k) => typeof k === "number" ? "#" : String(k));
  if (p.length === 0) return Object.keys(configSchema().shape);
  if (p[0] === "gate" && p.length === 1) return Object.keys(gateSchema.shape);
  if (p[0] === "budget" && p.length === 1) return ["max-calls", "max-cost"];
  if (p[0] === "providers" && p.length === 2) return Object.keys(providerSchema.shape);
  if (p[0] === "suites") {
    const kind = getAt(data, [...path.slice(0, 2), "kind"]);
    const schema = (typeof kind === "string" ? findKind(kind) : void 0)?.configSchema ?? kinds()[0]?.configSchema;
    if (!schema) return [];
    if (p.length === 2) return Object.keys(schema.shape);
    const templates = schema.shape["templates"];
    if (p.length === 3 && p[2] === "templates")
      return templates instanceof external_exports.ZodObject ? Object.keys(templates.shape) : [];
    if (p.length === 3 && p[2] === "gate") return Object.keys(gateOverrideSchema.shape);
  }
  return [];
}
function suggest(key, known) {
  let best;
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
function editDistance(a, b) {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j];
      prev[j] = Math.min(up + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length];
}

// src/core/config/load.ts
function parseConfig(text, file) {
  const lineCounter = new import_yaml2.LineCounter();
  const doc = (0, import_yaml2.parseDocument)(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const problems = doc.errors.slice(0, 3).map((e) => {
      const line = e.linePos?.[0]?.line;
      return {
        file,
        ...line ? { line } : {},
        message: `YAML syntax: ${e.message.split("\n")[0]?.replace(/ at line \d+, column \d+:?$/, "")}`
      };
    });
    const column = doc.errors[0]?.linePos?.[0]?.col;
    if (column !== void 0) problems[0] = { ...problems[0], column };
    throw ConfigError.of(problems);
  }
  const lineOf = (path) => lineOfPath(doc, lineCounter, path);
  const data = documentValue(doc, lineCounter, file);
  const parsed = configSchema().safeParse(data, { reportInput: true });
  if (!parsed.success) {
    const problems = parsed.error.issues.flatMap(
      (issue) => describeIssue(issue, file, data, lineOf, doc, lineCounter).map((p) => ({ ...p, message: redactUrls(p.message) }))
    );
    throw ConfigError.of(problems);
  }
  const loaded = { file, config: parsed.data, lineOf };
  checkReferences(loaded);
  return loaded;
}
function checkReferences(loaded) {
  const { config, file } = loaded;
  const problems = [];
  const seen = /* @__PURE__ */ new Map();
  const providers = Object.keys(config.providers);
  config.suites.forEach((suite, i) => {
    const at = (key) => {
      const path = ["suites", i, ...typeof key === "string" ? [key] : key];
      return located(file, loaded.lineOf(path), formatPath(path));
    };
    if (seen.has(suite.name))
      problems.push({
        ...at("name"),
        message: `suite name "${suite.name}" is used twice (also suites[${seen.get(suite.name)}]); names must be unique because they name result and baseline files`
      });
    seen.set(suite.name, i);
    const kind = kindOf(suite.kind);
    for (const ref of kind.providers(suite)) {
      if (!providers.includes(ref)) {
        const key = ref === suite.provider ? "provider" : kind.providerKey?.(suite, ref) ?? "provider";
        problems.push({
          ...at(key),
          message: `unknown provider "${ref}"; defined providers: ${providers.join(", ") || "(none)"}`
        });
      }
    }
  });
  if (problems.length > 0) throw ConfigError.of(problems);
}

export {
  summaryJsonSchema,
  parseShard,
  selectSuites,
  runtimeProblems,
  validateWorkspace,
  suiteGates,
  runEvaluation,
  mergeShards,
  rejudgeStored,
  planEvaluation,
  compareStored,
  SymlinkRefusedError,
  confinedDir,
  createFsWorkspace,
  writeFileAtomic,
  readResultFile,
  createFsRunStore,
  ensureWritableFolder,
  repositoryRoot,
  openGitRepo,
  configJsonSchema,
  parseConfig
};
