// Result files written in chunks and read line by line: the same bytes as one JSON
// document, the same value back, and a clear error naming the line of a broken record.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseResultLines, resultChunks, ResultLinesError } from '../../src/core/result-stream.ts';
import type { CaseRecord, SuiteResult } from '../../src/core/types.ts';
import { resultAround } from '../helpers/results.ts';

function record(i: number): CaseRecord {
  return {
    caseId: `case-${i}`,
    repeat: i % 2,
    inputHash: `h${i}`,
    status: i % 5 === 0 ? 'error' : 'scored',
    scores: i % 5 === 0 ? null : { 'exact-match': i % 3 === 0 ? 0 : 1 },
    request: { messages: [{ role: 'user', content: `line one\nline two "quoted" }\n    }, ${i}` }] },
    reply:
      i % 5 === 0
        ? null
        : {
            text: '    }\n  ]\n{ nested: [1, 2] }',
            servedModel: 'm',
            fingerprint: null,
            finishReason: 'stop',
            reasoning: 'r',
          },
    usage: { inputTokens: i, outputTokens: 2 * i },
    latencyMs: 3,
    error: i % 5 === 0 ? { kind: 'http', httpStatus: 500, message: 'boom' } : null,
    attempts: 1,
    cached: false,
    detail: { expected: 'x', deep: { list: [{ a: 1 }, { b: [] }] } },
  };
}

function result(n: number, extra: Partial<SuiteResult> = {}): SuiteResult {
  return resultAround(
    Array.from({ length: n }, (_, i) => record(i)),
    extra,
  );
}

const linesOf = (text: string): string[] => text.replace(/\n$/, '').split('\n');

describe('result files as streams', () => {
  for (const [name, value] of [
    ['no records', result(0)],
    ['one record', result(1)],
    ['many records, with keys after the list', result(23, { incomplete: { reason: 'budget', missing: 4 } })],
  ] as const) {
    it(`writes the same bytes as one JSON document and reads the same value back: ${name}`, async () => {
      const text = [...resultChunks(value)].join('');
      assert.equal(text, `${JSON.stringify(value, null, 2)}\n`);
      assert.deepEqual(await parseResultLines(linesOf(text)), JSON.parse(text));
    });
  }

  it('writes no chunk larger than a record', () => {
    const value = result(50);
    const longest = Math.max(...[...resultChunks(value)].map((c) => c.length));
    assert.ok(
      longest <
        JSON.stringify({ ...value, records: [] }, null, 2).length +
          JSON.stringify(value.records[1], null, 2).length * 2,
    );
  });

  it('reads a file in another layout whole, and says which line of a record is broken', async () => {
    const value = result(3);
    assert.deepEqual(await parseResultLines([JSON.stringify(value)]), JSON.parse(JSON.stringify(value)));
    const lines = linesOf([...resultChunks(value)].join(''));
    const start = lines.indexOf('    {', lines.indexOf('    {') + 1);
    lines[start + 2] = '      "repeat": 1,,';
    await assert.rejects(
      parseResultLines(lines),
      (e: unknown) =>
        e instanceof ResultLinesError &&
        e.line === start + 1 &&
        /record starting on line \d+ is not valid JSON/.test(e.message),
    );
  });
});

