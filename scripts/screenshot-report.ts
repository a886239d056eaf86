// Renders a report the way GitHub shows a PR comment (GitHub-flavoured Markdown, the
// Mermaid chart drawn, the first <details> opened) in headless Chromium, and saves a PNG.
//
//   node scripts/screenshot-report.ts [REPORT.md] [OUT.png]
//
// Defaults: the scripted demo's candidate report (run `npm run demo` first) and
// docs/report-comment.png. marked and mermaid are installed into a temporary folder; they
// are not project dependencies. Needs /usr/bin/chromium (Debian package `chromium`) and an
// emoji font (`fonts-noto-color-emoji`), or the verdict icons render as empty boxes.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const input = resolve(process.argv[2] ?? join(root, 'demo-out/candidate/report.md'));
const output = resolve(process.argv[3] ?? join(root, 'docs/report-comment.png'));
const tools = join(tmpdir(), 'evalgate-render');
if (!existsSync(join(tools, 'node_modules/marked')) || !existsSync(join(tools, 'node_modules/mermaid'))) {
  await mkdir(tools, { recursive: true });
  const r = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', tools, 'marked', 'mermaid'],
    { stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('could not install marked and mermaid');
}
const { marked } = (await import(pathToFileURL(join(tools, 'node_modules/marked/lib/marked.esm.js')).href)) as {
  marked: { parse(md: string, o: object): string };
};

const markdown = await readFile(input, 'utf8');
const unescape = (s: string): string =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const body = marked
  .parse(markdown, { gfm: true })
  .replace(
    /<pre><code class="language-mermaid">([\s\S]*?)<\/code><\/pre>/g,
    (_m, code: string) => `<pre class="mermaid">${unescape(code)}</pre>`,
  )
  .replace(
    /<blockquote>\s*<p>\[!(NOTE|WARNING)\]/g,
    (_m, kind: string) =>
      `<blockquote class="alert ${kind.toLowerCase()}"><p><strong>${kind === 'NOTE' ? 'Note' : 'Warning'}</strong><br>`,
  );
const html = `<!doctype html><html><head><meta charset="utf-8"><style>
body { font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: #1f2328; margin: 0; background: #fff; }
.comment { width: 880px; margin: 16px; border: 1px solid #d1d9e0; border-radius: 6px; }
.header { background: #f6f8fa; border-bottom: 1px solid #d1d9e0; padding: 8px 16px; color: #59636e; font-size: 13px; border-radius: 6px 6px 0 0; }
.body { padding: 16px; }
h2 { font-size: 1.5em; border-bottom: 1px solid #d1d9e0; padding-bottom: .3em; margin-top: 0; }
h3 { font-size: 1.25em; margin: 24px 0 12px; }
table { border-collapse: collapse; margin: 12px 0; display: block; overflow: auto; }
th, td { border: 1px solid #d1d9e0; padding: 6px 13px; }
tr:nth-child(2n) { background: #f6f8fa; }
code { background: #eff1f3; border-radius: 6px; padding: .2em .4em; font-size: 85%; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
pre { background: #f6f8fa; border-radius: 6px; padding: 12px; overflow: auto; font-size: 85%; }
pre code { background: none; padding: 0; }
pre.mermaid { background: #fff; text-align: center; }
blockquote { margin: 0; padding: 0 1em; color: #59636e; border-left: .25em solid #d1d9e0; }
blockquote.alert.note { border-left-color: #0969da; } blockquote.alert.warning { border-left-color: #9a6700; }
details summary { cursor: pointer; font-weight: 600; }
</style></head><body><div class="comment"><div class="header"><strong>github-actions</strong> <span>bot</span> commented</div><div class="body">${body}</div></div>
<script src="${pathToFileURL(join(tools, 'node_modules/mermaid/dist/mermaid.min.js')).href}"></script>
<script>
document.querySelector('details')?.setAttribute('open', '');
mermaid.initialize({ startOnLoad: true, theme: 'default' });
</script></body></html>`;
const page = join(tmpdir(), 'evalgate-report-page.html');
await writeFile(page, html);
await mkdir(join(output, '..'), { recursive: true });
const shot = spawnSync(
  '/usr/bin/chromium',
  [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--hide-scrollbars',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--user-data-dir=${join(tmpdir(), 'evalgate-chromium')}`,
    '--window-size=912,1900',
    '--virtual-time-budget=8000',
    `--screenshot=${output}`,
    pathToFileURL(page).href,
  ],
  { encoding: 'utf8' },
);
if (shot.status !== 0) throw new Error(`chromium failed: ${shot.stderr}`);
process.stdout.write(`${output}\n`);
