import { createRequire as __evalgateCreateRequire } from 'node:module';
const require = __evalgateCreateRequire(import.meta.url);
import {
  readOptionalConfig
} from "./cli-chunk-T35ZZW4O.js";
import {
  meanInterval
} from "./cli-chunk-LW6JPSZC.js";
import {
  ensureWritableFolder,
  openGitRepo,
  repositoryRoot,
  suiteGates,
  writeFileAtomic
} from "./cli-chunk-IH3W6XZK.js";
import "./cli-chunk-UD6IMA3B.js";
import {
  BASE_STYLE,
  escapeHtml,
  renderPage,
  seriesSvg
} from "./cli-chunk-XICGRTCE.js";
import {
  ConfigError,
  formatMetric,
  formatPercent,
  inlineCode,
  inlineText,
  nameSchema,
  viewMessagesFor
} from "./cli-chunk-WXMQQV57.js";
import "./cli-chunk-K5RSY7YU.js";

// src/cli/history.ts
import { realpath, stat } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

// src/core/history.ts
function measureVersion(version, options) {
  const point = {
    commit: version.commit,
    date: version.date,
    subject: version.subject,
    metric: null,
    value: null,
    lower: null,
    upper: null,
    cases: null,
    model: null,
    change: null,
    remeasured: false,
    problem: null,
    instrument: null
  };
  if (version.text === null) return { ...point, problem: "deleted" };
  let value;
  try {
    value = JSON.parse(version.text);
  } catch (error) {
    return { ...point, problem: `not JSON (${error.message})` };
  }
  const file = value;
  const metric = file?.instrument?.primaryMetric;
  if (typeof metric !== "string" || !Array.isArray(file.records))
    return { ...point, problem: "not an evalgate result file (no instrument.primaryMetric or records)" };
  const records = file.records.filter(
    (r) => typeof r === "object" && r !== null && typeof r.caseId === "string"
  );
  const measured = {
    ...point,
    metric,
    model: typeof file.tested?.model === "string" ? file.tested.model : null,
    instrument: typeof file.instrument?.hash === "string" ? file.instrument.hash : null
  };
  const mean = meanInterval(records, metric, { ...options, seed: `history|${version.suite}|${version.commit}` });
  if (mean === null) return { ...measured, cases: 0, problem: "no scored case" };
  return { ...measured, value: mean.value, lower: mean.lower, upper: mean.upper, cases: mean.cases };
}
function linkPoints(suite, points) {
  let previous = null;
  const linked = points.map((p) => {
    if (p.value === null) return p;
    const out = { ...p };
    if (previous !== null && previous.value !== null) {
      out.change = previous.value === 0 ? null : (p.value - previous.value) / Math.abs(previous.value);
      out.remeasured = previous.instrument !== p.instrument || previous.metric !== p.metric;
    }
    previous = out;
    return out;
  });
  return { suite, points: linked };
}
var shortSha = (sha) => sha.slice(0, 7);
var day = (iso) => iso.replace("T", " ").slice(0, 16);
var interval = (p) => p.lower === null || p.upper === null ? "\u2014" : `[${formatMetric(p.lower)}, ${formatMetric(p.upper)}]`;
function renderHistoryMarkdown(histories, meta, language) {
  const v = viewMessagesFor(language).history;
  const c = v.columns;
  const lines = [`## ${v.title}`, "", v.intro(inlineCode(meta.path), inlineCode(meta.ref)), ""];
  if (meta.shallowFrom) lines.push(`> [!NOTE]
> ${v.shallow(shortSha(meta.shallowFrom))}`, "");
  if (histories.every((h) => h.points.length === 0)) return `${[...lines, v.none(inlineCode(meta.path))].join("\n")}
`;
  lines.push(
    `| ${c.suite} | ${c.commit} | ${c.date} | ${c.value} | ${c.interval} | ${c.change} | ${c.cases} | ${c.model} | ${c.subject} |`,
    "|---|---|---|---:|---|---:|---:|---|---|"
  );
  for (const h of histories)
    for (const p of h.points)
      lines.push(
        `| ${inlineText(h.suite, 60)} | \`${shortSha(p.commit)}\` | ${day(p.date)} | ${p.problem ? inlineText(v.unreadable(p.problem), 120) : formatMetric(p.value)} | ${interval(p)} | ${p.change === null ? "\u2014" : `${formatPercent(p.change)}${p.remeasured ? " \u267B" : ""}`} | ${p.cases ?? "\u2014"} | ${p.model ? inlineCode(p.model, 40) : "\u2014"} | ${inlineText(p.subject, 80)} |`
      );
  lines.push("", v.intervalNote(`${Math.round(meta.confidence * 100)}%`));
  return `${lines.join("\n")}
`;
}
function renderHistoryHtml(histories, meta, language) {
  const v = viewMessagesFor(language).history;
  const c = v.columns;
  const body = [
    `<h1>${escapeHtml(v.title)}</h1>`,
    `<p>${escapeHtml(v.intro(meta.path, meta.ref))}</p>`,
    meta.shallowFrom ? `<p class="note">${escapeHtml(v.shallow(shortSha(meta.shallowFrom)))}</p>` : "",
    `<p class="muted">${escapeHtml(v.intervalNote(`${Math.round(meta.confidence * 100)}%`))}</p>`
  ];
  if (histories.every((h) => h.points.length === 0)) body.push(`<p>${escapeHtml(v.none(meta.path))}</p>`);
  for (const h of histories) {
    body.push(`<h2>${escapeHtml(h.suite)}</h2>`, historyChart(h, language));
    body.push(
      `<table><thead><tr>${[c.commit, c.date, c.value, c.interval, c.change, c.cases, c.model, c.subject].map((x, i) => `<th scope="col"${i >= 2 && i <= 5 ? ' class="num"' : ""}>${escapeHtml(x)}</th>`).join("")}</tr></thead><tbody>`
    );
    for (const p of [...h.points].reverse())
      body.push(
        `<tr><td><code>${escapeHtml(shortSha(p.commit))}</code></td><td>${escapeHtml(day(p.date))}</td><td class="num">${p.problem ? escapeHtml(v.unreadable(p.problem)) : formatMetric(p.value)}</td><td class="num">${interval(p)}</td><td class="num">${p.change === null ? "\u2014" : `${formatPercent(p.change)}${p.remeasured ? " \u267B" : ""}`}</td><td class="num">${p.cases ?? "\u2014"}</td><td>${p.model ? `<code>${escapeHtml(p.model)}</code>` : "\u2014"}</td><td>${escapeHtml(p.subject)}</td></tr>`
      );
    body.push("</tbody></table>");
  }
  return renderPage({ language, title: v.title, style: BASE_STYLE, body: body.join("\n") });
}
function historyChart(h, language) {
  const points = h.points.filter((p) => p.value !== null);
  return seriesSvg(
    points.map((p) => ({ label: shortSha(p.commit), value: p.value, lower: p.lower, upper: p.upper })),
    viewMessagesFor(language).history.chartAlt(h.suite, points.length),
    formatMetric
  );
}
function renderHistorySvg(histories, language) {
  const height = 250;
  const parts = histories.map(
    (h, i) => `<g transform="translate(0,${i * height})"><text x="8" y="18" font-weight="bold">${escapeHtml(h.suite)}</text><g transform="translate(0,24)">${historyChart(h, language)}</g></g>`
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="${Math.max(1, histories.length) * height}" font-family="system-ui,sans-serif" font-size="12">${parts.join("")}</svg>
`;
}

// src/adapters/baseline-history.ts
async function readBaselineHistory(repo, request) {
  const commits = await repo.log(request.sha, request.dir, request.limit);
  const bySuite = /* @__PURE__ */ new Map();
  const prefix = request.dir === "" ? "" : `${request.dir}/`;
  const most = request.perSuite ?? Number.POSITIVE_INFINITY;
  for (const commit of commits) {
    for (const file of commit.files) {
      if (!file.startsWith(prefix) || !file.endsWith(".json")) continue;
      const suite = file.slice(prefix.length, -".json".length);
      if (suite.includes("/") || !nameSchema.safeParse(suite).success) continue;
      if (request.suites.length > 0 && !request.suites.includes(suite)) continue;
      const points = bySuite.get(suite) ?? [];
      if (points.length >= most) continue;
      const text = await repo.show(commit.sha, file);
      points.push(
        measureVersion(
          { suite, commit: commit.sha, date: commit.date, subject: commit.subject, text },
          request.options(suite)
        )
      );
      bySuite.set(suite, points);
    }
  }
  const names = [...bySuite.keys()].sort();
  return {
    histories: names.map((name) => linkPoints(name, [...bySuite.get(name) ?? []].reverse())),
    commits: commits.map((c) => c.sha)
  };
}

// src/cli/history.ts
var HISTORY_RESAMPLES = 2e3;
async function historyCommand(command) {
  const loaded = await readOptionalConfig(command.config, command.configGiven);
  const baselineDir = resolve(command.baselineDir ?? join(dirname(resolve(command.config)), "baselines"));
  const fail = (path, message) => new ConfigError({ file: "command line", path }, `evalgate: ${message}`);
  const where = await repositoryPath(baselineDir);
  if (where === null)
    throw fail(
      "--baseline-dir",
      `history reads the git history of ${baselineDir}, which is not inside a git repository; run it in the repository's checkout, or pass --baseline-dir`
    );
  const { root, dir } = where;
  if (dir === ".." || dir.startsWith("../") || isAbsolute(dir))
    throw fail("--baseline-dir", `${baselineDir} is outside the repository at ${root}`);
  const repo = openGitRepo(root);
  const sha = await repo.resolveCommit(command.ref);
  if (sha === null)
    throw fail(
      "--ref",
      `--ref ${JSON.stringify(command.ref)} names no commit of ${root}; give a branch, tag or commit`
    );
  const gates = suiteGates(loaded);
  const { histories, commits } = await readBaselineHistory(repo, {
    sha,
    dir,
    limit: command.limit,
    suites: command.suites,
    options: (suite) => ({ confidence: gates(suite).confidence, resamples: HISTORY_RESAMPLES })
  });
  const language = command.language ?? loaded?.config.report?.language ?? "en";
  const shallow = await repo.isShallow();
  const meta = {
    path: dir === "" ? "." : `${dir}/`,
    ref: command.ref,
    confidence: gates("").confidence,
    shallowFrom: shallow ? commits[commits.length - 1] ?? sha : null
  };
  const out = await ensureWritableFolder(command.out, "--out");
  const markdown = renderHistoryMarkdown(histories, meta, language);
  await writeFileAtomic(join(out, "history.md"), markdown);
  await writeFileAtomic(join(out, "history.html"), renderHistoryHtml(histories, meta, language));
  await writeFileAtomic(join(out, "history.svg"), renderHistorySvg(histories, language));
  await writeFileAtomic(
    join(out, "history.json"),
    `${JSON.stringify({ path: meta.path, ref: command.ref, commit: sha, shallow, suites: histories }, null, 2)}
`
  );
  process.stdout.write(`${markdown}
${viewMessagesFor(language).history.written(join(out, "history.html"))}
`);
  return 0;
}
async function repositoryPath(path) {
  let existing = path;
  const tail = [];
  for (; ; ) {
    try {
      await stat(existing);
      break;
    } catch {
      const up = dirname(existing);
      if (up === existing) return null;
      tail.unshift(basename(existing));
      existing = up;
    }
  }
  const real = await realpath(existing);
  const root = await repositoryRoot(real);
  if (root === null) return null;
  const dir = [
    relative(await realpath(root), real).split(sep).join("/"),
    ...tail
  ].filter((p) => p !== "").join("/");
  return { root, dir };
}
export {
  historyCommand
};
