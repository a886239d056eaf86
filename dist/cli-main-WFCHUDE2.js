import { createRequire as __evalgateCreateRequire } from 'node:module';
const require = __evalgateCreateRequire(import.meta.url);
import {
  GITIGNORE_LINES,
  initKinds,
  readConfig,
  readOptionalConfig,
  starterFiles
} from "./cli-chunk-T35ZZW4O.js";
import {
  budgetLimits,
  cacheAuthenticator,
  cacheModelKey,
  colourEnabled,
  createCallingDeps,
  createClientFactory,
  createCodeRunnerFactory,
  createConsoleLogger,
  createProgress,
  endpointOf,
  escapeControls,
  inertStyledLine,
  isCachedRequest,
  judgeNonceSource,
  logText,
  newRunId,
  paint,
  runAuthenticator,
  sandboxCacheDir,
  sandboxNode,
  systemClock,
  verdictColour
} from "./cli-chunk-TXSMEX3S.js";
import {
  TOOL_VERSION,
  isVersionRequest
} from "./cli-chunk-ZO5ZQJVE.js";
import {
  SymlinkRefusedError,
  compareStored,
  configJsonSchema,
  confinedDir,
  createFsRunStore,
  createFsWorkspace,
  ensureWritableFolder,
  mergeShards,
  parseConfig,
  parseShard,
  planEvaluation,
  readResultFile,
  rejudgeStored,
  repositoryRoot,
  runEvaluation,
  runtimeProblems,
  selectSuites,
  suiteGates,
  summaryJsonSchema,
  validateWorkspace,
  writeFileAtomic
} from "./cli-chunk-IH3W6XZK.js";
import "./cli-chunk-UD6IMA3B.js";
import {
  ConfigError,
  REPORT_LANGUAGES,
  caseMeans,
  compareWithBaseline,
  configError,
  count,
  createRandom,
  formatMetric,
  formatP,
  formatPercent,
  formatProblem,
  formatSigned,
  inlineText,
  kinds,
  messagesFor,
  round4
} from "./cli-chunk-WXMQQV57.js";
import "./cli-chunk-K5RSY7YU.js";

// src/cli/main.ts
import { readdir, readFile, stat } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";

// src/core/tokens.ts
function chunkedTokenCounter(count2, options = {}) {
  const maxChunk = options.maxChunk ?? 2e3;
  const maxRun = options.maxRun ?? 64;
  const exactRun = options.exactRun ?? 2048;
  const sampleEvery = options.sampleEvery ?? 8;
  return (text) => {
    if (text.length <= maxChunk) return count2(text);
    let total = 0;
    let runChars = 0;
    let sampledChars = 0;
    let sampledTokens = 0;
    let skippedChars = 0;
    let index = 0;
    const settle = () => {
      if (skippedChars > 0) total += sampledChars > 0 ? Math.round(skippedChars * sampledTokens / sampledChars) : 0;
      runChars = sampledChars = sampledTokens = skippedChars = 0;
      index = 0;
    };
    for (const chunk of chunks(text, maxChunk, maxRun)) {
      if (runChars >= exactRun) {
        if (index++ % sampleEvery === 0) {
          const n = count2(chunk.text);
          total += n;
          sampledChars += chunk.text.length;
          sampledTokens += n;
        } else {
          skippedChars += chunk.text.length;
        }
      } else {
        total += count2(chunk.text);
      }
      if (chunk.inRun) runChars += chunk.text.length;
      else settle();
    }
    settle();
    return total;
  };
}
function chunks(text, maxChunk, maxRun) {
  const out2 = [];
  let start = 0;
  let lastCut = -1;
  let runStart = 0;
  const cut = (at, inRun) => {
    out2.push({ text: text.slice(start, at), inRun });
    start = at;
    lastCut = -1;
    runStart = at;
  };
  for (let i = 1; i < text.length; i++) {
    if (isBoundary(text, i)) {
      lastCut = i;
      runStart = i;
    }
    if (i - runStart >= maxRun) {
      if (runStart > start) cut(runStart, false);
      cut(isLowSurrogate(text.charCodeAt(i)) ? i + 1 : i, true);
      continue;
    }
    if (i - start >= maxChunk && lastCut > start) cut(lastCut, false);
  }
  if (start < text.length) out2.push({ text: text.slice(start), inRun: false });
  return out2;
}
function isBoundary(text, i) {
  const prev = text[i - 1];
  const ch = text[i];
  if ((ch === " " || ch === "\u3002" || ch === "\u3001") && /[\p{L}\p{N}]/u.test(prev)) return true;
  if (prev === "\n" && /[\p{L}\p{N}]/u.test(ch)) return true;
  return false;
}
function isLowSurrogate(code) {
  return code >= 56320 && code <= 57343;
}

// src/core/datasets/squad.ts
function buildExactCopySet(text, file, options) {
  let doc;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw configError({ file }, `not valid JSON (${error.message})`);
  }
  const data = doc?.data;
  if (!Array.isArray(data))
    throw configError(
      { file },
      'expected SQuAD v1.1 format: {"data": [{"title", "paragraphs": [{"context", "qas": [...]}]}]}'
    );
  const paragraphs = [];
  const items = [];
  data.forEach((article, a) => {
    const paras = article?.paragraphs;
    if (!Array.isArray(paras)) throw configError({ file, path: `data[${a}].paragraphs` }, "must be a list");
    paras.forEach((p, pi) => {
      const context = p?.context;
      const qas = p?.qas;
      if (typeof context !== "string")
        throw configError({ file, path: `data[${a}].paragraphs[${pi}].context` }, "must be a string");
      if (!Array.isArray(qas)) throw configError({ file, path: `data[${a}].paragraphs[${pi}].qas` }, "must be a list");
      const index = paragraphs.length;
      paragraphs.push(oneLine(context));
      qas.forEach((qa, qi) => {
        const q = qa;
        if (typeof q?.question !== "string")
          throw configError({ file, path: `data[${a}].paragraphs[${pi}].qas[${qi}].question` }, "must be a string");
        items.push({
          id: q.id === void 0 ? `p${index}q${qi}` : String(q.id),
          question: oneLine(q.question),
          paragraph: index
        });
      });
    });
  });
  const distinct = new Set(paragraphs);
  if (distinct.size < 3)
    throw configError({ file }, `needs at least 3 distinct paragraphs to draw fillers from, found ${distinct.size}`);
  if (items.length === 0) throw configError({ file }, "has no questions");
  if (!Number.isInteger(options.n) || options.n < 1)
    throw configError({ file }, `--n must be a positive integer, got ${options.n}`);
  const random = createRandom(`evalgate-squad|${options.seed}`);
  const kana = createRandom(`evalgate-squad-kana|${options.seed}`);
  const chosen = sampleIndices(items.length, Math.min(options.n, items.length), random).sort((x, y) => x - y);
  const lines = [];
  for (const i of chosen) {
    const item = items[i];
    const own = paragraphs[item.paragraph];
    const fillers = pickFillers(paragraphs, own, random);
    let context = [fillers[0], own, fillers[1]];
    if (options.random) context = context.map((line) => randomKana(Array.from(line).length, kana));
    lines.push(
      JSON.stringify({
        id: item.id,
        question: item.question,
        context: context.join("\n"),
        expected: context[1],
        cluster: `paragraph-${item.paragraph}`
      })
    );
  }
  return {
    jsonl: `${lines.join("\n")}
`,
    cases: lines.length,
    available: items.length,
    paragraphs: paragraphs.length
  };
}
function oneLine(text) {
  return text.replace(/[ \t]*(?:\r\n|\r|\n|\u2028|\u2029)+[ \t]*/g, " ").trim();
}
function sampleIndices(n, k, random) {
  const pool = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + random.nextInt(n - i);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, k);
}
function pickFillers(paragraphs, own, random) {
  const picked = [];
  while (picked.length < 2) {
    const candidate = paragraphs[random.nextInt(paragraphs.length)];
    if (candidate !== own && !picked.includes(candidate)) picked.push(candidate);
  }
  return [picked[0], picked[1]];
}
var KANA = (() => {
  const out2 = [];
  for (let c = 12353; c <= 12438; c++) out2.push(String.fromCodePoint(c));
  for (let c = 12449; c <= 12538; c++) out2.push(String.fromCodePoint(c));
  return out2;
})();
function randomKana(length, random) {
  let out2 = "";
  for (let i = 0; i < length; i++) out2 += KANA[random.nextInt(KANA.length)];
  return out2;
}

