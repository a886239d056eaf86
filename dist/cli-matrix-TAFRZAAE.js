import { createRequire as __evalgateCreateRequire } from 'node:module';
const require = __evalgateCreateRequire(import.meta.url);
import {
  budgetLimits,
  createCallingDeps,
  createConsoleLogger,
  createProgress
} from "./cli-chunk-TXSMEX3S.js";
import "./cli-chunk-ZO5ZQJVE.js";
import {
  meanInterval
} from "./cli-chunk-LW6JPSZC.js";
import {
  createFsRunStore,
  createFsWorkspace,
  ensureWritableFolder,
  parseConfig,
  repositoryRoot,
  runEvaluation,
  selectSuites,
  suiteGates,
  writeFileAtomic
} from "./cli-chunk-IH3W6XZK.js";
import "./cli-chunk-UD6IMA3B.js";
import {
  BASE_STYLE,
  dotsSvg,
  escapeHtml,
  renderPage
} from "./cli-chunk-XICGRTCE.js";
import {
  ConfigError,
  compareWithBaseline,
  costOf,
  formatMetric,
  formatP,
  formatPercent,
  formatSigned,
  inlineCode,
  inlineText,
  messagesFor,
  pricingFor,
  quantileSorted,
  viewMessagesFor
} from "./cli-chunk-WXMQQV57.js";
import "./cli-chunk-K5RSY7YU.js";

// src/cli/matrix.ts
import { dirname, join, resolve } from "node:path";
import { readFile } from "node:fs/promises";