describe('records read with their repeated strings shared', () => {
  it('reads every value as JSON.parse does when values repeat, alternate and change place', async () => {
    const records = Array.from({ length: 12 }, (_, i) => ({
      caseId: `case-${i}`,
      system: 'the same prompt for every record',
      model: i % 2 === 0 ? 'model-a' : 'model-b',
      messages: i % 3 === 0 ? ['one', 'two'] : ['two', 'one', 'three'],
      detail: i % 4 === 0 ? { nested: { text: 'x' } } : { nested: 'x', other: i },
      text: i % 5 === 0 ? null : 'x',
    }));
    const text = `${JSON.stringify({ runId: 'r', records }, null, 2)}\n`;
    assert.deepEqual(await parseResultLines(linesOf(text)), JSON.parse(text));
  });

  it('keeps a record\'s own "__proto__" key as data, and every key past the places it remembers', async () => {
    const many = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i % 2 === 0 ? 'same' : `v${i}`]));
    const text = [
      '{',
      '  "records": [',
      '    {',
      '      "__proto__": {"polluted": "yes"},',
      `      "detail": ${JSON.stringify(many)}`,
      '    },',
      '    {',
      '      "__proto__": "text",',
      `      "detail": ${JSON.stringify(many)}`,
      '    }',
      '  ]',
      '}',
    ];
    const value = (await parseResultLines(text)) as { records: Record<string, unknown>[] };
    assert.deepEqual(value, JSON.parse(text.join('\n')));
    const [first, second] = value.records as [Record<string, unknown>, Record<string, unknown>];
    assert.equal(Object.getPrototypeOf(first), Object.prototype);
    assert.equal((first as { polluted?: unknown }).polluted, undefined);
    assert.deepEqual(Object.getOwnPropertyDescriptor(second, '__proto__')?.value, 'text');
    assert.equal(({} as { polluted?: unknown }).polluted, undefined);
  });
});

describe('result files on disk', () => {
  it("writes chunks atomically and reads the file back line by line, through the CLI's reader", async () => {
    const { mkdtemp, readFile, rm, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { readResultFile, writeFileAtomic } = await import('../../src/adapters/fs-store.ts');
    const dir = await mkdtemp(join(tmpdir(), 'evalgate-stream-'));
    try {
      const value = result(40);
      const path = join(dir, 'results', 's.json');
      await writeFileAtomic(path, resultChunks(value));
      assert.equal(await readFile(path, 'utf8'), `${JSON.stringify(value, null, 2)}\n`);
      assert.deepEqual(await readResultFile(path), JSON.parse(JSON.stringify(value)));
      // Reformatted by hand (four-space indent): still read, whole.
      await writeFile(path, JSON.stringify(value, null, 4));
      assert.equal((await readResultFile(path)).records.length, 40);
      await writeFile(path, '{"schemaVersion": 1,');
      await assert.rejects(readResultFile(path), /s\.json: not valid JSON/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a baseline is parsed as its lines are read from disk, never all held; another layout is read again, whole', async () => {
    const { mkdtemp, rm, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { createFsRunStore, writeFileAtomic } = await import('../../src/adapters/fs-store.ts');
    const { parseResultFileLines } = await import('../../src/core/engine.ts');
    const dir = await mkdtemp(join(tmpdir(), 'evalgate-baseline-lines-'));
    try {
      const store = createFsRunStore(join(dir, 'out'), join(dir, 'baselines'));
      assert.equal(await store.readBaseline('s'), null);
      const value = result(40);
      await writeFileAtomic(join(dir, 'baselines', 's.json'), resultChunks(value));
      const source = await store.readBaseline('s');
      assert.ok(
        source !== null && typeof source !== 'string' && !Array.isArray(source),
        'not the text, nor its lines held',
      );
      assert.deepEqual(
        await parseResultFileLines(source as AsyncIterable<string>, 's.json'),
        JSON.parse(JSON.stringify(value)),
      );
      // Reformatted by hand: the lines are read a second time and parsed whole.
      await writeFile(join(dir, 'baselines', 's.json'), JSON.stringify(value, null, 4));
      const reformatted = (await store.readBaseline('s')) as AsyncIterable<string>;
      assert.equal((await parseResultFileLines(reformatted, 's.json')).records.length, 40);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('read back whole when a reply holds U+2028 or U+2029, which JSON leaves raw', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { readResultFile, writeFileAtomic } = await import('../../src/adapters/fs-store.ts');
    const dir = await mkdtemp(join(tmpdir(), 'evalgate-separators-'));
    try {
      const original = result(4);
      const first = original.records[1] as CaseRecord;
      original.records[1] = {
        ...first,
        reply: { ...(first.reply as NonNullable<CaseRecord['reply']>), text: 'one\u2028two\u2029three\r\nfour' },
      };
      const path = join(dir, 's.json');
      await writeFileAtomic(path, resultChunks(original));
      const back = await readResultFile(path);
      assert.equal(back.records[1]?.reply?.text, 'one\u2028two\u2029three\r\nfour');
      assert.deepEqual(back, JSON.parse(JSON.stringify(original)));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
