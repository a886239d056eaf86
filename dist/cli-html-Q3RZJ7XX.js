import { createRequire as __evalgateCreateRequire } from 'node:module';
const require = __evalgateCreateRequire(import.meta.url);
import {
  BASE_STYLE,
  escapeHtml,
  intervalSvg,
  jsonForScript,
  markupHtml,
  pageChunks,
  pageText,
  suitesChartSvg
} from "./cli-chunk-XICGRTCE.js";
import {
  VERDICT_ICON,
  alignBaselineIds,
  caseTable,
  causeOf,
  distinctCases,
  errorFacts,
  erroredRecords,
  explainVerdict,
  findKind,
  formatMetric,
  formatPercent,
  formatSigned,
  inlineCode,
  messagesFor,
  recordsByCase,
  servedModels,
  sha256,
  statisticsFacts,
  trendText,
  usageLine,
  viewMessagesFor
} from "./cli-chunk-WXMQQV57.js";
import "./cli-chunk-K5RSY7YU.js";

// src/core/report/case-data.ts
var TEXT_LIMITS = { reply: 4e3, question: 1500, expected: 2e3, section: 3e3, label: 200, error: 600 };
var SECTIONS_PER_RECORD = 24;
function describeError(record) {
  if (record.status !== "error") return null;
  const classified = record.error ? causeOf(record.error) : { cause: "candidate", reason: "reply-unusable" };
  return {
    cause: classified.cause,
    reason: classified.reason,
    kind: record.error?.kind ?? "unknown",
    httpStatus: record.error?.httpStatus ?? null,
    message: record.error?.message ?? ""
  };
}
function groupErrors(records) {
  const groups = /* @__PURE__ */ new Map();
  for (const r of erroredRecords(records)) {
    const e = describeError(r);
    if (!e) continue;
    const key = `${e.cause}\0${e.reason}\0${e.kind}\0${e.httpStatus ?? ""}`;
    const g = groups.get(key) ?? {
      cause: e.cause,
      reason: e.reason,
      kind: e.kind,
      httpStatus: e.httpStatus,
      records: 0,
      caseIds: [],
      message: e.message
    };
    g.records++;
    if (!g.caseIds.includes(r.caseId)) g.caseIds.push(r.caseId);
    groups.set(key, g);
  }
  return [...groups.values()].sort(
    (a, b) => (a.cause === b.cause ? 0 : a.cause === "candidate" ? -1 : 1) || b.records - a.records || (a.kind < b.kind ? -1 : 1)
  );
}
var KEY_BYTES = 16;
var KEY_BLOCK_SHIFT = 12;
var KEYS_PER_BLOCK = 1 << KEY_BLOCK_SHIFT;
var RECENT_TEXTS = 4;
var TextTable = class {
  count = 0;
  /** Number + 1 in each slot (0: empty); at most half the slots used. */
  slots = new Uint32Array(2048);
  mask = 2047;
  /**
   * Each text's key, by number, in blocks of KEYS_PER_BLOCK keys: never copied as the table
   * grows (a doubled array left its old copy, half its size, for a collection to free:
   * 4 MB and 2 MB at the 200,000 texts of 100,000 cases).
   */
  keys = [];
  /** A text's UTF-16 code units as bytes, reused. */
  units = new Uint8Array(8192);
  fresh = [];
  /**
   * The last few texts added and their numbers, compared as text before any hashing: a
   * case's texts often repeat each other (a reply equal to the expected answer, the same
   * reply on both sides), and an equal string needs no digest.
   */
  recent = [];
  recentAt = [];
  recentNext = 0;
  /** How many distinct texts are numbered. */
  get size() {
    return this.count;
  }
  add(text, max) {
    if (typeof text !== "string") return -1;
    const cut = pageText(text, max);
    for (let r = 0; r < this.recent.length; r++) if (this.recent[r] === cut) return this.recentAt[r];
    const at = this.number(cut);
    this.recent[this.recentNext] = cut;
    this.recentAt[this.recentNext] = at;
    this.recentNext = (this.recentNext + 1) % RECENT_TEXTS;
    return at;
  }
  /** The number of a text, numbering it next (and keeping it to be written) when it is new. */
  number(cut) {
    const key = this.keyOf(cut);
    const h = key[0] | key[1] << 8 | key[2] << 16 | key[3] << 24;
    let s = h & this.mask;
    for (; ; s = s + 1 & this.mask) {
      const slot = this.slots[s];
      if (slot === 0) break;
      if (this.sameKey(slot - 1, key)) return slot - 1;
    }
    const at = this.count++;
    if ((at & KEYS_PER_BLOCK - 1) === 0) this.keys.push(new Uint8Array(KEYS_PER_BLOCK * KEY_BYTES));
    this.keys[at >> KEY_BLOCK_SHIFT].set(key, (at & KEYS_PER_BLOCK - 1) * KEY_BYTES);
    if (2 * this.count > this.slots.length) this.regrow();
    else this.slots[s] = at + 1;
    this.fresh.push(cut);
    return at;
  }
  /** The texts numbered since the last call, in the order of their numbers; the table forgets them. */
  takeNew() {
    const out = this.fresh;
    this.fresh = [];
    return out;
  }
  keyOf(text) {
    const n = 2 * text.length;
    if (n > this.units.length) this.units = new Uint8Array(Math.max(n, 2 * this.units.length));
    const u = this.units;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      u[2 * i] = c & 255;
      u[2 * i + 1] = c >>> 8;
    }
    return sha256(u.subarray(0, n)).subarray(0, KEY_BYTES);
  }
  sameKey(at, key) {
    const keys = this.keys[at >> KEY_BLOCK_SHIFT];
    const base = (at & KEYS_PER_BLOCK - 1) * KEY_BYTES;
    for (let k = 0; k < KEY_BYTES; k++) if (keys[base + k] !== key[k]) return false;
    return true;
  }
  /** Doubles the slots and places every number again. */
  regrow() {
    this.slots = new Uint32Array(this.slots.length * 2);
    this.mask = this.slots.length - 1;
    for (let at = 0; at < this.count; at++) {
      const b = (at & KEYS_PER_BLOCK - 1) * KEY_BYTES;
      const k = this.keys[at >> KEY_BLOCK_SHIFT];
      const h = k[b] | k[b + 1] << 8 | k[b + 2] << 16 | k[b + 3] << 24;
      let s = h & this.mask;
      while (this.slots[s] !== 0) s = s + 1 & this.mask;
      this.slots[s] = at + 1;
    }
  }
};
function* pageCases(comparison, result, original, table, language) {
  const metric = comparison.metric;
  const empty = { name: comparison.name, metric, passFail: false };
  if (!result) return empty;
  const baseline = original === null ? null : alignBaselineIds(original, result);
  const netWin = metric === "net-win";
  const numbered = caseTable(baseline ?? { records: [] }, result);
  const passFailMetrics = result.instrument.metrics.filter((m) => m.binary);
  const p = comparison.pairing;
  const marks = new Uint8Array(numbered.ids.length);
  const MARKS = ["added", "removed", "edited", "unpaired"];
  [p?.added, p?.removed, p?.edited, p?.withoutValidSample].forEach((list, k) => {
    for (const id of list ?? []) {
      const at = numbered.index.get(id);
      if (at !== void 0) marks[at] = k + 1;
    }
  });
  const regressed = new Set(comparison.regressedCases.map((r) => r.caseId));
  const candRecords = recordsByCase(result.records, numbered);
  const baseRecords = baseline ? recordsByCase(baseline.records, numbered) : null;
  const sorted = Uint32Array.from({ length: numbered.ids.length }, (_, i) => i).sort(
    (x, y) => numbered.ids.compare(x, y)
  );
  const kind = findKind(result.suite.kind);
  const sections = (record) => {
    if (!record || !kind?.report?.caseSections) return void 0;
    const list = kind.report.caseSections(record, { language }).slice(0, SECTIONS_PER_RECORD);
    if (list.length === 0) return void 0;
    return list.map((s) => [
      table.add(String(s.label ?? ""), TEXT_LIMITS.label),
      table.add(String(s.text ?? ""), TEXT_LIMITS.section),
      (s.code ? 1 : 0) | (s.outcome === "pass" ? 2 : 0) | (s.outcome === "fail" ? 4 : 0)
    ]);
  };
  const compared = p !== null && comparison.bootstrap !== null;
  for (const i of sorted) {
    const id = numbered.ids.get(i);
    const cr = candRecords.of(i);
    const br = baseRecords?.of(i) ?? [];
    const c0 = firstShown(cr);
    const b0 = firstShown(br);
    const b = netWin && baseline ? br.length > 0 ? 0 : null : baseRecords ? baseRecords.mean(i, metric) : null;
    const c = candRecords.mean(i, metric);
    let failed = false;
    for (const m of passFailMetrics) {
      const v = m.name === metric ? c : candRecords.mean(i, m.name);
      if (v !== null && (m.higherIsBetter ? v < 1 : v > 0)) {
        failed = true;
        break;
      }
    }
    const mark = marks[i];
    let s = mark > 0 ? MARKS[mark - 1] : cr.length === 0 ? "removed" : "unpaired";
    if (mark === 0 && compared && b !== null && c !== null)
      s = regressed.has(id) ? "regressed" : c > b ? "improved" : c < b ? "regressed" : "same";
    const errors = cr.flatMap((r) => {
      const e = describeError(r);
      return e ? [[r.repeat, e.kind, e.httpStatus, table.add(e.message, TEXT_LIMITS.error)]] : [];
    });
    const detail = c0?.detail ?? b0?.detail ?? {};
    const kb = sections(b0);
    const kc = sections(c0);
    yield {
      id,
      s,
      b: round(b),
      c: round(c),
      ...failed ? { f: 1 } : {},
      n: cr.length,
      q: table.add(detail["question"], TEXT_LIMITS.question),
      e: table.add(detail["expected"], TEXT_LIMITS.expected),
      rb: table.add(b0?.reply?.text, TEXT_LIMITS.reply),
      rc: table.add(c0?.reply?.text, TEXT_LIMITS.reply),
      ...errors.length > 0 ? { x: errors } : {},
      ...kb ? { kb } : {},
      ...kc ? { kc } : {}
    };
  }
  return { name: comparison.name, metric, passFail: passFailMetrics.length > 0 };
}
function firstShown(records) {
  return records.find((r) => r.scores !== null) ?? records[0];
}
function round(v) {
  return v === null || !Number.isFinite(v) ? null : Math.round(v * 1e4) / 1e4;
}