// src/core/noise.ts
function measureNoise(first, second, gate) {
  const out2 = [];
  for (const [name, a] of first) {
    const b = second.get(name);
    if (!b) continue;
    const metric = a.instrument.primaryMetric;
    const ma = caseMeans(a.records, metric);
    const mb = caseMeans(b.records, metric);
    let cases = 0;
    let differing = 0;
    let absolute = 0;
    for (const [id, va] of ma) {
      const vb = mb.get(id);
      if (vb === void 0) continue;
      cases++;
      if (vb !== va) differing++;
      absolute += Math.abs(vb - va);
    }
    const comparison = compareWithBaseline(a, b, gate(name));
    out2.push({
      name,
      metric,
      cases,
      casesDiffering: differing,
      meanAbsoluteCaseChange: cases > 0 ? absolute / cases : null,
      first: a.aggregates.metrics[metric] ?? null,
      second: b.aggregates.metrics[metric] ?? null,
      comparison,
      gateFired: comparison.verdict === "regression" || comparison.verdict === "inconclusive" && comparison.gate["on-inconclusive"] === "fail"
    });
  }
  return out2;
}
function noiseSummary(noise) {
  return {
    suites: noise.map((n) => {
      const c = n.comparison;
      return {
        name: n.name,
        metric: n.metric,
        cases: n.cases,
        casesDiffering: n.casesDiffering,
        meanAbsoluteCaseChange: round4(n.meanAbsoluteCaseChange),
        first: round4(n.first),
        second: round4(n.second),
        unit: c.unit,
        change: round4(c.change),
        interval: c.interval ? [round4(c.interval.lower), round4(c.interval.upper)] : null,
        se: c.bootstrap ? round4(c.bootstrap.standardError) : null,
        mde: c.power ? round4(c.power.mde) : null,
        pValue: c.exactTest?.pValue ?? null,
        pMethod: c.exactTest?.method ?? null,
        verdict: c.verdict,
        gateFired: n.gateFired
      };
    })
  };
}
function renderNoise(noise, model) {
  const lines = ["## evalgate noise: the same suite run twice (A/A)", ""];
  if (noise.length === 0) return `${lines.join("\n")}No suite finished both runs.
`;
  lines.push(
    "| Suite | Metric | Run 1 | Run 2 | Change (interval) | Cases that differ | Gate |",
    "|---|---|---:|---:|---|---:|---|"
  );
  for (const n of noise) {
    const c = n.comparison;
    const f = c.unit === "absolute" ? formatSigned : formatPercent;
    const change = c.change === null ? "\u2014" : `${f(c.change)}${c.interval ? ` [${f(c.interval.lower)}, ${f(c.interval.upper)}]` : ""}`;
    const share = n.cases > 0 ? formatPercent(n.casesDiffering / n.cases).replace("+", "") : "\u2014";
    lines.push(
      `| ${inlineText(n.name, 80)} | ${n.metric} | ${formatMetric(n.first)} | ${formatMetric(n.second)} | ${change} | ${n.casesDiffering} of ${n.cases} (${share}) | ${n.gateFired ? `\u274C would fail (${c.verdict})` : `\u2705 ${c.verdict}`} |`
    );
  }
  lines.push("");
  for (const n of noise) {
    const c = n.comparison;
    const facts = [`Model ${inlineText(model(n.name), 80)}.`];
    if (n.cases > 0)
      facts.push(
        `${n.casesDiffering} of ${count(n.cases, "case")} scored differently in the second run; the mean per-case change of ${n.metric} is ${formatMetric(n.meanAbsoluteCaseChange)}.`
      );
    if (c.bootstrap)
      facts.push(
        `Run-to-run standard error of the change: ${(c.unit === "absolute" ? formatMetric : (v) => formatPercent(v).replace("+", ""))(c.bootstrap.standardError)}.`
      );
    if (c.exactTest && c.exactTest.changed > 0)
      facts.push(`Sign-flip test of no change: p = ${formatP(c.exactTest.pValue)} (${c.exactTest.method}).`);
    if (c.power && c.bootstrap) {
      const f = (v) => c.unit === "absolute" ? formatMetric(v) : formatPercent(v).replace("+", "");
      facts.push(
        `From this noise alone the suite can detect a drop of about ${f(c.power.mde)} (80% power); the gate is ${f(c.power.threshold)}${c.power.mde > c.power.threshold ? `, so about ${c.power.casesNeeded.toLocaleString("en-US")} ${c.power.unit} would be needed` : ""}.`
      );
    } else if (c.bootstrap) {
      facts.push("The two runs agree on every compared case: no run-to-run noise was seen.");
    }
    facts.push(
      n.gateFired ? `**The gate would have failed this PR that changed nothing** (${c.verdict}). Raise repeats, add cases, or pin the model and seed before trusting the gate here.` : `The gate would not have fired (${c.verdict}).`
    );
    for (const note of c.notes) facts.push(`Note: ${inlineText(note, 300)}`);
    lines.push(`### ${inlineText(n.name, 80)}`, "", ...facts.map((x) => `- ${x}`), "");
  }
  return `${lines.join("\n").trimEnd()}
`;
}