// src/core/matrix.ts
function buildMatrix(suites, providers) {
  return suites.map((s) => {
    const reference = s.results.get(providers[0]?.name ?? "") ?? null;
    const metric = reference?.instrument.primaryMetric ?? [...s.results.values()][0]?.instrument.primaryMetric ?? "";
    const cells = providers.map((p, i) => {
      const result = s.results.get(p.name);
      const empty = {
        provider: p.name,
        model: p.model,
        value: null,
        lower: null,
        upper: null,
        cases: 0,
        comparison: null,
        costUsd: null,
        latencyMs: { p50: null, p90: null },
        errors: 0,
        records: 0
      };
      if (!result) return empty;
      const mean = meanInterval(result.records, metric, {
        confidence: s.gate.confidence,
        resamples: s.gate.resamples,
        seed: `matrix|${s.name}|${p.name}`
      });
      const latencies = result.records.map((r) => r.latencyMs).filter((v) => v !== null && Number.isFinite(v)).sort((a, b) => a - b);
      return {
        ...empty,
        value: mean?.value ?? null,
        lower: mean?.lower ?? null,
        upper: mean?.upper ?? null,
        cases: mean?.cases ?? 0,
        comparison: i > 0 && reference ? compareWithBaseline(reference, result, s.gate) : null,
        costUsd: p.pricing ? costOf(result.aggregates.usage, p.pricing) : null,
        latencyMs: {
          p50: latencies.length > 0 ? quantileSorted(latencies, 0.5) : null,
          p90: latencies.length > 0 ? quantileSorted(latencies, 0.9) : null
        },
        errors: result.aggregates.errors,
        records: result.aggregates.records
      };
    });
    return { suite: s.name, metric, cells };
  });
}
var interval = (lower, upper, f) => lower === null || upper === null ? "" : ` [${f(lower)}, ${f(upper)}]`;
var usd = (v) => v === null ? "\u2014" : `$${v < 0.01 ? v.toFixed(4) : v.toFixed(2)}`;
var ms = (v) => v === null ? "\u2014" : v >= 1e3 ? `${(v / 1e3).toFixed(1)} s` : `${Math.round(v)} ms`;
function cellTexts(cell, language) {
  const m = messagesFor(language);
  const v = viewMessagesFor(language).matrix;
  const c = cell.comparison;
  const change = (x) => (c?.unit === "absolute" ? formatSigned : formatPercent)(x);
  return {
    value: `${formatMetric(cell.value)}${interval(cell.lower, cell.upper, formatMetric)}`,
    difference: c === null ? v.reference : c.change === null ? "\u2014" : `${change(c.change)}${interval(c.interval?.lower ?? null, c.interval?.upper ?? null, change)}`,
    p: c?.exactTest ? formatP(c.exactTest.pValue) : "\u2014",
    verdict: c === null ? "\u2014" : m.more.verdict[c.verdict],
    cost: usd(cell.costUsd),
    latency: `${ms(cell.latencyMs.p50)} / ${ms(cell.latencyMs.p90)}`,
    errors: `${cell.errors}/${cell.records}`
  };
}
function renderMatrixMarkdown(rows, providers, confidence, language) {
  const v = viewMessagesFor(language).matrix;
  const c = v.columns;
  const cases = [...new Set(rows.map((r) => Math.max(...r.cells.map((x) => x.cases))))].join(", ");
  const lines = [
    `## ${v.title}`,
    "",
    v.intro(providers.map((p) => inlineCode(p.name, 60)).join(", "), cases),
    "",
    `| ${c.suite} | ${c.provider} | ${c.model} | ${c.value} | ${c.difference} | ${c.p} | ${c.verdict} | ${c.cost} | ${c.latency} | ${c.errors} |`,
    "|---|---|---|---:|---:|---:|---|---:|---:|---:|"
  ];
  for (const row of rows)
    for (const cell of row.cells) {
      const t = cellTexts(cell, language);
      lines.push(
        `| ${inlineText(row.suite, 60)} (${inlineText(row.metric, 40)}) | ${inlineCode(cell.provider, 60)} | ${inlineCode(cell.model, 60)} | ${t.value} | ${t.difference} | ${t.p} | ${t.verdict} | ${t.cost} | ${t.latency} | ${t.errors} |`
      );
    }
  lines.push("", ...v.notes(`${Math.round(confidence * 100)}%`).map((n) => `- ${n}`));
  return `${lines.join("\n")}
`;
}
function renderMatrixHtml(rows, providers, confidence, language) {
  const v = viewMessagesFor(language).matrix;
  const c = v.columns;
  const cases = [...new Set(rows.map((r) => Math.max(...r.cells.map((x) => x.cases))))].join(", ");
  const body = [
    `<h1>${escapeHtml(v.title)}</h1>`,
    `<p>${escapeHtml(v.intro(providers.map((p) => p.name).join(", "), cases))}</p>`
  ];
  for (const row of rows) {
    body.push(
      `<h2>${escapeHtml(row.suite)} <span class="muted">(${escapeHtml(row.metric)})</span></h2>`,
      dotsSvg(
        row.cells.map((x) => ({ label: `${x.provider} (${x.model})`, value: x.value, lower: x.lower, upper: x.upper })),
        v.chartAlt(row.suite),
        formatMetric
      ),
      `<table><thead><tr>${[c.provider, c.model, c.value, c.difference, c.p, c.verdict, c.cost, c.latency, c.errors].map((h, i) => `<th scope="col"${i >= 2 && i !== 5 ? ' class="num"' : ""}>${escapeHtml(h)}</th>`).join("")}</tr></thead><tbody>`
    );
    for (const cell of row.cells) {
      const t = cellTexts(cell, language);
      body.push(
        `<tr><th scope="row">${escapeHtml(cell.provider)}</th><td><code>${escapeHtml(cell.model)}</code></td><td class="num">${escapeHtml(t.value)}</td><td class="num">${escapeHtml(t.difference)}</td><td class="num">${escapeHtml(t.p)}</td><td${cell.comparison ? ` class="v-${cell.comparison.verdict}"` : ""}>${escapeHtml(t.verdict)}</td><td class="num">${escapeHtml(t.cost)}</td><td class="num">${escapeHtml(t.latency)}</td><td class="num">${escapeHtml(t.errors)}</td></tr>`
      );
    }
    body.push("</tbody></table>");
  }
  body.push(
    `<ul class="muted">${v.notes(`${Math.round(confidence * 100)}%`).map((n) => `<li>${escapeHtml(n)}</li>`).join("")}</ul>`
  );
  return renderPage({ language, title: v.title, style: BASE_STYLE, body: body.join("\n") });
}
function matrixJson(rows, providers) {
  return {
    providers: providers.map((p) => ({ name: p.name, model: p.model })),
    suites: rows.map((r) => ({
      suite: r.suite,
      metric: r.metric,
      providers: r.cells.map((cell) => ({
        provider: cell.provider,
        model: cell.model,
        value: cell.value,
        interval: cell.lower === null || cell.upper === null ? null : [cell.lower, cell.upper],
        cases: cell.cases,
        change: cell.comparison?.change ?? null,
        changeInterval: cell.comparison?.interval ? [cell.comparison.interval.lower, cell.comparison.interval.upper] : null,
        unit: cell.comparison?.unit ?? null,
        pValue: cell.comparison?.exactTest?.pValue ?? null,
        verdict: cell.comparison?.verdict ?? null,
        costUsd: cell.costUsd,
        latencyMs: cell.latencyMs,
        errors: cell.errors,
        records: cell.records
      }))
    }))
  };
}

