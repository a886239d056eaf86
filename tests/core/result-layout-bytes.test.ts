// resultLayoutOfBytes (core/result-stream.ts) reads a result file from its bytes, a string
// a record: for every file it must find what resultLayout finds in the file's lines — the
// same records (text, first line, byte offsets), the same head and tail, the same "not in
// the layout" — whatever the reads' sizes, line ends, characters at a read's edge or
// record lengths. Then readResultFile, which reads so, against a parse of the whole file.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { readResultFile } from '../../src/adapters/fs-store.ts';
import { ConfigError } from '../../src/core/errors.ts';
import {
  parseResultLines,
  resultChunks,
  resultLayout,
  resultLayoutOfBytes,
  type LaidOutRecord,
  type LayoutEnd,
  type ReadBytes,
} from '../../src/core/result-stream.ts';
import type { LineAt } from '../../src/ports.ts';
import type { CaseRecord, SuiteResult } from '../../src/core/types.ts';
import { resultAround } from '../helpers/results.ts';

function record(i: number, pad = ''): CaseRecord {
  // A key of nested objects and lists besides the record's own (readers keep what they do not know).
  return {
    caseId: `case-${i}`,
    repeat: 0,
    inputHash: `h${i}`,
    status: 'scored',
    scores: { 'exact-match': i % 2 },
    // Text that looks like the layout's own lines, multi-byte characters and U+2028.
    request: { messages: [{ role: 'user', content: `Größe ${i} 東京\u2028 }\n    },\n  ]${pad}` }] },
    reply: { text: `Antwort ${i} ✓ 🙂`, servedModel: 'm', fingerprint: null, finishReason: 'stop' },
    usage: { inputTokens: i, outputTokens: 1 },
    latencyMs: 3,
    error: null,
    attempts: 1,
    cached: false,
    detail: { expected: 'x', question: 'q', context: 'c' },
    usageNote: { list: [{ a: 1 }, { b: [] }], empty: {} },
  } as CaseRecord;
}

const textOf = (value: SuiteResult): string => [...resultChunks(value)].join('');

/** The lines of `bytes` as RangeFile.lines gives them: split at "\n", one CR before it dropped, offsets in bytes. */
function linesAt(bytes: Buffer): LineAt[] {
  const out: LineAt[] = [];
  let from = 0;
  for (;;) {
    const nl = bytes.indexOf(10, from);
    if (nl < 0 && from === bytes.length) break;
    const stop = nl < 0 ? bytes.length : nl;
    const end = stop > from && bytes[stop - 1] === 13 ? stop - 1 : stop;
    out.push({ text: bytes.toString('utf8', from, end), start: from, end });
    if (nl < 0) break;
    from = nl + 1;
  }
  return out;
}

/** Reads of `bytes` at most `most` bytes long (a file read in pieces of any size). */
function reader(bytes: Buffer, most: number): ReadBytes {
  return (into, offset, length, position) => {
    const n = Math.max(0, Math.min(length, most, bytes.length - position));
    into.set(bytes.subarray(position, position + n), offset);
    return n;
  };
}

interface Walked {
  records: { text: string; line: number; start: number; end: number; head: string[] }[];
  end: LayoutEnd;
}

async function walk(
  layout: AsyncGenerator<LaidOutRecord, LayoutEnd> | Generator<LaidOutRecord, LayoutEnd>,
): Promise<Walked> {
  const records: Walked['records'] = [];
  let step = await layout.next();
  for (; !step.done; step = await layout.next()) {
    const { text, start, end, head } = step.value;
    records.push({ text, line: step.value.line(), start, end, head: [...head] });
  }
  return { records, end: step.value };
}

/** What resultLayout finds in the file's lines, and what resultLayoutOfBytes finds in its bytes, read `most` bytes at a time. */
async function both(bytes: Buffer, most: number): Promise<[Walked, Walked]> {
  const lines = linesAt(bytes);
  return [await walk(resultLayout(lines)), await walk(resultLayoutOfBytes(reader(bytes, most)))];
}

const READS = [1, 2, 3, 5, 7, 13, 64, 1000, 1 << 18];