// src/cli/plan-text.ts
function renderPlan(plans, cacheDir2) {
  const rows = plans.map((p) => [
    p.name,
    p.kind,
    p.model,
    String(p.cases),
    String(p.repeats),
    String(p.calls),
    p.cachedCalls === null ? "\u2014" : String(p.cachedCalls),
    p.inputTokens.toLocaleString("en-US"),
    `${p.outputTokens.toLocaleString("en-US")} (\u2264 ${p.outputTokensMax.toLocaleString("en-US")})`,
    p.cost === null ? "unknown" : `$${p.cost.toFixed(4)}`
  ]);
  const head = [
    "suite",
    "kind",
    "model",
    "cases",
    "repeats",
    "calls",
    "cached",
    "input tokens",
    "output tokens (max)",
    "cost"
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join("  ").trimEnd();
  const total = (f) => plans.reduce((n, p) => n + f(p), 0);
  const costs = plans.map((p) => p.cost);
  const out2 = [line(head), ...rows.map(line), ""];
  for (const p of plans)
    if (p.judges && p.judges.length > 0)
      out2.push(`Judged by: ${p.name}: ${p.judges.map((j) => `${j.model} (provider ${j.name})`).join(", ")}`);
  if (plans.some((p) => p.judges && p.judges.length > 0)) out2.push("");
  const toCall = total((p) => p.calls - (p.cachedCalls ?? 0));
  out2.push(
    `Total: ${count(
      total((p) => p.calls),
      "call"
    )} (${toCall.toLocaleString("en-US")} not cached), about ${total((p) => p.inputTokens).toLocaleString("en-US")} input and ${count(
      total((p) => p.outputTokens),
      "output token"
    )} (o200k tokenizer; target replies estimated from the expected answers, judge replies counted at max-tokens).`
  );
  for (const kind of kinds()) if (kind.planNote && plans.some((p) => p.kind === kind.name)) out2.push(kind.planNote);
  if (costs.every((c) => c !== null))
    out2.push(
      `Estimated cost: $${total((p) => p.cost ?? 0).toFixed(4)} (${[...new Set(plans.map((p) => p.pricingSource))].join(", ")}).`
    );
  else out2.push("Cost: unknown for some models; set providers.<name>.pricing in the config.");
  out2.push(cacheDir2 === null ? "Response cache: off." : `Response cache: ${cacheDir2}.`);
  out2.push("No model was called.");
  return `${out2.join("\n")}
`;
}

// src/cli/args.ts
import { parseArgs } from "node:util";
var config = {
  type: "string",
  value: "FILE",
  default: "evalgate.yml",
  description: "The configuration file; every path in it is relative to its folder."
};
var optionalConfig = (without) => ({
  ...config,
  description: `The configuration whose gates and report.language apply; paths are relative to its folder. When the default does not exist, ${without}; a --config FILE that does not exist is an error.`
});
var suite = {
  type: "string",
  value: "NAME",
  multiple: true,
  description: "Only this suite (repeat for several). Default: every suite."
};
var out = {
  type: "string",
  value: "DIR",
  default: "evalgate-out",
  description: "Where results, report.md and summary.json are written (created if missing)."
};
var baselineDir = {
  type: "string",
  value: "DIR",
  default: "baselines/ beside the config",
  description: "Where baselines are read and written."
};
var updateBaseline = {
  type: "boolean",
  description: "Write this run's results as the new baselines (unless the run has errors over tolerance)."
};
var cacheDir = {
  type: "string",
  value: "DIR",
  default: ".evalgate/cache beside the config",
  description: "The response cache: an unchanged call is answered from it."
};
var noCache = { type: "boolean", description: "Neither read nor write the response cache." };
var language = {
  type: "string",
  value: "en|ja",
  default: "report.language in the config, else en",
  description: "The language of the report and of the final lines printed."
};
var COMMANDS = [
  {
    name: "run",
    summary: "Evaluate the suites, compare each with its baseline, write the report; exit 1 on a regression.",
    options: {
      config,
      suite,
      out,
      "baseline-dir": baselineDir,
      "update-baseline": updateBaseline,
      "cache-dir": cacheDir,
      "no-cache": noCache,
      fresh: {
        type: "boolean",
        description: "Start over instead of resuming what the last run into the same --out finished."
      },
      quiet: { type: "boolean", description: "No progress lines." },
      "run-id": {
        type: "string",
        value: "ID",
        default: "a new one (a resumed run keeps its own); with --shard, the workflow run's on GitHub Actions",
        description: "The run's id, recorded in its results; the shards of one run share it."
      },
      shard: {
        type: "string",
        value: "i/n",
        description: 'Run the i-th of n slices of every suite; combine them with "evalgate merge".'
      },
      language,
      notice: { type: "string", value: "TEXT", description: "A note shown at the top of the report." },
      "max-calls": {
        type: "string",
        value: "N",
        description: "Stop issuing model calls after N (retries included): keep what finished, write a partial report, exit 3; a rerun with a larger budget resumes. Overrides the config's budget.max-calls."
      },
      "max-cost": {
        type: "string",
        value: "USD",
        description: "Stop the same way once the run has spent this much (from token usage and prices). Overrides the config's budget.max-cost."
      }
    },
    examples: [
      "evalgate run",
      "evalgate run --suite copy-qa --language ja",
      "evalgate run --update-baseline",
      "evalgate run --shard 1/4 --run-id nightly-7 --out part-1",
      "evalgate run --max-calls 500 --max-cost 2.50"
    ],
    build(v) {
      if (v["update-baseline"] && v["shard"])
        throw usageError(
          "run",
          "--update-baseline needs every case of the suite in one run: drop --shard (merged shards cannot be written as a baseline)"
        );
      const maxCalls = v["max-calls"] === void 0 ? null : Number(v["max-calls"]);
      const maxCost = v["max-cost"] === void 0 ? null : Number(v["max-cost"]);
      if (maxCalls !== null && !(Number.isInteger(maxCalls) && maxCalls > 0))
        throw usageError("run", `--max-calls must be a positive whole number of calls, got ${String(v["max-calls"])}`);
      if (maxCost !== null && !(Number.isFinite(maxCost) && maxCost > 0))
        throw usageError(
          "run",
          `--max-cost must be a positive amount in USD such as 2.50, got ${String(v["max-cost"])}`
        );
      return {
        maxCalls,
        maxCost,
        name: "run",
        config: str(v, "config", "evalgate.yml"),
        suites: list(v, "suite"),
        out: str(v, "out", "evalgate-out"),
        baselineDir: strOrNull(v, "baseline-dir"),
        updateBaseline: v["update-baseline"] === true,
        quiet: v["quiet"] === true,
        notice: strOrNull(v, "notice"),
        cacheDir: strOrNull(v, "cache-dir"),
        noCache: v["no-cache"] === true,
        fresh: v["fresh"] === true,
        runId: strOrNull(v, "run-id"),
        shard: strOrNull(v, "shard"),
        language: languageOf("run", v)
      };
    }
  },
  {
    name: "plan",
    summary: "Show what a run would do \u2014 suites, calls, tokens, cost, cache hits \u2014 without calling any model.",
    options: { config, suite, "cache-dir": cacheDir, "no-cache": noCache },
    examples: ["evalgate plan", "evalgate plan --suite assistant-judged --no-cache"],
    build: (v) => ({
      name: "plan",
      config: str(v, "config", "evalgate.yml"),
      suites: list(v, "suite"),
      cacheDir: strOrNull(v, "cache-dir"),
      noCache: v["no-cache"] === true
    })
  },
  {
    name: "validate",
    summary: "Check the config, templates, datasets and tasks without calling any model.",
    options: { config, suite },
    examples: ["evalgate validate", "evalgate validate --config ci/evalgate.yml --suite copy-qa"],
    build: (v) => ({ name: "validate", config: str(v, "config", "evalgate.yml"), suites: list(v, "suite") })
  },
  {
    name: "noise",
    summary: "Run each suite twice against the same model, uncached (A/A): the run-to-run spread, and whether the gate would have fired.",
    options: {
      config,
      suite,
      out: {
        type: "string",
        value: "DIR",
        default: "evalgate-noise",
        description: "Where noise.md, noise.json and both runs' results go."
      },
      quiet: { type: "boolean", description: "No progress lines." }
    },
    examples: ["evalgate noise", "evalgate noise --suite copy-qa --out noise-check"],
    build: (v) => ({
      name: "noise",
      config: str(v, "config", "evalgate.yml"),
      suites: list(v, "suite"),
      out: str(v, "out", "evalgate-noise"),
      quiet: v["quiet"] === true
    })
  },
  {
    name: "compare",
    summary: "Compare stored results with stored baselines (no model is called) and write the report.",
    options: {
      config: optionalConfig("every suite is compared under the default gate"),
      baseline: {
        type: "string",
        value: "PATH",
        description: "A baseline result file, or a folder of them. Required."
      },
      candidate: {
        type: "string",
        value: "PATH",
        description: "A result file, or a folder of them (or a run's --out). Required."
      },
      out: {
        ...out,
        description: "Where report.md, report.html, summary.json and junit.xml are written (created if missing)."
      },
      language
    },
    examples: ["evalgate compare --baseline baselines --candidate evalgate-out"],
    build(v) {
      if (typeof v["baseline"] !== "string" || typeof v["candidate"] !== "string")
        throw usageError(
          "compare",
          "compare needs --baseline PATH and --candidate PATH (result files, or directories of them)"
        );
      return {
        name: "compare",
        config: str(v, "config", "evalgate.yml"),
        configGiven: typeof v["config"] === "string",
        baseline: v["baseline"],
        candidate: v["candidate"],
        out: str(v, "out", "evalgate-out"),
        language: languageOf("compare", v)
      };
    }
  },
  {
    name: "merge",
    summary: "Combine the results of the shards of one run and decide over all of them.",
    options: {
      config: optionalConfig("every suite is decided under the default gate, in the order of the shards"),
      out,
      "baseline-dir": {
        ...baselineDir,
        description: "Where the baselines the merged results are compared with are read."
      },
      language
    },
    positionals: { name: "SHARD_DIR \u2026", description: "The --out folders of the shards.", min: 1 },
    examples: ["evalgate merge --out evalgate-out part-1 part-2 part-3 part-4"],
    build(v, positionals) {
      if (positionals.length === 0)
        throw usageError(
          "merge",
          "merge needs the output directories of the shards: evalgate merge --out DIR SHARD_DIR \u2026"
        );
      return {
        name: "merge",
        config: str(v, "config", "evalgate.yml"),
        configGiven: typeof v["config"] === "string",
        out: str(v, "out", "evalgate-out"),
        baselineDir: strOrNull(v, "baseline-dir"),
        dirs: [...positionals],
        language: languageOf("merge", v)
      };
    }
  },
  {
    name: "rejudge",
    summary: "Grade a judged suite's stored answers again with other judges (only the judges are called).",
    options: {
      config,
      results: {
        type: "string",
        value: "FILE",
        description: "A judged suite's results/<suite>.json, or its baseline. Required."
      },
      judge: {
        type: "string",
        value: "NAME",
        multiple: true,
        description: "A provider to judge with (repeat for several). Default: the suite's judges."
      },
      "cross-check": {
        type: "string",
        value: "NAME",
        description: "Keep the stored scores and have this second judge score only the answers flagged as addressing the judge; lists where the two differ by 2 or more."
      },
      out,
      "baseline-dir": baselineDir,
      "update-baseline": updateBaseline,
      "cache-dir": cacheDir,
      "no-cache": noCache,
      language
    },
    examples: [
      "evalgate rejudge --results baselines/assistant-judged.json --judge judge --update-baseline",
      "evalgate rejudge --results evalgate-out/results/assistant-judged.json --cross-check judge-b"
    ],
    build(v) {
      if (typeof v["results"] !== "string")
        throw usageError("rejudge", "rejudge needs --results FILE (a judged suite's results/<suite>.json or baseline)");
      if (v["cross-check"] !== void 0 && (list(v, "judge").length > 0 || v["update-baseline"] === true)) {
        throw usageError(
          "rejudge",
          "--cross-check keeps the stored scores and only adds a second judge's view of the flagged answers; it cannot be combined with --judge or --update-baseline"
        );
      }
      return {
        name: "rejudge",
        config: str(v, "config", "evalgate.yml"),
        results: v["results"],
        judges: list(v, "judge"),
        crossCheck: strOrNull(v, "cross-check"),
        out: str(v, "out", "evalgate-out"),
        baselineDir: strOrNull(v, "baseline-dir"),
        updateBaseline: v["update-baseline"] === true,
        cacheDir: strOrNull(v, "cache-dir"),
        noCache: v["no-cache"] === true,
        language: languageOf("rejudge", v)
      };
    }
  },
  {
    name: "history",
    summary: "Each suite's metric over the commits that changed its baseline: a table, and history.html/.svg/.json in --out. Reads git only.",
    options: {
      config: optionalConfig("the baselines/ beside it are read, with the default gate's confidence"),
      suite,
      "baseline-dir": { ...baselineDir, description: "The baselines folder whose git history is read." },
      ref: {
        type: "string",
        value: "REV",
        default: "HEAD",
        description: "Read the history back from this commit, branch or tag (first-parent line)."
      },
      limit: {
        type: "string",
        value: "N",
        default: "100",
        description: "Read at most the last N commits that changed the baselines."
      },
      out: { type: "string", value: "DIR", default: "evalgate-history", description: "Where the files are written." },
      language
    },
    examples: ["evalgate history", "evalgate history --suite copy-qa --ref origin/main --out trend"],
    build(v) {
      const limit = Number(str(v, "limit", "100"));
      if (!Number.isInteger(limit) || limit < 1)
        throw usageError(
          "history",
          `--limit must be a positive whole number of commits, got ${JSON.stringify(v["limit"])}`
        );
      return {
        name: "history",
        config: str(v, "config", "evalgate.yml"),
        configGiven: typeof v["config"] === "string",
        suites: list(v, "suite"),
        baselineDir: strOrNull(v, "baseline-dir"),
        ref: str(v, "ref", "HEAD"),
        limit,
        out: str(v, "out", "evalgate-history"),
        language: languageOf("history", v)
      };
    }
  },
  {
    name: "matrix",
    summary: "Run the suites against several providers on the same cases and compare them side by side with the first: matrix.md, .html, .json.",
    options: {
      config,
      suite,
      providers: {
        type: "string",
        value: "A,B,\u2026",
        description: "Providers of the config to run each suite's target as, comma-separated; the first is the reference. Required, at least two."
      },
      out: {
        type: "string",
        value: "DIR",
        default: "evalgate-matrix",
        description: "Where matrix.md/.html/.json and each provider's results go (one folder per provider)."
      },
      "cache-dir": cacheDir,
      "no-cache": noCache,
      quiet: { type: "boolean", description: "No progress lines." },
      language
    },
    examples: [
      "evalgate matrix --providers target,candidate-model",
      "evalgate matrix --providers a,b,c --suite copy-qa"
    ],
    build(v) {
      const raw = v["providers"];
      if (typeof raw !== "string")
        throw usageError(
          "matrix",
          "matrix needs --providers A,B (provider names of the config, the first the reference)"
        );
      const providers = raw.split(",").map((p) => p.trim());
      if (providers.length < 2 || providers.some((p) => p === ""))
        throw usageError(
          "matrix",
          `--providers needs at least two provider names separated by commas, got ${JSON.stringify(raw)}`
        );
      const twice = providers.find((p, i) => providers.indexOf(p) !== i);
      if (twice !== void 0) throw usageError("matrix", `--providers names ${JSON.stringify(twice)} twice`);
      return {
        name: "matrix",
        config: str(v, "config", "evalgate.yml"),
        suites: list(v, "suite"),
        providers,
        out: str(v, "out", "evalgate-matrix"),
        cacheDir: strOrNull(v, "cache-dir"),
        noCache: v["no-cache"] === true,
        quiet: v["quiet"] === true,
        language: languageOf("matrix", v)
      };
    }
  },
  {
    name: "init",
    summary: "Write a starter config, templates, dataset and workflow, and .gitignore lines for evalgate's folders.",
    options: {
      dir: { type: "string", value: "DIR", default: ".", description: "The repository to set up." },
      force: { type: "boolean", description: "Overwrite an existing evalgate.yml (other existing files are kept)." },
      kind: {
        type: "string",
        value: "KIND",
        default: initKinds()[0] ?? "",
        description: `The kind of the example suite: ${initKinds().join(" or ")}.`
      }
    },
    examples: ["evalgate init", "evalgate init --kind prompt", "evalgate init --dir my-repo --force"],
    build: (v) => {
      const kind = str(v, "kind", initKinds()[0] ?? "");
      if (!initKinds().includes(kind))
        throw usageError("init", `--kind must be one of ${initKinds().join(", ")}, got ${JSON.stringify(kind)}`);
      return {
        name: "init",
        dir: str(v, "dir", "."),
        force: v["force"] === true,
        kind
      };
    }
  },
  {
    name: "dataset exact-copy",
    summary: "Build an exact-copy dataset from a SQuAD-format JSON file.",
    options: {
      from: { type: "string", value: "SQUAD.json", description: "The SQuAD-format file to read. Required." },
      n: { type: "string", value: "N", default: "100", description: "How many cases." },
      seed: {
        type: "string",
        value: "S",
        default: "42",
        description: "The sampling seed (the same seed gives the same set)."
      },
      random: { type: "boolean", description: "Replace contexts with random kana of the same length." },
      out: { type: "string", value: "FILE", description: "The JSONL file to write. Required." }
    },
    examples: ["evalgate dataset exact-copy --from dev-v2.0.json --n 200 --out eval-datasets/copy.jsonl"],
    build(v) {
      if (typeof v["from"] !== "string" || typeof v["out"] !== "string")
        throw usageError("dataset exact-copy", "dataset exact-copy needs --from SQUAD.json and --out FILE");
      const n = Number(str(v, "n", "100"));
      const seed = Number(str(v, "seed", "42"));
      if (!Number.isInteger(n) || n < 1)
        throw usageError("dataset exact-copy", `--n must be a positive integer, got ${JSON.stringify(v["n"])}`);
      if (!Number.isInteger(seed))
        throw usageError("dataset exact-copy", `--seed must be an integer, got ${JSON.stringify(v["seed"])}`);
      return { name: "dataset-exact-copy", from: v["from"], n, seed, random: v["random"] === true, out: v["out"] };
    }
  }
];
var USAGE = `evalgate \u2014 gate prompt-template changes on evaluation results

Usage: evalgate COMMAND [options]

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(20)}${c.summary}`).join("\n")}