// src/cli/matrix.ts
async function matrixCommand(command) {
  let text;
  try {
    text = await readFile(command.config, "utf8");
  } catch {
    throw new ConfigError(
      { file: command.config },
      `evalgate: ${command.config} does not exist; pass --config FILE (the matrix runs that config's suites)`
    );
  }
  const loaded = parseConfig(text, command.config);
  const known = Object.keys(loaded.config.providers);
  const unknown = command.providers.filter((p) => !known.includes(p));
  if (unknown.length > 0)
    throw new ConfigError(
      { file: "command line", path: "--providers" },
      `evalgate: --providers names ${unknown.map((p) => JSON.stringify(p)).join(", ")}, not a provider of ${command.config}; its providers are ${known.join(", ")}`
    );
  const selected = selectSuites(loaded, command.suites);
  const root = dirname(resolve(command.config));
  const out = await ensureWritableFolder(command.out, "--out");
  const cacheDir = command.noCache ? null : await ensureWritableFolder(command.cacheDir ?? join(root, ".evalgate", "cache"), "--cache-dir");
  const language = command.language ?? loaded.config.report?.language ?? "en";
  const calling = createCallingDeps(process.env, command.config, loaded.config, {
    cacheDir,
    budget: budgetLimits(loaded.config)
  });
  const workspace = createFsWorkspace(root, await repositoryRoot(root) ?? root);
  const byProvider = /* @__PURE__ */ new Map();
  let failed = false;
  for (const provider of command.providers) {
    process.stderr.write(`evalgate matrix: ${provider} (${loaded.config.providers[provider]?.model ?? ""})
`);
    const progress = createProgress(process.stderr, command.quiet);
    const outcome = await runEvaluation(
      {
        loaded: asTarget(
          loaded,
          provider,
          selected.map((s) => s.suite.name)
        ),
        suites: command.suites,
        updateBaseline: false
      },
      {
        ...calling,
        workspace,
        store: withoutBaselines(createFsRunStore(join(out, provider), join(out, provider, "no-baselines"))),
        logger: createConsoleLogger(command.quiet),
        onSuiteStart: (suite, total, done) => progress.start(suite, total, done),
        onRecord: (suite, record) => progress.onRecord(suite, record),
        language
      }
    );
    progress.end();
    byProvider.set(provider, outcome.results);
    if (outcome.exitCode === 3) {
      failed = true;
      process.stderr.write(
        `evalgate matrix: ${provider}: the run failed (errors over tolerance or the budget); see ${join(out, provider, "report.md")}
`
      );
    }
  }
  const providers = command.providers.map((name) => {
    const p = loaded.config.providers[name];
    return { name, model: p?.model ?? "", pricing: p ? pricingFor(p) : null };
  });
  const gates = suiteGates(loaded);
  const rows = buildMatrix(
    selected.map(({ suite }) => ({
      name: suite.name,
      gate: gates(suite.name),
      results: new Map(
        command.providers.flatMap((p) => {
          const r = byProvider.get(p)?.get(suite.name);
          return r ? [[p, r]] : [];
        })
      )
    })),
    providers
  );
  const confidence = gates("").confidence;
  const markdown = renderMatrixMarkdown(rows, providers, confidence, language);
  await writeFileAtomic(join(out, "matrix.md"), markdown);
  await writeFileAtomic(join(out, "matrix.html"), renderMatrixHtml(rows, providers, confidence, language));
  await writeFileAtomic(join(out, "matrix.json"), `${JSON.stringify(matrixJson(rows, providers), null, 2)}
`);
  process.stdout.write(`${markdown}
${viewMessagesFor(language).matrix.written(join(out, "matrix.html"))}
`);
  return failed ? 3 : 0;
}
function asTarget(loaded, provider, suites) {
  return {
    ...loaded,
    config: {
      ...loaded.config,
      suites: loaded.config.suites.map((s) => suites.includes(s.name) ? { ...s, provider } : s)
    }
  };
}
function withoutBaselines(store) {
  return {
    ...store,
    readBaseline: () => Promise.resolve(null),
    writeBaseline: () => Promise.reject(new Error("evalgate matrix never writes baselines"))
  };
}
export {
  matrixCommand
};