// src/core/report/page-data.ts
var CASES_PER_PIECE = 256;
function* pageDataChunks(text, input, language, perPiece = CASES_PER_PIECE) {
  yield openEnd(jsonForScript({ text, pieces: [] }));
  const table = new TextTable();
  const suites = [];
  let pieces = 0;
  for (let s = 0; s < input.comparisons.length; s++) {
    const c = input.comparisons[s];
    const made = pageCases(c, input.results.get(c.name), input.baselines?.get(c.name) ?? null, table, language);
    let open = false;
    let strings = 0;
    let cases = [];
    const opening = () => {
      open = true;
      return `${pieces++ > 0 ? "," : ""}{"suite":${s},"strings":[`;
    };
    for (; ; ) {
      const r = made.next();
      for (const t of table.takeNew()) yield `${open ? "" : opening()}${strings++ > 0 ? "," : ""}${jsonForScript(t)}`;
      if (!r.done) {
        if (!open) yield opening();
        cases.push(jsonForScript(r.value));
      }
      if (open && (r.done || cases.length >= perPiece)) {
        yield `],"cases":[${cases.join(",")}]}`;
        open = false;
        strings = 0;
        cases = [];
      }
      if (r.done) {
        suites.push(r.value);
        break;
      }
    }
  }
  yield `],"suites":${jsonForScript(suites)}}`;
}
function openEnd(json) {
  if (!json.endsWith("[]}")) throw new Error("report.html: the page data does not end in an empty list");
  return json.slice(0, -2);
}
function readPageData(data) {
  const strings = [];
  const suites = [];
  for (let i = 0; i < data.suites.length; i++) {
    const s = data.suites[i];
    suites.push({ name: s.name, metric: s.metric, passFail: s.passFail, cases: [] });
  }
  for (let p = 0; p < data.pieces.length; p++) {
    const piece = data.pieces[p];
    for (let i = 0; i < piece.strings.length; i++) strings.push(piece.strings[i]);
    const suite = suites[piece.suite];
    if (suite) for (let i = 0; i < piece.cases.length; i++) suite.cases.push(piece.cases[i]);
  }
  return { text: data.text, strings, suites };
}