"evalgate help COMMAND" or "evalgate COMMAND --help" lists a command's options, defaults and examples.
"evalgate --version" prints the version.

Exit codes: 0 pass (also inconclusive, no-baseline, stale-baseline unless configured to fail),
1 regression or a suite below its floor (gate.min), 2 invalid configuration or input, 3 run failure.
Keys come from the environment variable each provider names (api-key-env, default OPENAI_API_KEY);
OPENAI_BASE_URL points at any OpenAI-compatible endpoint. NO_COLOR=1 turns colour off, FORCE_COLOR=1 on.`;
var GROUPS = { dataset: "Build evaluation datasets from public formats." };
function groupHelp(group) {
  const subs = COMMANDS.filter((c) => c.name.startsWith(`${group} `));
  const width = Math.max(...subs.map((c) => c.name.length - group.length - 1), 10) + 2;
  return [
    `evalgate ${group} \u2014 ${GROUPS[group] ?? ""}`,
    "",
    `Usage: evalgate ${group} SUBCOMMAND [options]`,
    "",
    "Sub-commands:",
    ...subs.map((c) => `  ${c.name.slice(group.length + 1).padEnd(width)}${c.summary}`),
    "",
    `"evalgate help ${group} SUBCOMMAND" or "evalgate ${group} SUBCOMMAND --help" lists its options and examples.`
  ].join("\n");
}
var VERSION_HELP = `evalgate version \u2014 print the version of evalgate

