/**
 * The action edge. For now it runs the same engine as the CLI on the configured suites,
 * publishes the report as the job summary and files, sets outputs, and fails the step on
 * a failing verdict. `run()` owns the one try/catch and is the only place that fails.
 */
import * as core from '@actions/core';
import { dirname, join, resolve } from 'node:path';
import { createFsRunStore, createFsWorkspace } from '../adapters/fs-store.ts';
import { createClientFactory } from '../adapters/providers.ts';
import { newRunId, systemClock } from '../adapters/system.ts';
import { runEvaluation } from '../core/engine.ts';
import { ConfigError } from '../core/errors.ts';
import { TOOL_VERSION } from '../version.ts';
import { readInputs } from './inputs.ts';
import { readFile } from 'node:fs/promises';

/** Runs the action. */
export async function run(): Promise<void> {
  try {
    const inputs = readInputs();
    const configPath = resolve(inputs.workingDirectory, inputs.config);
    const root = dirname(configPath);
    const outDir = resolve(inputs.workingDirectory, inputs.outDir);
    const store = createFsRunStore(outDir, join(root, 'baselines'));
    let configText: string;
    try {
      configText = await readFile(configPath, 'utf8');
    } catch {
      throw new ConfigError({ file: inputs.config }, `${inputs.config} does not exist in ${inputs.workingDirectory}; set the "config" input`);
    }
    const outcome = await runEvaluation(
      { configText, configFile: inputs.config, suites: inputs.suites, updateBaseline: inputs.mode === 'baseline' },
      {
        workspace: createFsWorkspace(root), store, clock: systemClock, toolVersion: TOOL_VERSION, newRunId,
        logger: { info: (m) => core.info(m), warn: (m) => core.warning(m) },
        createClient: createClientFactory(process.env, inputs.config),
      },
    );
    await core.summary.addRaw(outcome.report).write();
    core.setOutput('verdict', outcome.summary.verdict);
    core.setOutput('regressed-suites', outcome.summary.suites.filter((s) => s.verdict === 'regression').map((s) => s.name).join(','));
    core.setOutput('report-path', join(outDir, 'report.md'));
    core.setOutput('summary-path', join(outDir, 'summary.json'));
    if (outcome.exitCode !== 0) core.setFailed(`evalgate: ${outcome.summary.verdict}`);
  } catch (error) {
    if (error instanceof ConfigError) core.setFailed(error.message);
    else core.setFailed(`evalgate: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}
