/**
 * The judged kind as one unit: the target answers each task, one or more judges grade
 * the answer (1–5, or pairwise against the baseline's answer), and the report shows the
 * distribution, agreement and reasons. Judge templates are instrument files: on a pull
 * request they are read from the base commit.
 */
import { configError } from '../../errors.ts';
import { sha256Hex } from '../../hash.ts';
import { loadTemplate } from '../../templates.ts';
import { recordColumns } from '../../stored-records.ts';
import type { CaseRecord, SuiteResult } from '../../types.ts';
import { loadAnswerInputs } from '../answer-inputs.ts';
import type { SuiteKind } from '../kind.ts';
import { builtinJudgeTemplate } from './builtin-templates.ts';
import { JUDGED, judgedSuite, judgesOf, type JudgedSuiteConfig } from './config.ts';
import { readJudgedDataset, resolveColumns } from './dataset.ts';
import { judgedDetail, type JudgedDetail } from './detail.ts';
import { flaggedCases } from './manipulation.ts';
import { rejudgeResult } from './rejudge.ts';
import { judgedStarterFiles } from './init.ts';
import { judgedCaseLines, judgedCaseSections, judgedSuiteLines } from './report.ts';
import {
  ANSWER_PLACEHOLDERS,
  JUDGE_PLACEHOLDERS,
  PAIRWISE_PLACEHOLDERS,
  prepareJudgedSuite,
  type JudgedInputs,
} from './suite.ts';

/** The judged suite kind. */
export const judgedKind: SuiteKind<JudgedSuiteConfig, JudgedDetail> = {
  name: JUDGED,
  configSchema: judgedSuite,
  detailSchema: judgedDetail,
  clusterNoun: 'clusters',
  // A failed case: the lowest grade, or a loss against the baseline's answer.
  worstScore: (metric) => (metric === 'score' ? 1 : metric === 'net-win' ? -1 : null),
  providers: (suite) => [suite.provider, ...judgesOf(suite)],
  judgeProviders: (suite) => judgesOf(suite),
  preparesWithBaseline: (suite) => suite.mode === 'pairwise',
  providerKey: () => 'judge',
  async load(ctx) {
    const s = ctx.suite;
    const inputs = await loadAnswerInputs(ctx, ANSWER_PLACEHOLDERS, 'input', 'task');
    const provider = ctx.provider(s.provider);
    const columns = typeof s.dataset === 'string' ? undefined : s.dataset.columns;
    const collected = ctx.cases(inputs.datasetPath);
    await readJudgedDataset(
      inputs.source.chunks,
      inputs.datasetPath,
      inputs.format,
      resolveColumns(columns),
      collected,
    );
    const cases = collected.cases;
    const dataset = { path: inputs.datasetPath, sha256: inputs.source.sha256() };
    const judgeNames = judgesOf(s);
    const judgeAllowed = s.mode === 'pairwise' ? PAIRWISE_PLACEHOLDERS : JUDGE_PLACEHOLDERS;
    let judgeTemplate: JudgedInputs['judgeTemplate'];
    if (s.templates.judge !== undefined) {
      // The judge template measures: on a pull request it is read from the base commit.
      const t = loadTemplate(
        await ctx.readInstrumentFile(s.templates.judge, ctx.at('templates', 'judge'), 'template'),
        s.templates.judge,
        judgeAllowed,
        ctx.at('templates', 'judge'),
        (problem) => ctx.warn(problem),
      );
      const missing = judgeAllowed.filter((p) => p !== 'criteria' && !t.placeholders.includes(p));
      if (missing.length > 0)
        throw configError(
          ctx.at('templates', 'judge'),
          `judge template ${s.templates.judge} must use ${missing.map((m) => `{${m}}`).join(' ')}: the judge cannot grade what it is not shown`,
        );
      judgeTemplate = { id: `file:${s.templates.judge}`, sha256: t.sha256, text: t, language: s['judge-language'] };
    } else {
      const builtin = builtinJudgeTemplate(s.mode, s['judge-language']);
      const bytesOf = new TextEncoder().encode(builtin.text);
      judgeTemplate = {
        id: builtin.id,
        sha256: sha256Hex(bytesOf),
        text: loadTemplate(bytesOf, builtin.id, judgeAllowed, ctx.at('templates')),
        language: s['judge-language'],
      };
    }
    return {
      cases,
      caseCount: collected.count,
      judges: judgeNames,
      prepare: (env) => {
        const prepared = prepareJudgedSuite({
          suite: s,
          provider,
          client: env.client(s.provider),
          cases,
          templates: inputs.templates,
          dataset,
          judgeTemplate,
          judges: judgeNames.map((name) => ({ name, provider: ctx.provider(name), client: env.client(name) })),
          baselineAnswers: s.mode === 'pairwise' && env.baseline ? answersOf(env.baseline) : null,
          nonce: (material) => env.nonce(material),
          manipulationCheck: ctx.gate['manipulation-check'],
        });
        const readCases = collected.readCases;
        return readCases ? { ...prepared, readCases } : prepared;
      },
      rejudge: (request) =>
        rejudgeResult({
          ...request,
          file: ctx.file,
          config: s,
          judging: { template: judgeTemplate, judges: judgeNames },
        }),
    };
  },
  flaggedCases: (records) => flaggedCases(records),
  report: {
    suiteLines: (result, baseline, ctx) => judgedSuiteLines(result, baseline, result.tested.model, ctx),
    caseLines: (change, _result, _baseline, ctx) => judgedCaseLines(change, ctx),
    caseSections: (record, ctx) => judgedCaseSections(record, ctx),
  },
  initExample: () => judgedStarterFiles(),
};

/** The first valid answer of each case in a result, for pairwise judging. */
function answersOf(result: SuiteResult): Pick<ReadonlyMap<string, { inputHash: string; text: string }>, 'get'> {
  // A baseline left in its file (stored-records.ts): each case's answering record by number,
  // its text read again when the case is judged, so the run does not hold every answer.
  const columns = recordColumns(result.records);
  if (columns) {
    const at = new Map<string, number>();
    for (let k = 0; k < columns.caseId.length; k++) {
      const id = columns.caseId.get(k);
      if (columns.status.get(k) !== 1 && !at.has(id)) {
        const r = result.records[k] as CaseRecord;
        if (r.reply) at.set(id, k);
      }
    }
    return {
      get: (id) => {
        const k = at.get(id);
        if (k === undefined) return undefined;
        const r = result.records[k] as CaseRecord;
        return { inputHash: r.inputHash, text: (r.reply as NonNullable<CaseRecord['reply']>).text };
      },
    };
  }
  const out = new Map<string, { inputHash: string; text: string }>();
  for (const r of result.records) {
    if (r.reply && r.status !== 'error' && !out.has(r.caseId))
      out.set(r.caseId, { inputHash: r.inputHash, text: r.reply.text });
  }
  return out;
}