Usage: evalgate --version (also -v, -V, version)`;
function commandHelp(spec) {
  const flag = (name, o) => `--${name}${o.value ? ` ${o.value}` : ""}`;
  const width = Math.max(...Object.entries(spec.options).map(([n, o]) => flag(n, o).length), 10) + 2;
  const lines = [
    `evalgate ${spec.name} \u2014 ${spec.summary}`,
    "",
    `Usage: evalgate ${spec.name} [options]${spec.positionals ? ` ${spec.positionals.name}` : ""}`,
    ""
  ];
  if (spec.positionals)
    lines.push("Arguments:", `  ${spec.positionals.name.padEnd(width)}${spec.positionals.description}`, "");
  lines.push("Options:");
  for (const [name, o] of Object.entries(spec.options)) {
    const extra = [o.multiple ? "repeatable" : "", o.default !== void 0 ? `default: ${o.default}` : ""].filter(Boolean).join("; ");
    lines.push(`  ${flag(name, o).padEnd(width)}${o.description}${extra ? ` (${extra})` : ""}`);
  }
  lines.push(`  ${"-h, --help".padEnd(width)}This help.`, "", "Examples:", ...spec.examples.map((e) => `  ${e}`));
  return lines.join("\n");
}
function usageError(command, message) {
  const hint = command === null ? 'See "evalgate --help".' : `See "evalgate ${command} --help".`;
  return new ConfigError({ file: "command line" }, `evalgate: ${message}