describe('a result file read from its bytes, a string a record', () => {
  const value = resultAround(
    Array.from({ length: 12 }, (_, i) => record(i)),
    { incomplete: { reason: 'budget', missing: 1 } } as Partial<SuiteResult>,
  );
  const text = textOf(value);
  const files: [string, Buffer][] = [
    ['as written', Buffer.from(text)],
    ['CRLF line ends', Buffer.from(text.replace(/\n/g, '\r\n'))],
    [
      'some lines with CRLF, some with two CRs',
      Buffer.from(text.replace(/,\n/g, ',\r\n').replace(/"usageNote": \{\n/g, '"usageNote": {\r\r\n')),
    ],
    ['without the last newline', Buffer.from(text.replace(/\n$/, ''))],
    ['no records', Buffer.from(textOf(resultAround([])))],
    [
      'a record at the end without a newline (the list never closes)',
      Buffer.from(text.slice(0, text.lastIndexOf('\n  ]'))),
    ],
    ['the file cut inside a record', Buffer.from(text.slice(0, Math.floor(text.length / 2)))],
    ['a line that starts like a closing one', Buffer.from(text.replace('\n    },\n', '\n    }x,\n    },\n'))],
    ['a closing line with two commas', Buffer.from(text.replace('\n    },\n', '\n    },,\n    },\n'))],
    ['a closing line with a CR and a CR', Buffer.from(text.replace('\n    },\n', '\n    }\r\r\n    },\n'))],
    ['something else between records', Buffer.from(text.replace('\n    },\n    {\n', '\n    },\n    [\n'))],
    ['minified (another layout)', Buffer.from(JSON.stringify(value))],
    ['empty', Buffer.alloc(0)],
    // A character cut in two by a newline: the decoder must give what it gives for the line alone.
    [
      'bytes that are not UTF-8 before a newline',
      Buffer.concat([
        Buffer.from(text.slice(0, 200)),
        Buffer.from([0xe6, 0x97, 0x0a, 0xff]),
        Buffer.from(text.slice(200)),
      ]),
    ],
  ];
  for (const [name, bytes] of files)
    it(`finds what the lines give: ${name}`, async () => {
      for (const most of READS) {
        const [lines, read] = await both(bytes, most);
        assert.deepEqual(read, lines, `reads of ${most} bytes`);
      }
    });

  it('a record longer than a read, and characters of 2, 3 and 4 bytes at every edge of a read', async () => {
    // Records of 600 KB: each spans several reads of 256 KiB, and the buffer grows for it.
    const long = textOf(
      resultAround([
        record(0, 'é'.repeat(150_000)),
        record(1, '東'.repeat(200_000)),
        record(2, '🙂'.repeat(150_000)),
        record(3),
      ]),
    );
    const bytes = Buffer.from(long);
    const [lines, read] = await both(bytes, 1 << 18);
    assert.deepEqual(read, lines);
    assert.equal(read.records.length, 4);
    // Shifting the file by one byte at a time moves every read's edge through each character.
    for (let shift = 0; shift < 4; shift++) {
      const shifted = Buffer.from(
        textOf(resultAround([record(0, `${'x'.repeat(shift)}${'東🙂é'.repeat(30_000)}`), record(1)])),
      );
      const [l, r] = await both(shifted, 1 << 18);
      assert.deepEqual(r, l, `shift ${shift}`);
    }
  });

  it('parseResultLines reads the same value from the bytes as from the lines, and names the same line', async () => {
    const bytes = Buffer.from(text.replace(/\n/g, '\r\n'));
    assert.deepEqual(await parseResultLines(reader(bytes, 777)), JSON.parse(text));
    const broken = Buffer.from(text.replace('"caseId": "case-7"', '"caseId": case-7'));
    const fromLines = await parseResultLines(linesAt(broken).map((l) => l.text)).catch((e: unknown) => e);
    const fromBytes = await parseResultLines(reader(broken, 1000)).catch((e: unknown) => e);
    assert.ok(fromBytes instanceof Error);
    assert.deepEqual(fromBytes, fromLines);
    assert.equal((fromBytes as Error).message, (fromLines as Error).message);
    assert.match((fromBytes as Error).message, /the record starting on line \d+ is not valid JSON/);
  });
});

const dir = await mkdtemp(join(tmpdir(), 'evalgate-layout-bytes-'));
after(() => rm(dir, { recursive: true, force: true }));

describe('readResultFile from the bytes', () => {
  it('gives the values a parse of the whole file gives, with CRLF and records longer than a read', async () => {
    const value = resultAround([record(0), record(1, '語'.repeat(120_000)), record(2), record(3, 'ü'.repeat(200_000))]);
    for (const crlf of [false, true]) {
      const path = join(dir, `long-${crlf}.json`);
      await writeFile(path, crlf ? textOf(value).replace(/\n/g, '\r\n') : textOf(value));
      const read = await readResultFile(path);
      const whole = JSON.parse(await readFile(path, 'utf8')) as SuiteResult;
      assert.deepEqual([...read.records], whole.records);
      assert.deepEqual({ ...read, records: [] }, { ...whole, records: [] });
    }
  });

  it('names the line of a record that is not JSON, counted in the file', async () => {
    const value = resultAround(Array.from({ length: 30 }, (_, i) => record(i)));
    const text = textOf(value).replace('"caseId": "case-21"', '"caseId": case-21');
    const path = join(dir, 'broken.json');
    await writeFile(path, text.replace(/\n/g, '\r\n'));
    // The line where record 21 starts.
    const lines = text.split('\n');
    const at = lines.findIndex((l, i) => l === '    {' && lines[i + 1] === '      "caseId": case-21,') + 1;
    assert.ok(at > 1);
    await assert.rejects(readResultFile(path), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.ok(
        error.message.startsWith(`${path}:${at}: not valid JSON (the record starting on line ${at} `),
        error.message,
      );
      return true;
    });
  });
});