// src/core/report/word-diff.ts
function diffWords(a, b, maxEdits) {
  const split = (text) => {
    const Segmenter = typeof Intl === "object" ? Intl.Segmenter : void 0;
    if (typeof Segmenter === "function") {
      const out = [];
      for (const s of new Segmenter(void 0, { granularity: "word" }).segment(text)) out.push(s.segment);
      return out;
    }
    return text.match(/\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu) ?? [];
  };
  const x = split(a);
  const y = split(b);
  let start = 0;
  while (start < x.length && start < y.length && x[start] === y[start]) start++;
  let endX = x.length;
  let endY = y.length;
  while (endX > start && endY > start && x[endX - 1] === y[endY - 1]) {
    endX--;
    endY--;
  }
  const n = endX - start;
  const m = endY - start;
  const changedX = new Uint8Array(x.length);
  const changedY = new Uint8Array(y.length);
  if (n === 0 || m === 0) {
    for (let i = 0; i < n; i++) changedX[start + i] = 1;
    for (let j = 0; j < m; j++) changedY[start + j] = 1;
  } else {
    if (Math.abs(n - m) > maxEdits) return null;
    const max = n + m;
    const offset = max + 1;
    const v = new Int32Array(2 * max + 3);
    const trace = [];
    let done = false;
    for (let d = 0; d <= max && !done; d++) {
      if (d > maxEdits) return null;
      trace.push(v.slice(offset - d - 1, offset + d + 2));
      for (let k = -d; k <= d; k += 2) {
        let i2 = k === -d || k !== d && v[offset + k - 1] < v[offset + k + 1] ? v[offset + k + 1] : v[offset + k - 1] + 1;
        let j2 = i2 - k;
        while (i2 < n && j2 < m && x[start + i2] === y[start + j2]) {
          i2++;
          j2++;
        }
        v[offset + k] = i2;
        if (i2 >= n && j2 >= m) {
          done = true;
          break;
        }
      }
    }
    let i = n;
    let j = m;
    for (let d = trace.length - 1; d > 0; d--) {
      const reach = trace[d];
      const at = (k2) => reach[k2 + d + 1];
      const k = i - j;
      const prevK = k === -d || k !== d && at(k - 1) < at(k + 1) ? k + 1 : k - 1;
      const prevI = at(prevK);
      const prevJ = prevI - prevK;
      while (i > prevI && j > prevJ) {
        i--;
        j--;
      }
      if (i === prevI) changedY[start + prevJ] = 1;
      else changedX[start + prevI] = 1;
      i = prevI;
      j = prevJ;
    }
  }
  const parts = (tokens, changed) => {
    const out = [];
    tokens.forEach((token, index) => {
      const flag = changed[index] === 1;
      const last = out[out.length - 1];
      if (last && last[1] === flag) last[0] += token;
      else out.push([token, flag]);
    });
    return out;
  };
  return { a: parts(x, changedX), b: parts(y, changedY) };
}