${hint}`);
}
function str(v, key, fallback) {
  const x = v[key];
  return typeof x === "string" ? x : fallback;
}
function strOrNull(v, key) {
  const x = v[key];
  return typeof x === "string" ? x : null;
}
function list(v, key) {
  const x = v[key];
  return Array.isArray(x) ? x : [];
}
function languageOf(command, v) {
  const x = v["language"];
  if (x === void 0) return null;
  if (!REPORT_LANGUAGES.includes(x))
    throw usageError(command, `--language must be one of ${REPORT_LANGUAGES.join(", ")}, got ${JSON.stringify(x)}`);
  return x;
}
function distance(a, b) {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        prev[j] + 1,
        row[j - 1] + 1,
        prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)
      );
    prev = row;
  }
  return prev[b.length];
}
function closest(word, names) {
  let best = null;
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
function parseCommand(argv) {
  const [first, ...rest] = argv;
  if (first === void 0 || first === "--help" || first === "-h") return { name: "help", text: USAGE };
  const asksHelp = rest.some((a) => a === "--help" || a === "-h");
  if (isVersionRequest(first)) return asksHelp ? { name: "help", text: VERSION_HELP } : { name: "version" };
  if (first === "help") {
    const topic = rest.filter((a) => a !== "--help" && a !== "-h");
    if (topic.length === 0 || topic.length === 1 && topic[0] === "help") return { name: "help", text: USAGE };
    if (topic.length === 1 && topic[0] === "version") return { name: "help", text: VERSION_HELP };
    const spec2 = findCommand(topic);
    if (spec2) return { name: "help", text: commandHelp(spec2) };
    const group = topic[0];
    if (Object.hasOwn(GROUPS, group)) {
      if (topic.length === 1) return { name: "help", text: groupHelp(group) };
      throw usageError(null, unknownSubcommand(group, topic[1]));
    }
    throw usageError(null, `unknown command "${topic.join(" ")}"${suggestCommand(group)}`);
  }
  const spec = findCommand(argv);
  if (!spec) {
    if (Object.hasOwn(GROUPS, first)) {
      if (rest.length === 0 || rest[0] === "--help" || rest[0] === "-h")
        return { name: "help", text: groupHelp(first) };
      throw usageError(null, unknownSubcommand(first, rest[0]));
    }
    throw usageError(
      null,
      first.startsWith("-") ? `unknown option ${first} before the command` : `unknown command "${first}"${suggestCommand(first)}`
    );
  }
  const args = argv.slice(spec.name.split(" ").length);
  if (args.some((a) => a === "--help" || a === "-h")) return { name: "help", text: commandHelp(spec) };
  const options = {};
  for (const [name, o] of Object.entries(spec.options))
    options[name] = { type: o.type, ...o.multiple ? { multiple: true } : {} };
  const known = Object.keys(spec.options);
  for (const arg of args) {
    if (arg === "--") break;
    if (!arg.startsWith("-") || arg === "-") continue;
    const name = arg.replace(/^--?/, "").split("=")[0];
    if (!known.includes(name) || !arg.startsWith("--")) {
      const guess = closest(name, known);
      throw usageError(
        spec.name,
        `${spec.name}: unknown option ${arg.split("=")[0]}${guess ? `; did you mean --${guess}?` : ""}`
      );
    }
  }
  let parsed;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: spec.positionals !== void 0 });
  } catch (error) {
    throw usageError(
      spec.name,
      `${spec.name}: ${error.message.replace(/\. To specify a positional argument.*$/s, "")}`
    );
  }
  return Object.freeze(spec.build(parsed.values, parsed.positionals));
}
function findCommand(words) {
  return COMMANDS.find((c) => {
    const parts = c.name.split(" ");
    return parts.every((p, i) => words[i] === p);
  });
}
function unknownSubcommand(group, word) {
  const subs = COMMANDS.filter((c) => c.name.startsWith(`${group} `)).map((c) => c.name.slice(group.length + 1));
  const guess = closest(word, subs);
  return `unknown ${group} sub-command "${word}"${guess ? `; did you mean "${group} ${guess}"?` : ""}; ${group} has: ${subs.join(", ")}`;
}
function suggestCommand(word) {
  const guess = closest(
    word,
    COMMANDS.map((c) => c.name.split(" ")[0])
  );
  return guess ? `; did you mean "${guess}"?` : `; commands: ${[...new Set(COMMANDS.map((c) => c.name.split(" ")[0]))].join(", ")}`;
}

// src/cli/main.ts
async function run(argv = process.argv.slice(2)) {
  process.stdout.on("error", (error) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  });
  try {
    process.exitCode = await execute(parseCommand(argv));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(logText(`${error.message}
`));
      process.exitCode = 2;
    } else {
      process.stderr.write(
        logText(
          `evalgate: internal error: ${error instanceof Error ? error.stack ?? error.message : String(error)}
`
        )
      );
      process.exitCode = 3;
    }
  }
}
async function execute(command) {
  switch (command.name) {
    case "help":
      process.stdout.write(`${command.text}
`);
      return 0;
    case "version":
      process.stdout.write(`evalgate ${TOOL_VERSION}
`);
      return 0;
    case "validate":
      return validate(command.config, command.suites);
    case "run":
      return runCommand(command);
    case "compare":
      return compareCommand(command);
    case "plan":
      return planCommand(command);
    case "rejudge":
      return rejudgeCommand(command);
    case "init":
      return initCommand(command.dir, command.force, command.kind);
    case "merge":
      return mergeCommand(command);
    case "noise":
      return noiseCommand(command);
    case "dataset-exact-copy":
      return datasetCommand(command);
    // Loaded per command, like the SDK and the tokenizer: the other commands do not parse them.
    case "history":
      return (await import("./cli-history-4KGLLROT.js")).historyCommand(command);
    case "matrix":
      return (await import("./cli-matrix-TAFRZAAE.js")).matrixCommand(command);
  }
}
async function workspaceOf(configPath) {
  const root = dirname(resolve(configPath));
  const cwd = process.cwd();
  const inside = relative(cwd, root);
  const boundary = await repositoryRoot(root) ?? (inside === "" || !inside.startsWith("..") && !isAbsolute(inside) ? cwd : root);
  return createFsWorkspace(root, boundary);
}
async function validate(configPath, names) {
  const text = await readConfig(configPath);
  const { loaded, suites } = await validateWorkspace(
    parseConfig(text, configPath),
    names,
    await workspaceOf(configPath),
    { cases: { keep: false } }
  );
  const runtime = runtimeProblems(loaded, suites, process.versions.node);
  if (runtime.length > 0) throw new ConfigError({ file: configPath }, runtime.join("\n"), runtime);
  for (const w of suites.flatMap((s) => s.warnings)) process.stderr.write(logText(`warning: ${formatProblem(w)}
`));
  for (const s of suites)
    process.stdout.write(logText(`ok  ${s.config.name} (${s.config.kind}): ${count(s.caseCount, "case")}
`));
  process.stdout.write(logText(`${loaded.file}: valid, ${count(suites.length, "suite")}; no model was called
`));
  return 0;
}
async function runCommand(command) {
  const text = await readConfig(command.config);
  const root = dirname(resolve(command.config));
  const loaded = parseConfig(text, command.config);
  const language2 = languageOf2(command.language, loaded);
  const runtime = runtimeProblems(
    loaded,
    selectSuites(loaded, command.suites).map((s) => ({ index: s.index, config: s.suite })),
    process.versions.node
  );
  if (runtime.length > 0) throw new ConfigError({ file: command.config }, runtime.join("\n"), runtime);
  const store = createFsRunStore(
    await ensureWritableFolder(command.out, "--out"),
    command.baselineDir ? resolve(command.baselineDir) : join(root, "baselines")
  );
  const progress = createProgress(
    process.stderr,
    command.quiet,
    void 0,
    void 0,
    colourEnabled(process.stderr, process.env)
  );
  const cacheDir2 = command.noCache ? null : await ensureWritableFolder(command.cacheDir ?? join(root, ".evalgate", "cache"), "--cache-dir");
  const shard = command.shard === null ? null : parseShard(command.shard);
  const runId = command.runId ?? (shard ? ciRunId() : null);
  if (shard && runId === null)
    throw new ConfigError(
      { file: "command line", path: "--run-id" },
      'evalgate: --shard needs --run-id ID, the same for every shard of the run, so "evalgate merge" can tell the parts belong together (on GitHub Actions it defaults to the workflow run)'
    );
  const outcome = await runEvaluation(
    {
      loaded,
      suites: command.suites,
      updateBaseline: command.updateBaseline,
      fresh: command.fresh,
      ...runId !== null ? { runId } : {},
      ...shard ? { shard } : {}
    },
    {
      ...createCallingDeps(process.env, command.config, loaded.config, {
        cacheDir: cacheDir2,
        budget: budgetLimits(loaded.config, command)
      }),
      workspace: await workspaceOf(command.config),
      store,
      logger: createConsoleLogger(command.quiet),
      onSuiteStart: (suite2, total, done) => progress.start(suite2, total, done),
      onRecord: (suite2, record) => progress.onRecord(suite2, record),
      ...command.notice ? { scriptedNotice: command.notice } : {},
      language: language2
    }
  );
  progress.end();
  if (shard) {
    process.stdout.write(
      logText(
        `${messagesFor(language2).more.cliShard(shard.index, shard.count, runId ?? "", join(store.describe().out, "results"))}
