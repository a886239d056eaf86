/**
 * The script of report.html: the case table of each suite — filters (regressed, improved,
 * failed, errors, all), search, pages of 50 rows, and per case the replies side by side
 * with word-level differences marked. It reads the page's JSON data block (its pieces joined
 * by page-data.ts's `readPageData`, spliced in as source like the diff) and builds every
 * node with createElement and textContent: no data ever becomes markup, so a reply holding
 * `</script>` or `<img onerror>` is shown as those characters. Keyboard use is native
 * (buttons, a search field); a live region announces the count after each change.
 *
 * Plain JavaScript in a string (the page runs it as is; the policy admits it by its hash),
 * with the word diff of word-diff.ts spliced in from that function's own source, so the
 * page and the tests run the same diff. No template literals inside, so the source can sit
 * in one.
 */
import { readPageData } from './page-data.ts';
import { diffWords } from './word-diff.ts';

/** Edits beyond which two replies are shown without word marks. */
const MAX_EDITS = 1500;

const BODY = String.raw`
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

/** The page's script: the word diff and the data block's reader, then the case tables. */
export const REPORT_SCRIPT = `(function () {\n'use strict';\nvar diffWords = (${diffWords.toString()});\nvar readPageData = (${readPageData.toString()});\n${BODY}\n})();\n`;

/** The page's own style, beside the shared one. */
export const REPORT_STYLE = `
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