// src/core/report/html-client.ts
var MAX_EDITS = 1500;
var BODY = String.raw`
  var data = readPageData(JSON.parse(document.getElementById('evalgate-data').textContent));
  var T = data.text;
  var S = data.strings;
  var PAGE = 50;
  var FILTERS = ['regressed', 'improved', 'failed', 'errors', 'all'];
  var text = function (i) { return typeof i === 'number' && i >= 0 ? S[i] : null; };
  var el = function (tag, cls, content) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (content !== undefined && content !== null) e.textContent = String(content);
    return e;
  };
  var fill = function (template, values) {
    return template.replace(/\{(\w+)\}/g, function (_, k) { return String(values[k]); });
  };
  var metric = function (v) {
    if (v === null || v === undefined || !isFinite(v)) return '\u2014';
    if (v === 0) return '0';
    var digits = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(v))));
    return v.toFixed(Math.min(digits, 4)).replace(/^-/, '\u2212');
  };
  var signed = function (v) { return v === null ? '\u2014' : (v > 0 ? '+' : '') + metric(v); };
  var delta = function (c) { return c.b === null || c.c === null ? null : c.c - c.b; };
  var matches = {
    regressed: function (c) { return c.s === 'regressed'; },
    improved: function (c) { return c.s === 'improved'; },
    failed: function (c) { return c.f === 1; },
    errors: function (c) { return !!c.x; },
    all: function () { return true; }
  };
  var hay = new Map();
  var haystack = function (c) {
    var h = hay.get(c);
    if (h === undefined) {
      h = [c.id, text(c.q), text(c.e), text(c.rb), text(c.rc)].filter(Boolean).join('\n').toLowerCase();
      hay.set(c, h);
    }
    return h;
  };

  var explorers = document.querySelectorAll('[data-explorer]');
  for (var i = 0; i < explorers.length; i++) {
    var suite = data.suites[Number(explorers[i].getAttribute('data-explorer'))];
    if (suite) explorer(explorers[i], suite, i);
  }
  document.documentElement.setAttribute('data-ready', 'true');

  function explorer(host, suite, index) {
    host.replaceChildren();
    var counts = {};
    FILTERS.forEach(function (f) { counts[f] = suite.cases.filter(matches[f]).length; });
    var state = {
      filter: counts.regressed > 0 ? 'regressed' : counts.errors > 0 ? 'errors' : 'all',
      query: '',
      page: 0,
      open: new Set()
    };
    var bar = el('div', 'bar');
    bar.setAttribute('role', 'group');
    bar.setAttribute('aria-label', T.filters.all);
    var buttons = {};
    FILTERS.forEach(function (f) {
      var b = el('button', 'filter', T.filters[f] + ' (' + counts[f] + ')');
      b.type = 'button';
      b.setAttribute('data-filter', f);
      if (f === 'failed' && !suite.passFail) {
        b.disabled = true;
        b.title = T.noFailMetric;
      }
      b.addEventListener('click', function () {
        state.filter = f;
        state.page = 0;
        render();
      });
      buttons[f] = b;
      bar.append(b);
    });
    var label = el('label', 'search');
    label.append(el('span', null, T.search + ' '));
    var input = el('input');
    input.type = 'search';
    input.placeholder = T.searchHint;
    input.setAttribute('data-search', String(index));
    label.append(input);
    var timer = 0;
    input.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        state.query = input.value.trim().toLowerCase();
        state.page = 0;
        render();
      }, 120);
    });
    bar.append(label);
    var status = el('p', 'count');
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');
    var table = el('table', 'cases');
    var head = el('thead');
    var hr = el('tr');
    [T.columns.case, T.columns.baseline, T.columns.candidate, T.columns.change, T.columns.status].forEach(function (h, k) {
      var th = el('th', k > 0 && k < 4 ? 'num' : null, h);
      th.scope = 'col';
      hr.append(th);
    });
    head.append(hr);
    var body = el('tbody');
    table.append(head, body);
    var pager = el('div', 'pager');
    var prev = el('button', null, T.previous);
    prev.type = 'button';
    var where = el('span', 'where');
    var next = el('button', null, T.next);
    next.type = 'button';
    prev.addEventListener('click', function () { state.page--; render(); });
    next.addEventListener('click', function () { state.page++; render(); });
    pager.append(prev, where, next);
    host.append(bar, status, table, pager);
    render();

    function selected() {
      var list = suite.cases.filter(matches[state.filter]);
      if (state.query) list = list.filter(function (c) { return haystack(c).indexOf(state.query) >= 0; });
      if (state.filter === 'regressed') list.sort(function (a, b) { return delta(a) - delta(b); });
      if (state.filter === 'improved') list.sort(function (a, b) { return delta(b) - delta(a); });
      return list;
    }

    function render() {
      FILTERS.forEach(function (f) { buttons[f].setAttribute('aria-pressed', String(f === state.filter)); });
      var list = selected();
      var pages = Math.max(1, Math.ceil(list.length / PAGE));
      state.page = Math.min(Math.max(0, state.page), pages - 1);
      var shown = list.slice(state.page * PAGE, state.page * PAGE + PAGE);
      status.textContent = fill(T.shown, { shown: list.length, total: suite.cases.length });
      where.textContent = fill(T.page, { page: state.page + 1, pages: pages });
      prev.disabled = state.page === 0;
      next.disabled = state.page >= pages - 1;
      body.replaceChildren();
      if (shown.length === 0) {
        var tr = el('tr');
        var td = el('td', 'muted', T.none);
        td.colSpan = 5;
        tr.append(td);
        body.append(tr);
      }
      shown.forEach(function (c) { body.append.apply(body, row(c)); });
    }

    function row(c) {
      var tr = el('tr', 'case s-' + c.s);
      tr.setAttribute('data-case', c.id);
      var th = el('th');
      th.scope = 'row';
      var toggle = el('button', 'toggle', c.id);
      toggle.type = 'button';
      var detailId = 'case-' + index + '-' + suite.cases.indexOf(c);
      toggle.setAttribute('aria-controls', detailId);
      th.append(toggle);
      var st = el('td', 'status');
      st.append(el('span', 'st st-' + c.s, T.status[c.s] || c.s));
      if (c.f === 1) st.append(' ', el('span', 'mark fail', T.failedMark));
      if (c.x) st.append(' ', el('span', 'mark err', T.errors + ' ' + c.x.length));
      tr.append(th, el('td', 'num', metric(c.b)), el('td', 'num', metric(c.c)), el('td', 'num', signed(delta(c))), st);
      var detail = el('tr', 'detail');
      detail.id = detailId;
      var cell = el('td');
      cell.colSpan = 5;
      detail.append(cell);
      var open = state.open.has(c.id);
      var show = function (on) {
        detail.hidden = !on;
        toggle.setAttribute('aria-expanded', String(on));
        toggle.title = on ? T.hide : T.show;
        if (on && !cell.firstChild) cell.append(caseDetail(c));
      };
      show(open);
      toggle.addEventListener('click', function () {
        var on = detail.hidden;
        if (on) state.open.add(c.id); else state.open.delete(c.id);
        show(on);
      });
      return [tr, detail];
    }
  }

  function block(title, content, cls) {
    var wrap = el('div', 'field');
    wrap.append(el('h5', null, title));
    var pre = el('pre', cls || null);
    if (typeof content === 'string') pre.textContent = content;
    else pre.append.apply(pre, content);
    wrap.append(pre);
    return wrap;
  }

  function marked(parts, tag) {
    return parts.map(function (p) { return p[1] ? el(tag, null, p[0]) : document.createTextNode(p[0]); });
  }

  function caseDetail(c) {
    var box = el('div', 'case-detail');
    var q = text(c.q);
    var e = text(c.e);
    if (q !== null) box.append(block(T.question, q));
    if (e !== null) box.append(block(T.expected, e));
    var a = text(c.rb);
    var b = text(c.rc);
    var sides = el('div', 'sides');
    var diff = a !== null && b !== null && a !== b ? diffWords(a, b, ${MAX_EDITS}) : null;
    sides.append(
      block(T.baselineReply, a === null ? T.noReply : diff ? marked(diff.a, 'del') : a, 'reply reply-baseline'),
      block(T.candidateReply, b === null ? T.noReply : diff ? marked(diff.b, 'ins') : b, 'reply reply-candidate')
    );
    box.append(sides);
    if (diff) {
      var legend = el('p', 'legend');
      legend.append(el('del', null, T.removedWords), ' ', el('ins', null, T.addedWords));
      box.append(legend);
    } else if (a !== null && b !== null && a !== b) {
      box.append(el('p', 'muted', T.tooLongToDiff));
    }
    if (c.n > 1) box.append(el('p', 'muted', c.n + ' ' + T.repeats));
    if (c.x) {
      var list = el('ul', 'errors');
      c.x.forEach(function (x) {
        list.append(el('li', null, '#' + x[0] + ' ' + x[1] + (x[2] === null ? '' : ' ' + x[2]) + ': ' + (text(x[3]) || '')));
      });
      box.append(el('h5', null, T.errors), list);
    }
    if (c.kb || c.kc) {
      var kinds = el('div', 'sides');
      kinds.append(sectionList(T.baselineSide, c.kb || []), sectionList(T.candidateSide, c.kc || []));
      box.append(kinds);
    }
    return box;
  }

  function sectionList(title, sections) {
    var wrap = el('div', 'kind');
    wrap.append(el('h5', null, title));
    sections.forEach(function (s) {
      var h = el('h6', null, text(s[0]));
      if (s[2] & 2) h.append(' ', el('span', 'mark pass', T.pass));
      if (s[2] & 4) h.append(' ', el('span', 'mark fail', T.fail));
      var body = text(s[1]) || '';
      wrap.append(h, s[2] & 1 ? el('pre', 'code', body) : el('p', 'section-text', body));
    });
    return wrap;
  }
`;
var REPORT_SCRIPT = `(function () {
'use strict';
var diffWords = (${diffWords.toString()});
var readPageData = (${readPageData.toString()});
${BODY}
})();
`;
var REPORT_STYLE = `
.bar{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:.5em 0}
.search{margin-left:auto}.search input{border:1px solid #8c959f;border-radius:6px;padding:3px 8px;min-width:16em}
.count{margin:.2em 0;color:var(--muted)}
table.cases{width:100%}table.cases th button.toggle{background:none;border:0;padding:0;color:#0b5cad;text-decoration:underline;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em;text-align:left;overflow-wrap:anywhere}
tr.detail>td{background:#fbfcfd}
.pager{display:flex;gap:10px;align-items:center;margin:.5em 0}
.sides{display:grid;grid-template-columns:1fr 1fr;gap:12px}
@media (max-width:800px){.sides{grid-template-columns:1fr}}
h5{margin:.6em 0 .2em;font-size:.95em}h6{margin:.5em 0 .1em;font-size:.9em}
del{background:#ffebe9;color:#82071e;text-decoration:line-through}
ins{background:#dafbe1;color:#116329;text-decoration:underline}
.st-regressed{color:var(--bad);font-weight:600}.st-improved{color:var(--good);font-weight:600}
.mark{border:1px solid currentColor;border-radius:4px;padding:0 4px;font-size:.85em}
.mark.fail,.mark.err{color:var(--bad)}.mark.pass{color:var(--good)}
.section-text{white-space:pre-wrap;overflow-wrap:anywhere;margin:.1em 0}
details.cases>summary{cursor:pointer}details.cases>summary h4{display:inline;margin:0}
figure{margin:.5em 0}figcaption{color:var(--muted);font-size:.9em}
.facts li{margin:.15em 0}
`;

