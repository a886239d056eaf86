// The README and the pages under docs/ as a reader meets them: the README stays short enough
// to read (≤ 20,000 bytes) and links every page through docs/index.md, which lists every
// page there is; every relative link and image in them points to a file of the repository,
// and every #anchor to a heading (or an id) of its target; the action's page names exactly
// the inputs and outputs action.yml declares. All in process: files are read, nothing runs.
import assert from 'node:assert/strict';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { ROOT } from '../helpers/cli.ts';

const README_LIMIT = 20_000;

/** The Markdown files a reader is sent to: README.md and every .md under docs/. */
async function markdownFiles(): Promise<string[]> {
  const docs = (await readdir(join(ROOT, 'docs'), { recursive: true }))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f));
  return ['README.md', ...docs.sort()];
}

/** The text with fenced code blocks blanked (line count kept), so their lines are neither headings nor links. */
function withoutFences(text: string): string {
  let fence: { char: string; length: number } | null = null;
  return text
    .split('\n')
    .map((line) => {
      const m = /^\s*(`{3,}|~{3,})/.exec(line);
      if (fence === null) {
        if (m?.[1]) {
          fence = { char: m[1][0] ?? '`', length: m[1].length };
          return '';
        }
        return line;
      }
      if (m?.[1] && m[1][0] === fence.char && m[1].length >= fence.length && line.trim() === m[1]) fence = null;
      return '';
    })
    .join('\n');
}

/** GitHub's anchor for a heading: lower case, punctuation other than - and _ dropped, spaces made hyphens. */
function slugOf(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

/** Every anchor a Markdown file offers: its headings' slugs (repeats numbered as GitHub does) and HTML ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const text = withoutFences(markdown);
  for (const m of text.matchAll(/^ {0,3}#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = slugOf(m[1] ?? '');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  for (const m of text.matchAll(/<[a-z]+\s[^>]*\b(?:id|name)="([^"]+)"/gi)) anchors.add(m[1] ?? '');
  return anchors;
}

/** Every link target in a Markdown text — inline links, images and reference definitions — outside code. */
function linksOf(markdown: string): { target: string; line: number }[] {
  const text = withoutFences(markdown).replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, (span) =>
    span.replace(/[^\n]/g, ' '),
  );
  const lineAt = (index: number): number => text.slice(0, index).split('\n').length;
  const links: { target: string; line: number }[] = [];
  for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
    links.push({ target: m[1] ?? '', line: lineAt(m.index) });
  for (const m of text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm))
    links.push({ target: m[1] ?? '', line: lineAt(m.index) });
  return links;
}

async function exists(path: string): Promise<'file' | 'dir' | null> {
  try {
    return (await stat(path)).isDirectory() ? 'dir' : 'file';
  } catch {
    return null;
  }
}

describe('README and docs pages', () => {
  it(`README.md is at most ${README_LIMIT} bytes and links the index of the docs`, async () => {
    const readme = await readFile(join(ROOT, 'README.md'));
    assert.ok(readme.length <= README_LIMIT, `README.md is ${readme.length} bytes; move sections into docs/ pages`);
    assert.ok(
      linksOf(readme.toString('utf8')).some((l) => l.target === 'docs/index.md'),
      'README.md links docs/index.md',
    );
  });

  it('docs/index.md lists every page under docs/', async () => {
    const index = await readFile(join(ROOT, 'docs/index.md'), 'utf8');
    const listed = new Set(
      linksOf(index).map((l) => relative(join(ROOT, 'docs'), resolve(ROOT, 'docs', l.target.split('#')[0] ?? ''))),
    );
    const pages = (await readdir(join(ROOT, 'docs'), { recursive: true })).filter(
      (f) => /\.(md|txt)$/.test(f) && f !== 'index.md',
    );
    assert.ok(pages.length > 10);
    assert.deepEqual(
      pages.filter((p) => !listed.has(p)),
      [],
      'pages docs/index.md does not list',
    );
  });

  it('every relative link and image points to a file, and every #anchor to a heading of its target', async () => {
    const files = await markdownFiles();
    const anchors = new Map<string, Set<string>>();
    const anchorsIn = async (file: string): Promise<Set<string>> => {
      let found = anchors.get(file);
      if (!found) {
        found = anchorsOf(await readFile(file, 'utf8'));
        anchors.set(file, found);
      }
      return found;
    };
    const broken: string[] = [];
    let checked = 0;
    for (const file of files) {
      const source = join(ROOT, file);
      for (const { target, line } of linksOf(await readFile(source, 'utf8'))) {
        if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(target)) continue; // https:, mailto: …
        checked++;
        const [pathPart = '', anchor] = target.split('#', 2);
        const path = pathPart === '' ? source : resolve(dirname(source), decodeURIComponent(pathPart));
        const where = `${file}:${line} ${target}`;
        if (!path.startsWith(ROOT)) {
          broken.push(`${where}: leaves the repository`);
          continue;
        }
        const kind = await exists(path);
        if (kind === null) broken.push(`${where}: no such file`);
        else if (anchor !== undefined) {
          if (kind !== 'file' || !path.endsWith('.md')) broken.push(`${where}: an anchor into a non-Markdown target`);
          else if (!(await anchorsIn(path)).has(anchor)) broken.push(`${where}: no heading with anchor #${anchor}`);
        }
      }
    }
    assert.ok(checked > 50, `only ${checked} relative links found`);
    assert.deepEqual(broken, []);
  });

  it("docs/github-action.md names exactly action.yml's inputs and outputs", async () => {
    const action = parse(await readFile(join(ROOT, 'action.yml'), 'utf8')) as {
      inputs: Record<string, unknown>;
      outputs: Record<string, unknown>;
    };
    const page = await readFile(join(ROOT, 'docs/github-action.md'), 'utf8');
    const table = page.slice(page.indexOf('| input | default | meaning |'));
    const rows = table.slice(0, table.search(/\n\s*\n/));
    // The first cell of each row names inputs in backticks; the header row names none.
    const documented = [...rows.matchAll(/^\|([^|]+)\|/gm)].flatMap((m) => [...(m[1] ?? '').matchAll(/`([a-z-]+)`/g)].map((n) => n[1]));
    assert.deepEqual([...documented].sort(), Object.keys(action.inputs).sort(), 'the inputs table');
    const outputs = page.slice(page.indexOf('Outputs:'));
    const outputsParagraph = outputs.slice(0, outputs.search(/\n\s*\n/));
    for (const name of Object.keys(action.outputs))
      assert.ok(outputsParagraph.includes(`\`${name}\``), `docs/github-action.md names the output ${name}`);
  });
});

describe('the link checker itself', () => {
  it('finds links outside code only, and knows GitHub anchors', () => {
    const text = [
      '# Absolute floors: `gate.min`',
      '## round-trip: natural language → Python',
      '## Notes',
      '## Notes',
      'See [a](a.md#x), ![img](i.png) and `[not](code.md)`.',
      '```md',
      '[not](fenced.md)',
      '# not a heading',
      '```',
      '[ref]: ref.md',
    ].join('\n');
    assert.deepEqual(
      linksOf(text).map((l) => `${l.line}:${l.target}`),
      ['5:a.md#x', '5:i.png', '10:ref.md'],
    );
    assert.deepEqual(
      [...anchorsOf(text)],
      ['absolute-floors-gatemin', 'round-trip-natural-language--python', 'notes', 'notes-1'],
    );
  });
});
