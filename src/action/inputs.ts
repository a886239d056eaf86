/**
 * The action's inputs, read once into a frozen, validated object (ARCHITECTURE rule 2).
 * API keys are never inputs: they reach the engine as the environment variables the
 * config names.
 */
import * as core from '@actions/core';
import { ConfigError } from '../core/errors.ts';

/** The validated inputs. */
export interface ActionInputs {
  config: string;
  mode: 'run' | 'baseline';
  workingDirectory: string;
  outDir: string;
  suites: string[];
}

/** Reads and checks the inputs. */
export function readInputs(): Readonly<ActionInputs> {
  const mode = core.getInput('mode') || 'run';
  if (mode !== 'run' && mode !== 'baseline') {
    throw new ConfigError({ file: 'action inputs', path: 'mode' }, `input "mode": expected one of run, baseline, got ${JSON.stringify(mode)}`);
  }
  return Object.freeze({
    config: core.getInput('config') || 'evalgate.yml',
    mode,
    workingDirectory: core.getInput('working-directory') || '.',
    outDir: core.getInput('out-dir') || 'evalgate-out',
    suites: core.getMultilineInput('suites').filter((s) => s.trim() !== ''),
  });
}
