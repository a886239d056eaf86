/**
 * A test-only suite kind, `echo`, written against the public SuiteKind interface alone to
 * show that a kind is one unit: its config entry, loading, running, scoring, detail and
 * report lines are all here, and `registerKind` is the only thing that joins it to the
 * engine. Each case is a line of a text file; the model is asked to say it back, and the
 * metric `echoed` is 1 when the reply is the line exactly.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { suiteCommon } from '../../src/core/config/common.ts';
import { configError } from '../../src/core/errors.ts';
import type { RecordOf, SuiteKind } from '../../src/core/kinds/kind.ts';
import type { ModelRequest } from '../../src/ports.ts';
import type { EvalCase } from '../../src/core/types.ts';

/** The kind's name, its `kind:` value. */
export const ECHO = 'echo';

const echoSuite = z.strictObject({
  ...suiteCommon,
  kind: z.literal(ECHO),
  lines: z.string().min(1).describe('A text file: one case per non-empty line.'),
  instruction: z.string().default('Say back exactly this line, nothing else:'),
});
type EchoConfig = z.output<typeof echoSuite>;

const echoDetail = z.strictObject({ expected: z.string() });
type EchoDetail = z.output<typeof echoDetail>;

const digest = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

const MESSAGES = {
  en: (echoed: number, scored: number) => `Echo: ${echoed} of ${scored} replies said the line back exactly.`,
  ja: (echoed: number, scored: number) => `エコー：${scored}件中${echoed}件の応答が行をそのまま返しました。`,
  caseLine: { en: 'Expected line:', ja: '期待した行：' },
} as const;

/** The echo kind. */
export const echoKind: SuiteKind<EchoConfig, EchoDetail> = {
  name: ECHO,
  configSchema: echoSuite,
  detailSchema: echoDetail,
  clusterNoun: 'clusters',
  providers: (suite) => [suite.provider],
  async load(ctx) {
    const s = ctx.suite;
    const bytes = await ctx.readFile(s.lines, ctx.at('lines'), 'lines');
    const text = new TextDecoder().decode(bytes);
    const cases: EvalCase[] = [];
    text.split('\n').forEach((line, i) => {
      if (line.trim() === '') return;
      cases.push({
        id: `line-${i + 1}`,
        inputHash: digest(line),
        inputs: { line },
        source: { file: s.lines, line: i + 1 },
      });
    });
    if (cases.length === 0)
      throw configError(ctx.at('lines'), `${s.lines} has no non-empty line; add one case per line`);
    const provider = ctx.provider(s.provider);
    const testedBody = {
      dataset: { path: s.lines, sha256: digest(text), cases: cases.length },
      templates: {},
      model: provider.model,
      settings: { instruction: s.instruction, repeats: s.repeats },
    };
    const instrumentBody = {
      scoringVersion: 'echo/1',
      primaryMetric: 'echoed',
      metrics: [{ name: 'echoed', binary: true, higherIsBetter: true }],
      settings: {},
    };
    return {
      cases,
      prepare(env) {
        const client = env.client(s.provider);
        const requestOf = (c: EvalCase, repeat: number): ModelRequest => ({
          messages: [{ role: 'user', content: `${s.instruction}\n${c.inputs['line'] ?? ''}` }],
          temperature: provider.temperature,
          seed: provider.seed,
          maxTokens: provider['max-tokens'],
          repeat,
        });
        return {
          name: s.name,
          kind: ECHO,
          cases,
          repeats: s.repeats,
          concurrency: provider.concurrency,
          tested: { ...testedBody, hash: digest(testedBody) },
          instrument: { ...instrumentBody, hash: digest(instrumentBody) },
          pricing: null,
          plan: (c, repeat) => [{ request: requestOf(c, repeat), expectedReply: c.inputs['line'] ?? '' }],
          async runCase(c, repeat): Promise<RecordOf<typeof echoKind>> {
            const request = requestOf(c, repeat);
            const reply = await client.complete(request);
            const expected = c.inputs['line'] ?? '';
            const base = {
              caseId: c.id,
              repeat,
              inputHash: c.inputHash,
              request: { messages: [...request.messages] },
              latencyMs: reply.latencyMs,
              attempts: reply.trace?.attempts ?? 1,
              cached: reply.trace?.cached ?? false,
              detail: { expected },
            };
            // A failed call is an error record, never a score; a refusal is a failed echo.
            if (reply.status === 'error')
              return { ...base, status: 'error', scores: null, reply: null, usage: null, error: reply.error };
            if (reply.status === 'refused')
              return {
                ...base,
                status: 'refused',
                scores: { echoed: 0 },
                reply: { text: reply.message, servedModel: reply.servedModel, fingerprint: null, finishReason: null },
                usage: null,
                error: null,
              };
            return {
              ...base,
              status: 'scored',
              scores: { echoed: reply.text.trim() === expected ? 1 : 0 },
              reply: { text: reply.text, servedModel: reply.servedModel, fingerprint: null, finishReason: null },
              usage: reply.usage,
              error: null,
            };
          },
        };
      },
    };
  },
  report: {
    suiteLines(result, _baseline, ctx) {
      const scored = result.records.filter((r) => r.scores !== null);
      const echoed = scored.filter((r) => r.scores?.['echoed'] === 1).length;
      return [MESSAGES[ctx.language](echoed, scored.length)];
    },
    caseLines(change, _result, _baseline, ctx) {
      const expected = change.candidateDetail?.['expected'];
      return typeof expected === 'string' ? [`${MESSAGES.caseLine[ctx.language]} \`${expected}\``, ''] : [];
    },
  },
  planNote: 'Echo suites: one call per line and repeat.',
};
