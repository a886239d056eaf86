/**
 * The engine's model-calling outside world, built the same way by both edges (CLI `run` and
 * the action): the provider clients with their response cache and budget, the record-log
 * authenticator, the judge-prompt nonce, the code runners, the clock and run ids. The edges
 * add only what is theirs — workspace, store, logger, progress, report language.
 */
import type { ConfigFile } from '../core/config/schema.ts';
import type { EngineDeps } from '../core/engine.ts';
import { TOOL_VERSION } from '../version.ts';
import { createCodeRunnerFactory, sandboxCacheDir, sandboxNode } from './code-runners.ts';
import { createClientFactory, runAuthenticator, type ClientFactoryOptions } from './providers.ts';
import { judgeNonceSource, newRunId, systemClock } from './system.ts';

/** The parts of EngineDeps that call models and run code. */
export type CallingDeps = Pick<
  EngineDeps,
  | 'clock'
  | 'toolVersion'
  | 'newRunId'
  | 'nonce'
  | 'createClient'
  | 'rejectedCacheEntries'
  | 'adaptations'
  | 'authenticator'
  | 'createCodeRunner'
>;

/**
 * Builds the calling deps of one run from the environment (keys, cache key, sandbox cache)
 * and the parsed config's providers. `configFile` names the config in error messages.
 */
export function createCallingDeps(
  env: Readonly<Record<string, string | undefined>>,
  configFile: string,
  config: Pick<ConfigFile, 'providers'>,
  options: ClientFactoryOptions,
): CallingDeps {
  const providers = Object.values(config.providers);
  const createClient = createClientFactory(env, configFile, options);
  const authenticator = runAuthenticator(env, providers, 'record-log');
  return {
    clock: systemClock,
    toolVersion: TOOL_VERSION,
    newRunId,
    nonce: judgeNonceSource(runAuthenticator(env, providers, 'judge-token')),
    createClient,
    rejectedCacheEntries: () => createClient.rejectedCacheEntries(),
    adaptations: () => createClient.adaptations(),
    ...(authenticator ? { authenticator } : {}),
    createCodeRunner: createCodeRunnerFactory({ snapshotCacheDir: sandboxCacheDir(env), node: sandboxNode(env) }),
  };
}
