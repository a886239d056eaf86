// A run keeps its cases without their text and reads the rows back from the dataset while
// it calls (core/datasets/collect.ts): the cases read back are the cases the whole-file
// parse gives, and a dataset that changed in between — a row edited, cut, made invalid —
// fails the run naming the file and line, never a case skipped or measured in another form.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createFsRunStore, createFsWorkspace } from '../../src/adapters/fs-store.ts';
import { createClientFactory } from '../../src/adapters/providers.ts';
import { systemClock } from '../../src/adapters/system.ts';
import { parseConfig } from '../../src/core/config/load.ts';
import { CaseColumns } from '../../src/core/datasets/case-columns.ts';
import { collectCases } from '../../src/core/datasets/collect.ts';
import { runEvaluation } from '../../src/core/engine.ts';
import { ConfigError } from '../../src/core/errors.ts';
import { parseExactCopyDataset, readExactCopyDataset } from '../../src/core/kinds/exact-copy/dataset.ts';
import { DEFAULT_COLUMNS, parseJudgedDataset, readJudgedDataset } from '../../src/core/kinds/judged/dataset.ts';
import { parsePromptDataset, readPromptDataset } from '../../src/core/kinds/prompt/dataset.ts';
import type { EvalCase } from '../../src/core/types.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';

const enc = (t: string): Uint8Array => new TextEncoder().encode(t);
const row = (i: number): string =>
  JSON.stringify({ id: `c${i}`, question: `q${i} ü`, context: `a ${i}\nkopie ${i} — 字`, expected: `kopie ${i} — 字` });
// A BOM, CRLF endings on some lines, blank lines and multi-byte text move every byte offset.
const TEXT = `\uFEFF${Array.from({ length: 150 }, (_, i) => row(i) + (i % 7 === 0 ? '\r\n\n' : '\n')).join('')}`;

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/** Loads the dataset lazily over `file()` (the bytes as they are when read back). */
async function lazyLoad(
  file: () => Uint8Array,
): Promise<{ cases: EvalCase[]; read: (c: readonly EvalCase[]) => Promise<EvalCase[]> }> {
  const collector = collectCases('cases.jsonl', { lazy: true }, (offset, length) =>
    Promise.resolve(file().slice(offset, offset + length)),
  );
  await readExactCopyDataset(once(file()), 'cases.jsonl', undefined, collector);
  const read = collector.readCases;
  assert.ok(read, 'the cases are kept without their text');
  assert.ok(collector.cases instanceof CaseColumns, 'the cases are kept as columns');
  return { cases: [...collector.cases], read };
}

