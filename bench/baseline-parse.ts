// bench/baseline-parse — the heap a baseline's records hold once parsed: each record parsed
// on its own with JSON.parse (one string per value per record, as before), against
// parseResultLines, which gives a record the previous record's string where the two are
// equal (the system prompt, the model's name …). Prints bytes per record and their ratio,
// measured in this run after full collections; asserts nothing.
//
//   npm run bench:baseline-parse [-- --records 20000 --system-chars 2000]
//
// The records are synthetic, laid out as a run writes them (resultChunks): a system prompt
// of --system-chars characters shared by every case, and a question, context, expected
// answer and reply of their own.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parseResultLines, resultChunks } from '../src/core/result-stream.ts';
import type { CaseRecord, SuiteResult } from '../src/core/types.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? String(process.argv[i + 1]) : fallback;
}
const RECORDS = Number(arg('records', '20000'));
const SYSTEM_CHARS = Number(arg('system-chars', '2000'));

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
function heap(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

const system = 'Answer from the text only. '.repeat(Math.ceil(SYSTEM_CHARS / 27)).slice(0, SYSTEM_CHARS);
function record(i: number): CaseRecord {
  const target = `Target ${i}: copy this line exactly, word ${i * 7} included.`;
  return {
    caseId: `c${String(i).padStart(6, '0')}`,
    repeat: 0,
    inputHash: (i * 2654435761).toString(16).padStart(64, '0'),
    status: 'scored',
    scores: { 'exact-match': 1, 'edit-distance': 0 },
    request: {
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: `<context>\nFiller ${i}.\n${target}\nFiller ${i} two.\n</context>` },
      ],
    },
    reply: { text: target, servedModel: 'bench-model', fingerprint: null, finishReason: 'stop' },
    usage: { inputTokens: 40, outputTokens: 12 },
    latencyMs: 50,
    error: null,
    attempts: 1,
    cached: false,
    detail: { expected: target, question: `Which line names target ${i}?` },
  };
}
const result = {
  runId: 'bench',
  records: Array.from({ length: RECORDS }, (_, i) => record(i)),
} as unknown as SuiteResult;
const lines = [...resultChunks(result)].join('').replace(/\n$/, '').split('\n');
result.records.length = 0;

/** Heap held by what `parse` returns, in bytes per record. */
async function held(parse: () => Promise<unknown>): Promise<number> {
  const before = heap();
  const value = await parse();
  const after = heap();
  if ((value as { records: unknown[] }).records.length !== RECORDS) throw new Error('records lost');
  return (after - before) / RECORDS;
}
/** Each record on its own with JSON.parse, as parseResultLines read them before sharing. */
async function separately(): Promise<unknown> {
  const records: unknown[] = [];
  let current: string[] = [];
  for (const line of lines) {
    if (line === '    {') current = [];
    current.push(line);
    if (line === '    }' || line === '    },') records.push(JSON.parse(current.join('\n').replace(/,$/, '')));
  }
  return { records };
}
const before = await held(separately);
const after = await held(() => parseResultLines(lines));
process.stdout.write(
  `bench/baseline-parse: ${RECORDS.toLocaleString('en-US')} records, a ${SYSTEM_CHARS.toLocaleString('en-US')}-character system prompt; ${process.version}.\n\n` +
    `| parse | heap per record (bytes) |\n|---|---:|\n` +
    `| each record on its own (JSON.parse) | ${before.toFixed(0)} |\n` +
    `| parseResultLines (repeated strings shared) | ${after.toFixed(0)} |\n\n` +
    `shared ÷ separate: ${(after / before).toFixed(3)}\n`,
);