// src/core/report/html.ts
function renderHtmlReport(input, version) {
  return [...htmlReportChunks(input, version)].join("");
}
function* htmlReportChunks(input, version) {
  const language = input.language ?? "en";
  const m = messagesFor(language);
  const v = viewMessagesFor(language);
  const body = [
    "<header>",
    `<h1 class="v-${input.verdict}">evalgate: ${VERDICT_ICON[input.verdict]} ${escapeHtml(m.more.verdict[input.verdict])}</h1>`,
    `<p class="headline">${headlineHtml(input, m)}</p>`
  ];
  if (input.scriptedNotice) body.push(`<p class="note">${escapeHtml(input.scriptedNotice)}</p>`);
  const demoted = input.comparisons.filter((c) => c.multiplicity?.verdictBefore != null);
  if (demoted.length > 0)
    body.push(
      `<p class="note">${markupHtml(
        (h) => m.holmChanged(
          h(demoted.map((c) => c.name).join(", ")),
          demoted[0]?.multiplicity?.family ?? demoted.length,
          demoted[0]?.multiplicity?.compared ?? demoted.length
        )
      )}</p>`
    );
  body.push("</header>", "<main>", `<h2>${escapeHtml(v.report.summary)}</h2>`, summaryTable(input, m));
  const chart = chartHtml(input.comparisons, v);
  if (chart) body.push(`<h2>${escapeHtml(v.report.chart)}</h2>`, chart);
  body.push(...noticesHtml(input.notices, m));
  body.push(`<h2>${escapeHtml(v.report.suites)}</h2>`);
  input.comparisons.forEach((c, i) => body.push(suiteHtml(c, i, input.results.get(c.name), input, m, v)));
  body.push("</main>", `<footer><p class="muted">${escapeHtml(v.report.generatedBy(version ?? ""))}</p></footer>`);
  yield* pageChunks(
    {
      language,
      title: `${v.report.title}: ${m.more.verdict[input.verdict]}`,
      style: BASE_STYLE + REPORT_STYLE,
      body: body.join("\n"),
      script: REPORT_SCRIPT
    },
    pageDataChunks(v.client, input, language)
  );
}
function withHtmlPointer(report, artifact, run, language) {
  const v = viewMessagesFor(language);
  const line = v.htmlReport(inlineCode(artifact, 100), run ? `[${v.runLabel(run.id)}](${run.url})` : null);
  const at = report.indexOf("\n### ");
  return at < 0 ? `${report.trimEnd()}

${line}
` : `${report.slice(0, at)}
${line}
${report.slice(at)}`;
}
var HTML_EXPLAIN = (hole) => ({
  name: (name) => hole(name),
  stale: (reasons) => hole(reasons.join("; "))
});
function headlineHtml(input, m) {
  const count = (v) => input.comparisons.filter((c) => c.verdict === v).length;
  const total = input.comparisons.length;
  const change = (c) => (c.unit === "absolute" ? formatSigned : formatPercent)(c.change);
  return markupHtml((h) => {
    if (total === 0) return m.headline.nothingRun;
    switch (input.verdict) {
      case "regression":
        return m.headline.regression(
          count("regression"),
          total,
          input.comparisons.filter((c) => c.verdict === "regression").map((c) => `${h(c.name)} (${change(c)} ${h(c.metric)})`).join(", ")
        );
      case "error":
        return m.headline.error(count("error"), total);
      case "inconclusive":
        return input.comparisons.some((c) => c.verdict === "inconclusive" && c.change !== null && c.change < 0) ? m.headline.inconclusive(count("inconclusive"), total) : m.more.inconclusiveNoDrop(count("inconclusive"), total);
      case "stale-baseline":
        return m.headline.stale(count("stale-baseline"), total);
      case "no-baseline":
        return input.comparisons.filter((c) => c.verdict === "no-baseline").every((c) => input.baselinesWritten?.includes(c.name)) ? m.more.baselinesWritten(count("no-baseline"), total) : m.headline.noBaseline(count("no-baseline"), total);
      default: {
        const improved = input.comparisons.filter((c) => c.detail === "improved").length;
        return `${m.headline.pass(total, formatPercent(-(input.comparisons[0]?.gate["max-drop"] ?? 0.05)))}${improved > 0 ? m.more.improved(improved) : ""}`;
      }
    }
  });
}
function changeText(c) {
  if (c.change === null) return "\u2014";
  const f = c.unit === "absolute" ? formatSigned : formatPercent;
  return `${f(c.change)}${c.interval ? ` [${f(c.interval.lower)}, ${f(c.interval.upper)}]` : ""}`;
}
function summaryTable(input, m) {
  const t = m.table;
  const rows = input.comparisons.map(
    (c, i) => `<tr><th scope="row"><a href="#suite-${i}">${escapeHtml(c.name)}</a></th><td>${escapeHtml(c.metric)}</td><td class="num">${formatMetric(c.baseline)}</td><td class="num">${formatMetric(c.candidate)}</td><td class="num">${escapeHtml(changeText(c))}</td><td class="v-${c.verdict}">${VERDICT_ICON[c.verdict]} ${escapeHtml(m.more.verdict[c.verdict])}</td></tr>`
  );
  for (const s of input.notRun ?? [])
    rows.push(
      `<tr><th scope="row">${escapeHtml(s.name)}</th><td>\u2014</td><td class="num">\u2014</td><td class="num">\u2014</td><td class="num">\u2014</td><td class="muted">\u23ED\uFE0F ${escapeHtml(m.notRunReason[s.reason] ?? s.reason)}</td></tr>`
    );
  return [
    '<table class="summary">',
    `<thead><tr><th scope="col">${escapeHtml(t.suite)}</th><th scope="col">${escapeHtml(t.metric)}</th><th scope="col" class="num">${escapeHtml(t.baseline)}</th><th scope="col" class="num">${escapeHtml(t.candidate)}</th><th scope="col" class="num">${escapeHtml(t.change)}</th><th scope="col">${escapeHtml(t.verdict)}</th></tr></thead>`,
    `<tbody>${rows.join("")}</tbody></table>`
  ].join("");
}
function chartHtml(comparisons, v) {
  const shown = comparisons.filter(
    (c) => c.baseline !== null && c.candidate !== null && c.baseline !== 0 && c.metric !== "net-win"
  );
  if (shown.length === 0) return null;
  const items = shown.map((c) => ({
    label: c.name,
    percent: 100 * c.candidate / c.baseline,
    gatePercent: 100 * (1 - c.gate["max-drop"]),
    tone: `v-${c.verdict}`
  }));
  const gates = [...new Set(items.map((i) => Math.round(i.gatePercent * 10) / 10))];
  const gateText = gates.length === 1 ? `${gates[0]}%` : `${Math.min(...gates)}\u2013${Math.max(...gates)}%`;
  return `<figure class="chart">${suitesChartSvg(items, v.report.chartAlt(items.length))}<figcaption>${escapeHtml(v.report.chartLegend(gateText))}</figcaption></figure>`;
}
function noticesHtml(notices, m) {
  if (!notices) return [];
  const trust = [];
  for (const text of notices.messages ?? []) trust.push(markupHtml(() => text));
  for (const c of notices.untrusted ?? []) trust.push(markupHtml((h) => `\`${h(c.path)}\` ${m.trust.note[c.kind]}`));
  if ((notices.rejected?.cacheEntries ?? 0) > 0)
    trust.push(markupHtml(() => m.trust.cacheRejected(notices.rejected?.cacheEntries ?? 0)));
  if ((notices.rejected?.records ?? 0) > 0)
    trust.push(markupHtml(() => m.trust.recordsRejected(notices.rejected?.records ?? 0)));
  const providers = [];
  if (notices.budgetStop) providers.push(markupHtml((h) => m.provider.budgetStopped(h(notices.budgetStop ?? ""))));
  for (const a of notices.adaptations ?? [])
    providers.push(markupHtml((h) => m.provider.adapted(h(a.provider), h(a.notes.join("; ")))));
  const list = (heading, items) => items.length === 0 ? [] : [`<h2>${escapeHtml(heading)}</h2>`, `<ul class="notes">${items.map((i) => `<li>${i}</li>`).join("")}</ul>`];
  return [...list(m.trust.heading, trust), ...list(m.provider.heading, providers)];
}
function suiteHtml(c, index, result, input, m, v) {
  const out = [
    `<section class="suite" id="suite-${index}" aria-labelledby="suite-${index}-h">`,
    `<h3 id="suite-${index}-h" class="v-${c.verdict}">${VERDICT_ICON[c.verdict]} ${escapeHtml(c.name)} \u2014 ${escapeHtml(m.more.verdict[c.verdict])}</h3>`
  ];
  if (result) {
    const served = servedModels(result.records);
    const showServed = served.length > 0 && !(served.length === 1 && served[0] === result.tested.model);
    const judges = result.instrument.settings["judges"] ?? [];
    const judgeModels = [...new Set(judges.map((j) => j.model).filter((x) => typeof x === "string"))];
    out.push(
      `<p>${markupHtml((h) => `${m.kindModel(h(c.kind), `\`${h(result.tested.model)}\``, showServed ? m.servedAs(h(served.join(", "))) : "")}${judgeModels.length > 0 ? ` ${m.more.judgedBy(h(judgeModels.join(", ")))}` : ""}`)}</p>`
    );
  }
  if (c.changed.length > 0) out.push(`<p>${markupHtml((h) => m.whatChanged(h(c.changed.join("; "))))}</p>`);
  const written = c.detail === "no-baseline" && input.baselinesWritten?.includes(c.name) === true;
  out.push(
    `<p class="explain">${markupHtml((h) => written ? m.more.baselineWritten(h(c.name)) : explainVerdict(c, m, HTML_EXPLAIN(h)))}</p>`
  );
  const figure = intervalFigure(c, v);
  if (figure) out.push(figure);
  const facts = statisticsFacts(c, m).map((f) => markupHtml(() => f));
  for (const e of errorFacts(c, m)) {
    const line = markupHtml((h) => e.build({ text: (value) => h(value), code: (value) => `\`${h(value)}\`` }));
    facts.push(e.sample ? `<span class="sample">${line}</span>` : line);
  }
  for (const note of c.notes) facts.push(markupHtml((h) => m.note(h(note))));
  const trend = input.trends?.get(c.name);
  if (trend && trend.length > 0) facts.push(escapeHtml(trendText(trend, input.language ?? "en")));
  if (result) facts.push(markupHtml(() => usageLine(result, m)));
  if (facts.length > 0) out.push(`<ul class="facts">${facts.map((f) => `<li>${f}</li>`).join("")}</ul>`);
  out.push(...flaggedHtml(c));
  if (result) out.push(errorsHtml(result, v));
  const open = c.regressedCases.length > 0 || c.errors.records > 0 || c.verdict === "error";
  out.push(
    `<details class="cases"${open ? " open" : ""}><summary><h4>${escapeHtml(v.report.cases)} (${result ? distinctCases(result.records) : 0})</h4></summary>`,
    `<div class="explorer" data-explorer="${index}"><noscript><p class="muted">${escapeHtml(v.report.scriptNeeded)}</p></noscript></div>`,
    "</details>",
    "</section>"
  );
  return out.join("\n");
}
function intervalFigure(c, v) {
  if (c.change === null || c.interval === null) return null;
  const f = c.unit === "absolute" ? formatSigned : formatPercent;
  const gate = c.unit === "absolute" && c.threshold !== null ? -c.threshold : -c.gate["max-drop"];
  const mde = c.power ? -c.power.mde : null;
  const alt = v.report.intervalAlt(f(c.change), f(c.interval.lower), f(c.interval.upper), f(gate));
  return `<figure class="interval">${intervalSvg({ estimate: c.change, lower: c.interval.lower, upper: c.interval.upper, gate, mde, format: f }, alt)}<figcaption>${escapeHtml(v.report.intervalLegend(f(gate), mde === null ? null : f(mde)))}</figcaption></figure>`;
}
function flaggedHtml(c) {
  const flagged = c.judgeManipulation ?? [];
  if (flagged.length === 0) return [];
  return [
    `<ul class="flagged">${flagged.slice(0, 50).map(
      (f) => `<li><code>${escapeHtml(f.caseId)}</code> (${escapeHtml(f.kinds.join(", "))}): \u201C${escapeHtml(f.excerpt)}\u201D</li>`
    ).join("")}</ul>`
  ];
}
function errorsHtml(result, v) {
  const groups = groupErrors(result.records);
  const heading = `<h4>${escapeHtml(v.report.errorsByCause)}</h4>`;
  if (groups.length === 0) return `${heading}<p class="muted">${escapeHtml(v.report.noErrors)}</p>`;
  const c = v.report.errorsColumns;
  const rows = groups.map(
    (g) => `<tr class="cause-${g.cause}"><td>${escapeHtml(v.report.causes[g.cause])}: <code>${escapeHtml(g.reason)}</code></td><td>${escapeHtml(g.kind)}</td><td class="num">${g.httpStatus ?? "\u2014"}</td><td class="num">${g.records}</td><td>${escapeHtml(
      g.caseIds.slice(0, 20).join(", ") + (g.caseIds.length > 20 ? ` \u2026 (+${g.caseIds.length - 20})` : "")
    )}</td><td>${escapeHtml(g.message.slice(0, 300))}</td></tr>`
  );
  return `${heading}<table class="errors"><thead><tr><th scope="col">${escapeHtml(c.cause)}</th><th scope="col">${escapeHtml(c.kind)}</th><th scope="col" class="num">${escapeHtml(c.status)}</th><th scope="col" class="num">${escapeHtml(c.records)}</th><th scope="col">${escapeHtml(c.cases)}</th><th scope="col">${escapeHtml(c.message)}</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}
export {
  htmlReportChunks,
  renderHtmlReport,
  withHtmlPointer
};
