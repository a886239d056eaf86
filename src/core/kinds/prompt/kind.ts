/**
 * The prompt kind as one unit: a team's own templates filled from any dataset's columns,
 * every reply checked by a list of assertions, gated on the share of cases that pass them.
 */
import { SANDBOX_NODE_MAJOR } from '../round-trip/kind.ts';
import type { SuiteKind } from '../kind.ts';
import { PROMPT, promptJudges, promptSuite, type PromptSuiteConfig } from './config.ts';
import { promptStarterFiles } from './init.ts';
import { loadPromptSuite } from './load.ts';
import { promptCaseLines, promptCaseSections, promptSuiteLines } from './report.ts';
import type { z } from 'zod';
import { promptDetailSchema } from './suite.ts';
import { flaggedCases } from '../judged/manipulation.ts';

/** A prompt record's detail as read back from a result file (each assertion's verdict). */
export type PromptRecordDetail = z.output<typeof promptDetailSchema>;

/** Whether a suite has python assertions, which run in the Pyodide sandbox. */
const needsSandbox = (suite: PromptSuiteConfig): boolean => suite.assert.some((a) => a.type === 'python');

/** The prompt suite kind. */
export const promptKind: SuiteKind<PromptSuiteConfig, PromptRecordDetail> = {
  name: PROMPT,
  configSchema: promptSuite,
  detailSchema: promptDetailSchema,
  clusterNoun: 'clusters',
  // Every prompt metric is a share of assertions passed: a failed case passes none.
  worstScore: () => 0,
  // Target first, then the judges of judge assertions.
  providers: (suite) => [suite.provider, ...promptJudges(suite.assert).filter((j) => j !== suite.provider)],
  // Every judge of a judge assertion, the target too when it grades its own replies.
  judgeProviders: (suite) => promptJudges(suite.assert),
  providerKey(suite, name) {
    const at = suite.assert.findIndex(
      (a) => a.type === 'judge' && (Array.isArray(a.judge) ? a.judge : [a.judge]).includes(name),
    );
    return at < 0 ? 'provider' : ['assert', at, 'judge'];
  },
  async load(ctx) {
    const suite = ctx.suite;
    const judges = promptJudges(suite.assert);
    const loaded = await loadPromptSuite({
      suite,
      provider: ctx.provider(suite.provider),
      providers: Object.fromEntries(judges.map((name) => [name, ctx.provider(name)])),
      at: (...path) => ctx.at(...path),
      read: (path, where, what) => ctx.readFile(path, where, what),
      readStream: (path, where, what) => ctx.readStream(path, where, what),
      cases: (file) => ctx.cases(file),
      readInstrument: (path, where, what) => ctx.readInstrumentFile(path, where, what),
      manipulationCheck: ctx.gate['manipulation-check'],
      warn: (problem) => ctx.warn(problem),
    });
    return {
      cases: loaded.cases,
      caseCount: loaded.caseCount,
      ...(judges.length > 0 ? { judges } : {}),
      prepare: (env) =>
        loaded.prepare(
          (provider) => env.client(provider),
          (timeoutMs) => env.runner('pyodide', timeoutMs),
          (material) => env.nonce(material),
        ),
    };
  },
  // Replies that judge assertions grade are screened like judged answers.
  flaggedCases: (records) => flaggedCases(records),
  report: {
    suiteLines: (result, baseline, ctx) => promptSuiteLines(result, baseline, ctx.language),
    caseLines: (change, _result, _baseline, ctx) => promptCaseLines(change.candidateDetail, ctx.language),
    caseSections: (record, ctx) => promptCaseSections(record, ctx.language),
  },
  runtimeProblem(suite, nodeVersion) {
    const major = Number(nodeVersion.split('.')[0]);
    if (!needsSandbox(suite) || !Number.isFinite(major) || major >= SANDBOX_NODE_MAJOR) return null;
    return `python assertions run in the pyodide sandbox, which needs Node ${SANDBOX_NODE_MAJOR} or later for its permission model; this is Node ${nodeVersion}. Run evalgate with Node ${SANDBOX_NODE_MAJOR} (actions/setup-node with node-version: 24), or leave this suite out by naming the others with --suite NAME (run, validate and plan take it)`;
  },
  initExample: () => promptStarterFiles(),
};
