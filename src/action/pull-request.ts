/**
 * What the event says about trust. Pull requests (`pull_request`, `pull_request_target`)
 * and merge queues (`merge_group`) are judged by their base commit: the config's
 * endpoints, keys, executors, gate and instrument come from there (core/trust.ts), and
 * the PR's files are data. `pull_request_target` runs with the repository's secrets, so
 * it must have the PR's head checked out (or evalgate would grade the base and pass a PR
 * it never looked at), and it never runs model code on the host.
 */
import type * as github from '@actions/github';
import { ConfigError } from '../core/errors.ts';
import type { GitRepo } from '../adapters/git.ts';
import { pullRequestOf, type PullRequestInfo } from './github.ts';

/** The event, as far as evaluation is concerned. */
export interface EventInfo {
  name: string;
  /** The pull request (pull_request, pull_request_target), else null. */
  pr: PullRequestInfo | null;
  /** The commits compared: base (trusted) and head (judged); null for push and others. */
  range: { base: string; head: string } | null;
  /** The head comes from another repository (a fork). */
  fork: boolean;
  /** pull_request_target: the workflow of the base branch, with secrets, on a PR's code. */
  target: boolean;
}

/**
 * Events whose checkout is the repository's own history (a push, a run someone with write
 * access started): the checked-out config is trusted as it is. Every other event that is
 * not a pull request or a merge queue refuses to run unless trust-pr-config says the
 * checkout is trusted — `workflow_run`, `issue_comment` and the like often check out a
 * pull request's head with the repository's secrets, and have no base to judge it by.
 */
export const TRUSTED_CHECKOUT_EVENTS: readonly string[] = [
  'push',
  'workflow_dispatch',
  'schedule',
  'repository_dispatch',
  'release',
  'workflow_call',
  '',
];

/** Events that carry a pull request in their payload and are judged like `pull_request`. */
const PULL_REQUEST_EVENTS: readonly string[] = [
  'pull_request',
  'pull_request_target',
  'pull_request_review',
  'pull_request_review_comment',
];

/** Reads the event. */
export function eventOf(context: typeof github.context): EventInfo {
  const name = context.eventName;
  if (PULL_REQUEST_EVENTS.includes(name)) {
    const pr = pullRequestOf(context);
    return {
      name,
      pr,
      range: pr ? { base: pr.baseSha, head: pr.headSha } : null,
      fork: pr?.fromFork ?? false,
      target: name === 'pull_request_target',
    };
  }
  if (name === 'merge_group') {
    const mg = context.payload['merge_group'] as { base_sha?: string; head_sha?: string } | undefined;
    if (mg?.base_sha && mg.head_sha)
      return { name, pr: null, range: { base: mg.base_sha, head: mg.head_sha }, fork: false, target: false };
    throw new ConfigError(
      { file: 'workflow', path: 'merge_group' },
      'evalgate: the merge_group event has no base_sha and head_sha, so nothing can be judged; this is not a payload GitHub sends',
    );
  }
  return { name, pr: null, range: null, fork: false, target: false };
}

/** The checkout step a pull_request_target workflow needs, for messages. */
export const TARGET_CHECKOUT = [
  '- uses: actions/checkout@v5',
  '  with:',
  '    ref: ${{ github.event.pull_request.head.sha }}',
  '    persist-credentials: false',
].join('\n');

/**
 * On pull_request_target the default checkout is the base branch. Evaluating it would
 * find nothing changed and pass a PR nobody looked at: fail instead, showing the step.
 */
export async function requirePullRequestCheckout(git: GitRepo, pr: PullRequestInfo): Promise<void> {
  const head = await git.head();
  if (head === pr.headSha) return;
  const parents = await git.parents(head).catch((): string[] => []);
  if (parents.length === 2 && parents.includes(pr.headSha)) return; // the PR's merge commit
  throw new ConfigError(
    { file: 'workflow', path: 'checkout' },
    `evalgate: on pull_request_target the checkout is ${head.slice(0, 7)}, not the pull request's head ${pr.headSha.slice(0, 7)}: evaluating it would grade the base branch, so nothing was evaluated. Check out the head, without credentials, before evalgate:\n${TARGET_CHECKOUT}\nevalgate then reads the config from the base commit and uses the pull request's files only as data (see examples/workflows/fork-prs.yml).`,
  );
}