`
      )
    );
    return 0;
  }
  printOutcome(outcome, store.describe().out, language2, store.describe().baselines);
  return outcome.exitCode;
}
async function noiseCommand(command) {
  const text = await readConfig(command.config);
  const root = dirname(resolve(command.config));
  const baselines = join(root, "baselines");
  const results = [];
  const models = /* @__PURE__ */ new Map();
  const loaded = parseConfig(text, command.config);
  const workspace = await workspaceOf(command.config);
  const nonce = judgeNonceSource(runAuthenticator(process.env, Object.values(loaded.config.providers), "judge-token"));
  for (const run2 of [1, 2]) {
    process.stderr.write(`evalgate noise: run ${run2} of 2 (response cache off, so every call reaches the model)
`);
    const progress = createProgress(process.stderr, command.quiet);
    const outcome = await runEvaluation(
      {
        loaded,
        suites: command.suites,
        updateBaseline: false,
        fresh: true
      },
      {
        workspace,
        store: createFsRunStore(resolve(command.out, `run-${run2}`), baselines),
        clock: systemClock,
        logger: createConsoleLogger(command.quiet),
        toolVersion: TOOL_VERSION,
        newRunId,
        nonce,
        createClient: createClientFactory(process.env, command.config, { cacheDir: null }),
        createCodeRunner: createCodeRunnerFactory({
          snapshotCacheDir: sandboxCacheDir(process.env),
          node: sandboxNode(process.env)
        }),
        onSuiteStart: (suite2, total, done) => progress.start(suite2, total, done),
        onRecord: (suite2, record) => progress.onRecord(suite2, record)
      }
    );
    progress.end();
    results.push(outcome.results);
    for (const [name, r] of outcome.results) models.set(name, r.tested.model);
  }
  const noise = measureNoise(
    results[0],
    results[1],
    suiteGates(loaded)
  );
  const markdown = renderNoise(noise, (suite2) => models.get(suite2) ?? "");
  await writeFileAtomic(resolve(command.out, "noise.md"), markdown);
  await writeFileAtomic(resolve(command.out, "noise.json"), `${JSON.stringify(noiseSummary(noise), null, 2)}
`);
  process.stdout.write(logText(`${markdown}
noise report: ${join(resolve(command.out), "noise.md")}
`));
  return 0;
}
function ciRunId() {
  const id = process.env["GITHUB_RUN_ID"];
  return id ? `gh-${id}-${process.env["GITHUB_RUN_ATTEMPT"] ?? "1"}` : null;
}
async function mergeCommand(command) {
  const out2 = await ensureWritableFolder(command.out, "--out");
  const parts = [];
  for (const dir of command.dirs) {
    for (const result of await readResults(dir)) parts.push({ source: dir, result });
  }
  const loaded = await readOptionalConfig(command.config, command.configGiven);
  const root = dirname(resolve(command.config));
  const language2 = languageOf2(command.language, loaded);
  const store = createFsRunStore(out2, command.baselineDir ? resolve(command.baselineDir) : join(root, "baselines"));
  const outcome = await mergeShards(
    parts,
    suiteGates(loaded),
    { store, language: language2 },
    { order: loaded?.config.suites.map((s) => s.name) ?? [] }
  );
  printOutcome(outcome, store.describe().out, language2);
  return outcome.exitCode;
}
async function initCommand(dir, force, kind) {
  await ensureWritableFolder(dir, "--dir");
  const repo = confinedDir(dir, "", dir === "." ? "" : dir.replace(/[\\/]+$/, ""));
  const files = starterFiles(kind);
  const cannot = (path, error) => error instanceof ConfigError ? error : new ConfigError(
    { file: join(dir, path) },
    `evalgate: cannot write ${join(dir, path)} (${error.code ?? String(error)})`
  );
  const found = /* @__PURE__ */ new Map();
  for (const path of [...Object.keys(files), ".gitignore"]) {
    try {
      found.set(path, await repo.lookup(path));
    } catch (error) {
      if (error instanceof SymlinkRefusedError)
        throw new ConfigError(
          { file: error.refused },
          `evalgate: init will not write through ${error.refused}: it is a symlink, which could point outside the repository; nothing was written. Replace it with the folder or file itself, or remove it, and run init again`
        );
      throw cannot(path, error);
    }
  }
  const configPath = join(dir, "evalgate.yml");
  if (!force && found.get("evalgate.yml") !== "missing") {
    throw new ConfigError(
      { file: configPath },
      `evalgate: ${configPath} already exists; nothing was written. Pass --force to overwrite it (the other starter files are never overwritten)`
    );
  }
  const written = [];
  const kept = [];
  for (const [path, text] of Object.entries(files)) {
    try {
      if (force && path === "evalgate.yml") await repo.writeAtomic(path, text);
      else if (!await repo.createNew(path, text)) {
        kept.push(path);
        continue;
      }
      written.push(path);
    } catch (error) {
      throw cannot(path, error);
    }
  }
  const existing = found.get(".gitignore") === "file" ? await readFile(join(dir, ".gitignore"), "utf8") : null;
  const present = new Set((existing ?? "").split(/\r?\n/).map((l) => l.trim()));
  const add = GITIGNORE_LINES.filter(
    (l) => !present.has(l) && !present.has(l.replace(/\/$/, "")) && !present.has(`/${l}`)
  );
  if (add.length > 0) {
    const sep = existing === null || existing === "" || existing.endsWith("\n") ? "" : "\n";
    try {
      const handle = await repo.openAppend(".gitignore");
      try {
        await handle.appendFile(
          `${sep}${existing ? "\n" : ""}# evalgate: the response cache and run output
${add.join("\n")}
`
        );
      } finally {
        await handle.close();
      }
    } catch (error) {
      throw cannot(".gitignore", error);
    }
    process.stdout.write(`${existing === null ? "created " : "updated "} .gitignore (${add.join(", ")})
`);
  }
  for (const p of written) process.stdout.write(`created  ${p}
`);
  for (const p of kept) process.stdout.write(`kept     ${p} (exists; not overwritten)
