/**
 * The prompt kind as one unit, member by member as the SuiteKind interface of the kind
 * registry names them: the `kind:` value, its config keys, the providers a suite calls,
 * loading, the detail schema of its records, report lines, and the init example. Until the
 * registry exists the current code calls these members at the places marked
 * `wiring: prompt kind`.
 */
import { PROMPT_SUITE_SHAPE, promptJudges, type AssertionConfig } from './config.ts';
import { promptStarterFiles } from './init.ts';
import { loadPromptSuite } from './load.ts';
import { promptCaseLines, promptSuiteLines } from './report.ts';
import { promptDetailSchema } from './suite.ts';

export const promptKind = {
  name: 'prompt',
  /** The kind's own keys; the registry adds the common ones (name, provider, repeats, gate). */
  configShape: PROMPT_SUITE_SHAPE,
  /** Target first, then the judges of judge assertions. */
  providers: (config: { provider: string; assert: readonly AssertionConfig[] }): string[] => [
    config.provider,
    ...promptJudges(config.assert).filter((j) => j !== config.provider),
  ],
  load: loadPromptSuite,
  detailSchema: promptDetailSchema,
  report: { suiteLines: promptSuiteLines, caseLines: promptCaseLines },
  /** Python assertions run in the Pyodide sandbox, which needs Node's permission model. */
  needsSandbox: (config: { assert: readonly AssertionConfig[] }): boolean =>
    config.assert.some((a) => a.type === 'python'),
  initExample: promptStarterFiles,
} as const;