describe('cases read back from the dataset by byte range', () => {
  it('keep no text while loaded, and read back equal to the whole-file parse, in any order', async () => {
    const bytes = enc(TEXT);
    const { cases, read } = await lazyLoad(() => bytes);
    assert.ok(cases.every((c) => Object.keys(c.inputs).length === 0));
    const whole = parseExactCopyDataset(bytes, 'cases.jsonl');
    assert.deepEqual(await read(cases), whole);
    // A shard's slice is in id order, not file order; a base commit's case (whole) passes through.
    const picked = [cases[140], cases[3], cases[77], whole[5], cases[78]] as EvalCase[];
    assert.deepEqual(await read(picked), [whole[140], whole[3], whole[77], whole[5], whole[78]]);
  });

  it("read back the judged and prompt kinds' JSONL rows as their whole-file parses give them", async () => {
    const text = `\uFEFF${Array.from({ length: 90 }, (_, i) =>
      JSON.stringify({
        id: `t${i}`,
        input: `frage ${i} ü`,
        reference: `antwort — ${i}`,
        criteria: i % 2 ? '' : 'kurz',
        n: i,
      }),
    ).join('\r\n')}\n`;
    const bytes = enc(text);
    const lazy = () =>
      collectCases('tasks.jsonl', { lazy: true }, (offset, length) =>
        Promise.resolve(bytes.slice(offset, offset + length)),
      );
    const judged = lazy();
    await readJudgedDataset(once(bytes), 'tasks.jsonl', undefined, DEFAULT_COLUMNS, judged);
    assert.ok(judged.readCases && [...judged.cases].every((c) => Object.keys(c.inputs).length === 0));
    assert.deepEqual(
      await judged.readCases([...judged.cases]),
      parseJudgedDataset(bytes, 'tasks.jsonl', undefined, DEFAULT_COLUMNS),
    );
    const prompt = lazy();
    await readPromptDataset(once(bytes), 'tasks.jsonl', undefined, prompt);
    assert.ok(prompt.readCases && [...prompt.cases].every((c) => Object.keys(c.inputs).length === 0));
    assert.deepEqual(
      await prompt.readCases([...prompt.cases]),
      parsePromptDataset(bytes, 'tasks.jsonl', undefined).cases,
    );
  });

  it('fails naming the line when a row was edited, cut or made invalid since it was loaded', async () => {
    let bytes = enc(TEXT);
    const { cases, read } = await lazyLoad(() => bytes);
    const line = (c: EvalCase): number => c.source.line;
    const target = cases[40] as EvalCase;
    const lines = TEXT.split('\n');
    const change = (replacement: string): void => {
      const copy = [...lines];
      copy[line(target) - 1] = replacement;
      bytes = enc(copy.join('\n'));
    };
    const failsAt = (why: RegExp) => (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, new RegExp(`cases\\.jsonl:${line(target)}\\b`));
      assert.match(error.message, /changed while the run was reading the dataset/);
      assert.match(error.message, why);
      return true;
    };
    // The same length, another expected answer: only its hash tells.
    change((lines[line(target) - 1] as string).replace('"q40', '"Q40'));
    await assert.rejects(read([target]), failsAt(/its case is not the one loaded/));
    change('{"id":"c40", "broken');
    await assert.rejects(read([target]), failsAt(/not valid JSON now/));
    // Rows of the same length in bytes, so the range read back is exactly the changed row.
    change('[1,2]'.padEnd(enc(lines[line(target) - 1] as string).length, ' '));
    await assert.rejects(read([target]), failsAt(/not a JSON object now/));
    change((lines[line(target) - 1] as string).replace('"expected":"kopie 40 — 字"', '"expected":"kopie 40 — 宇"'));
    await assert.rejects(read([target]), failsAt(/"expected" is not part of "context"/));
    bytes = enc(TEXT).slice(0, 200);
    await assert.rejects(read([target]), failsAt(/shorter now/));
  });
});

describe('a run whose dataset changes while it calls', () => {
  let server: FakeOpenAI;
  let dir: string;
  let calls = 0;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'evalgate-readback-'));
    server = await startFakeOpenAI((request) => {
      calls++;
      // After the first calls, a row far ahead (not yet read back) is edited on disk.
      if (calls === 5) writeFileSync(join(dir, 'cases.jsonl'), TEXT.replace('q120 ü', 'q120 u!'));
      const user = request.messages.at(-1)?.content ?? '';
      return { content: user.split('\n')[1] ?? '' };
    });
    await writeFile(join(dir, 'cases.jsonl'), TEXT);
    await writeFile(join(dir, 'user.txt'), '{question}\n{context}');
    await writeFile(
      join(dir, 'evalgate.yml'),
      `version: 1\nproviders:\n  target: {model: m, base-url: ${server.url}, concurrency: 2}\nsuites:\n  - {name: copy, kind: exact-copy, provider: target, dataset: cases.jsonl, templates: {user: user.txt}}\n`,
    );
  });
  after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stops with an error naming the file and line, and the rows before it stay in the record log', async () => {
    const run = runEvaluation(
      {
        loaded: parseConfig(await readFile(join(dir, 'evalgate.yml'), 'utf8'), 'evalgate.yml'),
        suites: [],
        updateBaseline: false,
        fresh: true,
      },
      {
        workspace: createFsWorkspace(dir),
        store: createFsRunStore(join(dir, 'out'), join(dir, 'baselines')),
        clock: systemClock,
        logger: { info: () => undefined, warn: () => undefined },
        toolVersion: 'test',
        newRunId: () => 'run-1',
        createClient: createClientFactory({ OPENAI_API_KEY: 'test-key' }, 'evalgate.yml', { cacheDir: null }),
      },
    );
    const line = TEXT.split('\n').findIndex((l) => l.includes('"q120 ü"')) + 1;
    await assert.rejects(run, (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, new RegExp(`cases\\.jsonl:${line}\\b.*changed while the run was reading`));
      return true;
    });
    const log = (await readFile(join(dir, 'out', 'results', 'copy.records.jsonl'), 'utf8')).trim().split('\n');
    // The header, then the cases of the batches read before the changed one (64 a batch).
    assert.equal(log.length - 1, 64);
  });
});