`);
  process.stdout.write(
    [
      "Next:",
      '  1. npm i -D evalgate           (then "npx evalgate \u2026" runs this version in this repository)',
      "  2. export OPENAI_API_KEY=\u2026     (and OPENAI_BASE_URL=\u2026 for any other OpenAI-compatible server)",
      "  3. npx evalgate validate       (checks everything without calling a model)",
      "  4. npx evalgate run --update-baseline, then commit baselines/",
      "  5. add OPENAI_API_KEY as a repository secret; the workflow runs on every pull request",
      ""
    ].join("\n")
  );
  return 0;
}
async function rejudgeCommand(command) {
  const out2 = await ensureWritableFolder(command.out, "--out");
  const text = await readConfig(command.config);
  const root = dirname(resolve(command.config));
  const stored = (await readResults(command.results))[0];
  const loaded = parseConfig(text, command.config);
  const language2 = languageOf2(command.language, loaded);
  const store = createFsRunStore(out2, command.baselineDir ? resolve(command.baselineDir) : join(root, "baselines"));
  const cacheDir2 = command.noCache ? null : await ensureWritableFolder(command.cacheDir ?? join(root, ".evalgate", "cache"), "--cache-dir");
  const outcome = await rejudgeStored(
    {
      loaded,
      stored,
      judges: command.judges,
      updateBaseline: command.updateBaseline,
      crossCheck: command.crossCheck
    },
    {
      workspace: await workspaceOf(command.config),
      store,
      clock: systemClock,
      logger: createConsoleLogger(false),
      toolVersion: TOOL_VERSION,
      newRunId,
      nonce: judgeNonceSource(runAuthenticator(process.env, Object.values(loaded.config.providers), "judge-token")),
      createClient: createClientFactory(process.env, command.config, { cacheDir: cacheDir2 }),
      language: language2
    }
  );
  printOutcome(outcome, store.describe().out, language2, store.describe().baselines);
  return outcome.exitCode;
}
async function planCommand(command) {
  const text = await readConfig(command.config);
  const root = dirname(resolve(command.config));
  const cacheDir2 = command.noCache ? null : resolve(command.cacheDir ?? join(root, ".evalgate", "cache"));
  if (command.cacheDir !== null && await stat(command.cacheDir).then(
    (info) => !info.isDirectory(),
    () => false
  )) {
    throw new ConfigError(
      { file: "command line", path: "--cache-dir" },
      `evalgate: --cache-dir ${command.cacheDir}: exists and is not a folder; choose the response cache's folder`
    );
  }
  const plans = await planEvaluation(parseConfig(text, command.config), command.suites, {
    workspace: await workspaceOf(command.config),
    // The tokenizer's tables are most of the bundle: loaded by the one command that counts.
    countTokens: chunkedTokenCounter((await import("./cli-o200k_base-UCZTIGDD.js")).countTokens),
    isCached: cacheDir2 === null ? null : async (_name, provider, request) => {
      const auth = cacheAuthenticator(process.env, provider);
      return auth !== null && isCachedRequest(cacheDir2, endpointOf(provider, process.env), cacheModelKey(provider), request, auth);
    }
  });
  process.stdout.write(logText(renderPlan(plans, cacheDir2)));
  return 0;
}
async function compareCommand(command) {
  const out2 = await ensureWritableFolder(command.out, "--out");
  const candidates = await readResults(command.candidate);
  const baselines = await readResults(command.baseline);
  const byName = new Map(baselines.map((b) => [b.suite.name, b]));
  const loaded = await readOptionalConfig(command.config, command.configGiven);
  const language2 = languageOf2(command.language, loaded);
  const store = createFsRunStore(out2, resolve(command.baseline));
  const outcome = await compareStored(
    candidates.map((c) => ({ baseline: byName.get(c.suite.name) ?? null, candidate: c })),
    suiteGates(loaded),
    { store, language: language2 }
  );
  printOutcome(outcome, store.describe().out, language2);
  return outcome.exitCode;
}
async function readResults(path) {
  let info;
  try {
    info = await stat(path);
  } catch {
    throw new ConfigError({ file: path }, `evalgate: ${path} does not exist`);
  }
  if (info.isFile()) return [await readResultFile(path)];
  let dir = path;
  try {
    if ((await stat(join(path, "results"))).isDirectory()) dir = join(path, "results");
  } catch {
  }
  const files = (await readdir(dir)).filter((f) => f.endsWith(".json")).sort();
  if (files.length === 0) throw new ConfigError({ file: path }, `evalgate: ${path} holds no result files (*.json)`);
  return Promise.all(files.map((f) => readResultFile(join(dir, f))));
}
async function datasetCommand(command) {
  await ensureWritableFolder(dirname(resolve(command.out)), "--out (its folder)");
  if (await stat(command.out).then(
    (info) => !info.isFile(),
    () => false
  )) {
    throw new ConfigError(
      { file: "command line", path: "--out" },
      `evalgate: --out ${command.out}: exists and is not a regular file; name the JSONL file to write`
    );
  }
  let text;
  try {
    text = await readFile(command.from, "utf8");
  } catch {
    throw new ConfigError({ file: command.from }, `evalgate: cannot read ${command.from}`);
  }
  const built = buildExactCopySet(text, command.from, { n: command.n, seed: command.seed, random: command.random });
  await writeFileAtomic(command.out, built.jsonl);
  process.stdout.write(
    logText(
      `${command.out}: ${count(built.cases, "case")} (of ${count(built.available, "question")} in ${count(built.paragraphs, "paragraph")} of ${basename(command.from)}), seed ${command.seed}${command.random ? ", random kana contexts" : ""}
`
    )
  );
  return 0;
}
function languageOf2(flag, loaded) {
  return flag ?? loaded?.config.report?.language ?? "en";
}
function printOutcome(outcome, outDir, language2, baselineDir2) {
  const m = messagesFor(language2);
  const p = paint(colourEnabled(process.stdout, process.env));
  const verdict = (v) => verdictColour(p, v)(m.more.verdict[v]);
  const lines = [`evalgate: ${p.bold(verdict(outcome.summary.verdict))}`];
  const e = escapeControls;
  for (const s of outcome.summary.suites) {
    const f = s.unit === "absolute" ? formatSigned : formatPercent;
    const interval = s.interval ? ` [${f(s.interval[0])}, ${f(s.interval[1])}]` : "";
    lines.push(
      `  ${e(s.name)}: ${e(s.metric)} ${formatMetric(s.baseline)} \u2192 ${formatMetric(s.candidate)} ${s.change !== null ? f(s.change) : ""}${interval} ${verdict(s.verdict)}${s.errors ? m.more.cliErrors(s.errors) : ""}`
    );
  }
  for (const { name, judgeManipulation: j } of outcome.summary.suites) {
    if (j)
      lines.push(
        `  ${e(name)}: warning: possible attempts to influence the judge in ${count(j.cases, "case")}: ${e(j.caseIds.slice(0, 10).join(", "))}${j.cases > 10 ? ", \u2026" : ""}`
      );
  }
  for (const c of outcome.comparisons) {
    if (c.verdict === "error" && c.errors.samples.length > 0)
      lines.push(m.more.cliFirstError(e(c.name), e(c.errors.samples[0] ?? "")));
  }
  lines.push(m.more.cliReport(e(join(outDir, "report.md"))));
  process.stdout.write(`${inertStyledLine(lines.join("\n"))}
`);
  if (baselineDir2 !== void 0)
    for (const name of outcome.baselinesWritten)
      process.stderr.write(logText(`${m.more.cliBaselineWritten(join(baselineDir2, `${name}.json`))}
`));
}
function renderConfigSchema() {
  return `${JSON.stringify(configJsonSchema(), null, 2)}
`;
}
function renderSummarySchema() {
  return `${JSON.stringify(summaryJsonSchema(), null, 2)}
`;
}
export {
  renderConfigSchema,
  renderSummarySchema,
  run
};
