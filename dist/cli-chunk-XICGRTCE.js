import { createRequire as __evalgateCreateRequire } from 'node:module';
const require = __evalgateCreateRequire(import.meta.url);
import {
  sha256,
  stripControls,
  truncate,
  utf8ToBytes
} from "./cli-chunk-WXMQQV57.js";

// src/core/report/html-page.ts
function escapeHtml(text) {
  return stripControls(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
function pageText(text, max) {
  return truncate(stripControls(text), max);
}
var HOLE_OPEN = "\uE000";
var HOLE_CLOSE = "\uE001";
var HOLE_TEXT = "\uE002";
function markupHtml(build) {
  const holes = [];
  const hole = (text2) => {
    holes.push(text2);
    return `${HOLE_OPEN}${holes.length - 1}${HOLE_TEXT}${text2.replace(/[\uE000-\uE002]/g, "")}${HOLE_CLOSE}`;
  };
  const text = build(hole).replace(/\uE000(\d+)\uE002[^\uE001]*\uE001/g, `${HOLE_OPEN}$1${HOLE_CLOSE}`);
  return inlineMarks(escapeHtml(text)).replace(
    /\uE000(\d+)\uE001/g,
    (_m, i) => escapeHtml(holes[Number(i)] ?? "")
  );
}
function inlineMarks(escaped) {
  return escaped.replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>").replace(/`+([^`]+?)`+/g, "<code>$1</code>");
}
function jsonForScript(value) {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]);
}
var SCRIPT_ESCAPES = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029"
};
function renderPage(page) {
  const { data, ...rest } = page;
  return [...pageChunks(rest, data === void 0 ? void 0 : [jsonForScript(data)])].join("");
}
function* pageChunks(page, data) {
  const policy = [
    "default-src 'none'",
    `style-src '${cspHash(page.style)}'`,
    `script-src ${page.script === void 0 ? "'none'" : `'${cspHash(page.script)}'`}`,
    "img-src data:",
    "base-uri 'none'",
    "form-action 'none'"
  ].join("; ");
  yield [
    "<!doctype html>",
    `<html lang="${page.language}">`,
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${policy}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.title)}</title>`,
    `<style>${page.style}</style>`,
    "</head>",
    "<body>",
    page.body,
    ""
  ].join("\n");
  if (data !== void 0) {
    yield '<script type="application/json" id="evalgate-data">';
    yield* data;
    yield "</script>";
  }
  yield ["", page.script === void 0 ? "" : `<script>${page.script}</script>`, "</body>", "</html>", ""].join("\n");
}
function cspHash(text) {
  return `sha256-${base64(sha256(utf8ToBytes(text)))}`;
}
var BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
function base64(bytes) {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i];
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const n = a << 16 | (b ?? 0) << 8 | (c ?? 0);
    out += BASE64[n >> 18 & 63];
    out += BASE64[n >> 12 & 63];
    out += b === void 0 ? "=" : BASE64[n >> 6 & 63];
    out += c === void 0 ? "=" : BASE64[n & 63];
  }
  return out;
}
var BASE_STYLE = `
:root{color-scheme:light;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--soft:#f6f8fa;--bad:#b42318;--good:#1a7f37;--warn:#8a5300;--info:#0b5cad}
*{box-sizing:border-box}
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans CJK JP","Hiragino Sans",sans-serif;color:var(--fg);background:#fff;margin:0 auto;max-width:1200px;padding:16px 20px 48px}
h1{font-size:1.6em;margin:.3em 0}h2{font-size:1.3em;margin:1.6em 0 .5em;border-bottom:1px solid var(--line);padding-bottom:.2em}h3{font-size:1.1em;margin:1.2em 0 .4em}
table{border-collapse:collapse;margin:.6em 0;max-width:100%}
th,td{border:1px solid var(--line);padding:4px 10px;text-align:left;vertical-align:top}
th{background:var(--soft)}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}td.num{white-space:nowrap}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
code{background:#eff1f3;border-radius:4px;padding:.1em .3em}
pre{background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:8px 10px;white-space:pre-wrap;overflow-wrap:anywhere;margin:.3em 0;max-height:32em;overflow:auto}
.muted{color:var(--muted)}
.v-regression,.v-error{color:var(--bad)}.v-pass{color:var(--good)}.v-inconclusive,.v-stale-baseline{color:var(--warn)}.v-no-baseline{color:var(--info)}
button,input,select{font:inherit;color:inherit}
button{background:#fff;border:1px solid #8c959f;border-radius:6px;padding:3px 10px;cursor:pointer}
button[aria-pressed="true"]{background:#0b5cad;border-color:#0b5cad;color:#fff}
button:disabled{color:#6e7781;border-color:var(--line);cursor:default}
:focus-visible{outline:3px solid #0b5cad;outline-offset:2px}
svg text{font:12px system-ui,sans-serif;fill:#1f2328}
.note{border-left:4px solid var(--warn);background:#fff8e6;padding:6px 12px;margin:.6em 0}
.notes li{margin:.2em 0}
`;

// src/core/report/svg.ts
var f1 = (v) => (Math.round(v * 10) / 10).toString();
function shortLabel(text, max) {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}\u2026`;
}
function svgOpen(width, height, alt) {
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" aria-label="${escapeHtml(alt)}"><title>${escapeHtml(alt)}</title>`;
}
function suitesChartSvg(items, alt) {
  const labelWidth = 200;
  const plot = 460;
  const row = 30;
  const top = 24;
  const width = labelWidth + plot + 70;
  const height = top + row * items.length + 10;
  const low = Math.max(0, Math.floor(Math.min(...items.map((i) => Math.min(i.percent, i.gatePercent))) / 10) * 10 - 10);
  const high = Math.max(110, Math.ceil(Math.max(...items.map((i) => i.percent)) / 10) * 10);
  const x = (v) => labelWidth + (Math.min(Math.max(v, low), high) - low) / (high - low) * plot;
  const parts = [svgOpen(width, height, alt)];
  for (const tick of [low, 100, high]) {
    parts.push(
      `<text x="${f1(x(tick))}" y="14" text-anchor="middle">${tick}%</text>`,
      `<line x1="${f1(x(tick))}" y1="18" x2="${f1(x(tick))}" y2="${height - 6}" stroke="${tick === 100 ? "#59636e" : "#d1d9e0"}" stroke-width="${tick === 100 ? 1.5 : 1}"/>`
    );
  }
  items.forEach((item, i) => {
    const y = top + i * row;
    const fill = /regression|error/.test(item.tone) ? "#b42318" : /pass/.test(item.tone) ? "#1a7f37" : "#8a5300";
    parts.push(
      `<text x="${labelWidth - 8}" y="${y + 18}" text-anchor="end">${escapeHtml(shortLabel(item.label, 28))}<title>${escapeHtml(item.label)}</title></text>`,
      `<rect x="${f1(x(low))}" y="${y + 5}" width="${f1(Math.max(1, x(item.percent) - x(low)))}" height="${row - 12}" fill="${fill}" opacity="0.85"/>`,
      `<line x1="${f1(x(item.gatePercent))}" y1="${y + 2}" x2="${f1(x(item.gatePercent))}" y2="${y + row - 4}" stroke="#1f2328" stroke-width="2" stroke-dasharray="3 2"/>`,
      `<text x="${f1(x(high) + 6)}" y="${y + 18}">${f1(item.percent)}%</text>`
    );
  });
  parts.push("</svg>");
  return parts.join("");
}
function intervalSvg(fig, alt) {
  const width = 560;
  const height = 76;
  const left = 20;
  const plot = width - 2 * left;
  const values = [fig.estimate, fig.lower, fig.upper, fig.gate, 0, ...fig.mde === null ? [] : [fig.mde]].filter(
    Number.isFinite
  );
  let low = Math.min(...values);
  let high = Math.max(...values);
  const pad = (high - low) * 0.12 || 0.05;
  low -= pad;
  high += pad;
  const x = (v) => left + (v - low) / (high - low) * plot;
  const mid = 38;
  const parts = [svgOpen(width, height, alt)];
  const mark = (v, colour, dash, label, above) => {
    parts.push(
      `<line x1="${f1(x(v))}" y1="17" x2="${f1(x(v))}" y2="${height - 17}" stroke="${colour}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ""}/>`,
      `<text x="${f1(x(v))}" y="${above ? 12 : height - 3}" text-anchor="middle">${escapeHtml(label)}</text>`
    );
  };
  mark(0, "#8c959f", "", "0", false);
  mark(fig.gate, "#b42318", "", fig.format(fig.gate), false);
  if (fig.mde !== null && Number.isFinite(fig.mde)) mark(fig.mde, "#59636e", "4 3", fig.format(fig.mde), true);
  parts.push(
    `<line x1="${f1(x(fig.lower))}" y1="${mid}" x2="${f1(x(fig.upper))}" y2="${mid}" stroke="#0b5cad" stroke-width="6" stroke-linecap="round"/>`,
    `<circle cx="${f1(x(fig.estimate))}" cy="${mid}" r="7" fill="#1f2328" stroke="#fff" stroke-width="2"/>`,
    "</svg>"
  );
  return parts.join("");
}
function seriesSvg(points, alt, format) {
  const width = 720;
  const height = 220;
  const left = 56;
  const right = 44;
  const top = 16;
  const bottom = 40;
  const known = points.flatMap((p) => [p.value, p.lower, p.upper]).filter((v) => v !== null);
  const parts = [svgOpen(width, height, alt)];
  if (known.length === 0) return `${parts.join("")}</svg>`;
  let low = Math.min(...known);
  let high = Math.max(...known);
  const pad = (high - low) * 0.1 || Math.abs(high) * 0.05 || 0.05;
  low -= pad;
  high += pad;
  const step = points.length > 1 ? (width - left - right) / (points.length - 1) : 0;
  const x = (i) => points.length > 1 ? left + i * step : (left + width - right) / 2;
  const y = (v) => top + (1 - (v - low) / (high - low)) * (height - top - bottom);
  for (const v of [.../* @__PURE__ */ new Set([low + pad, high - pad])]) {
    parts.push(
      `<line x1="${left}" y1="${f1(y(v))}" x2="${width - right}" y2="${f1(y(v))}" stroke="#d1d9e0"/>`,
      `<text x="${left - 6}" y="${f1(y(v) + 4)}" text-anchor="end">${escapeHtml(format(v))}</text>`
    );
  }
  const banded = points.map((p, i) => ({ p, i })).filter(({ p }) => p.lower !== null && p.upper !== null);
  if (banded.length > 1) {
    const upper = banded.map(({ p, i }) => `${f1(x(i))},${f1(y(p.upper))}`);
    const lower = banded.map(({ p, i }) => `${f1(x(i))},${f1(y(p.lower))}`).reverse();
    parts.push(`<polygon points="${[...upper, ...lower].join(" ")}" fill="#0b5cad" opacity="0.15"/>`);
  }
  for (const { p, i } of banded)
    parts.push(
      `<line x1="${f1(x(i))}" y1="${f1(y(p.lower))}" x2="${f1(x(i))}" y2="${f1(y(p.upper))}" stroke="#0b5cad" stroke-width="2"/>`
    );
  const valued = points.map((p, i) => ({ p, i })).filter(({ p }) => p.value !== null);
  if (valued.length > 1)
    parts.push(
      `<polyline points="${valued.map(({ p, i }) => `${f1(x(i))},${f1(y(p.value))}`).join(" ")}" fill="none" stroke="#1f2328" stroke-width="2"/>`
    );
  const labelEvery = Math.max(1, Math.ceil(points.length / 8));
  for (const { p, i } of valued)
    parts.push(
      `<circle cx="${f1(x(i))}" cy="${f1(y(p.value))}" r="4" fill="#1f2328"><title>${escapeHtml(`${p.label}: ${format(p.value)}`)}</title></circle>`
    );
  points.forEach((p, i) => {
    if (i % labelEvery === 0 || i === points.length - 1)
      parts.push(
        `<text x="${f1(x(i))}" y="${height - bottom + 18}" text-anchor="middle">${escapeHtml(shortLabel(p.label, 12))}</text>`
      );
  });
  parts.push("</svg>");
  return parts.join("");
}
function dotsSvg(rows, alt, format) {
  const labelWidth = 180;
  const plot = 440;
  const row = 28;
  const width = labelWidth + plot + 90;
  const height = 10 + row * rows.length + 18;
  const known = rows.flatMap((r) => [r.value, r.lower, r.upper]).filter((v) => v !== null);
  const parts = [svgOpen(width, height, alt)];
  if (known.length === 0) return `${parts.join("")}</svg>`;
  let low = Math.min(...known);
  let high = Math.max(...known);
  const pad = (high - low) * 0.1 || Math.abs(high) * 0.05 || 0.05;
  low -= pad;
  high += pad;
  const x = (v) => labelWidth + (v - low) / (high - low) * plot;
  rows.forEach((r, i) => {
    const y = 10 + i * row + row / 2;
    parts.push(
      `<text x="${labelWidth - 8}" y="${y + 4}" text-anchor="end">${escapeHtml(shortLabel(r.label, 24))}<title>${escapeHtml(r.label)}</title></text>`
    );
    if (r.lower !== null && r.upper !== null)
      parts.push(
        `<line x1="${f1(x(r.lower))}" y1="${y}" x2="${f1(x(r.upper))}" y2="${y}" stroke="#0b5cad" stroke-width="5" stroke-linecap="round"/>`
      );
    if (r.value !== null)
      parts.push(
        `<circle cx="${f1(x(r.value))}" cy="${y}" r="6" fill="#1f2328"/>`,
        `<text x="${labelWidth + plot + 10}" y="${y + 4}">${escapeHtml(format(r.value))}</text>`
      );
  });
  parts.push(
    `<text x="${labelWidth}" y="${height - 4}">${escapeHtml(format(low + pad))}</text>`,
    `<text x="${labelWidth + plot}" y="${height - 4}" text-anchor="end">${escapeHtml(format(high - pad))}</text>`,
    "</svg>"
  );
  return parts.join("");
}

export {
  escapeHtml,
  pageText,
  markupHtml,
  jsonForScript,
  renderPage,
  pageChunks,
  BASE_STYLE,
  suitesChartSvg,
  intervalSvg,
  seriesSvg,
  dotsSvg
};
