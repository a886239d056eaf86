/**
 * The round-trip kind as one unit: a folder of tasks, each walked from description to code
 * and back for a number of cycles, the model's code run against the task's tests by an
 * executor (the pyodide sandbox by default). Its L2-Score counts the cycles that passed.
 */
import { z } from 'zod';
import { configError } from '../../errors.ts';
import { loadTemplate, type Template } from '../../templates.ts';
import type { SuiteKind } from '../kind.ts';
import { ROUND_TRIP, roundTripSuite, type RoundTripSuiteConfig } from './config.ts';
import { roundTripStarterFiles } from './init.ts';
import { crossLanguageLines, roundTripCaseLines, roundTripCaseSections, roundTripSuiteLines } from './report.ts';
import { CODE_TO_NL_PLACEHOLDERS, NL_TO_CODE_PLACEHOLDERS, prepareRoundTripSuite } from './suite.ts';
import { loadTasks } from './tasks.ts';

/** The Node major version the sandbox needs: its permission model (docs/design/sandbox.md). */
export const SANDBOX_NODE_MAJOR = 24;

/**
 * What a round-trip record keeps beside its scores (RoundTripDetail): where the walk
 * stopped and why, each cycle's description, code and checks, and the executor. Loose and
 * optional: an error record of the machinery has none of it.
 */
const roundTripDetail = z.looseObject({
  stage: z.string().optional(),
  stoppedAt: z.number().nullable().optional(),
  message: z.string().optional(),
  cycles: z.array(z.looseObject({})).optional(),
  executor: z.string().optional(),
  isolated: z.boolean().optional(),
});
/** A round-trip record's detail as read back. */
export type RoundTripRecordDetail = z.output<typeof roundTripDetail>;

/** The round-trip suite kind. */
export const roundTripKind: SuiteKind<RoundTripSuiteConfig, RoundTripRecordDetail> = {
  name: ROUND_TRIP,
  configSchema: roundTripSuite,
  detailSchema: roundTripDetail,
  clusterNoun: 'tasks',
  // No cycle passed.
  worstScore: (metric) => (metric === 'l2-score' || metric === 'full-success' ? 0 : null),
  providers: (suite) => [suite.provider],
  async load(ctx) {
    const s = ctx.suite;
    const template = async (
      role: 'nl-to-code' | 'code-to-nl',
      allowed: readonly string[],
      required: string,
    ): Promise<Template> => {
      const path = s.templates[role];
      const t = loadTemplate(
        await ctx.readFile(path, ctx.at('templates', role), 'template'),
        path,
        allowed,
        ctx.at('templates', role),
        (problem) => ctx.warn(problem),
      );
      if (!t.placeholders.includes(required))
        throw configError(
          ctx.at('templates', role),
          `template ${path} must use {${required}}: the model cannot ${role === 'nl-to-code' ? 'write code for a description' : 'describe code'} it is not shown`,
        );
      return t;
    };
    const templates = {
      'nl-to-code': await template('nl-to-code', NL_TO_CODE_PLACEHOLDERS, 'description'),
      'code-to-nl': await template('code-to-nl', CODE_TO_NL_PLACEHOLDERS, 'code'),
    };
    const folder = await ctx.workspace.locate(s.tasks);
    if (folder.status === 'refused') throw configError(ctx.at('tasks'), `tasks path "${s.tasks}" ${folder.reason}`);
    const tasks = await loadTasks(ctx.workspace, s.tasks, s.language, ctx.at('tasks'));
    const provider = ctx.provider(s.provider);
    return {
      cases: tasks.cases,
      prepare: (env) =>
        prepareRoundTripSuite({
          suite: s,
          provider,
          client: env.client(s.provider),
          cases: tasks.cases,
          templates,
          dataset: { path: s.tasks, sha256: tasks.sha256 },
          runner: () => env.runner(s.executor, s['timeout-ms']),
        }),
    };
  },
  report: {
    suiteLines: (result, baseline, ctx) => roundTripSuiteLines(result, baseline, ctx),
    caseLines: (change, result, baseline, ctx) => roundTripCaseLines(change.caseId, result, baseline, ctx),
    runLines: (results, ctx) => crossLanguageLines(results, ctx),
    caseSections: (record, ctx) => roundTripCaseSections(record, ctx),
  },
  planNote:
    'Round-trip suites: the most their walks can make (two calls per cycle, every cycle run); a walk that stops early makes fewer.',
  runtimeProblem(suite, nodeVersion) {
    const major = Number(nodeVersion.split('.')[0]);
    if (suite.executor !== 'pyodide' || !Number.isFinite(major) || major >= SANDBOX_NODE_MAJOR) return null;
    return `round-trip suites run model code in the pyodide sandbox, which needs Node ${SANDBOX_NODE_MAJOR} or later for its permission model; this is Node ${nodeVersion}. Run evalgate with Node ${SANDBOX_NODE_MAJOR} (actions/setup-node with node-version: 24), or leave this suite out by naming the others with --suite NAME (run, validate and plan take it)`;
  },
  initExample: () => roundTripStarterFiles(),
  unsafeExecutor: (suite) => (suite.executor === 'pyodide' ? null : suite.executor),
  withSafeExecutor: (suite) => ({ ...suite, executor: 'pyodide' }),
};
