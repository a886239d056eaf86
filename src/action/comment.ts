/**
 * The one report comment per config, over its whole life: found by the config's marker on
 * its first line and a bot author (no `GET /user`, which installation tokens — the
 * workflow's GITHUB_TOKEN and GitHub Apps' — cannot call), stamped with the head commit and
 * the run, never replaced by an older run's report, and turned into "could not evaluate
 * this commit" when a later run fails before it has a verdict.
 */
import * as github from '@actions/github';
import { posix, resolve } from 'node:path';
import { openGitRepo } from '../adapters/git.ts';
import type { ReportLanguage } from '../core/report/messages.ts';
import {
  hasMarker,
  isNewerStamp,
  maskSecrets,
  readStamp,
  renderNotEvaluated,
  reportMarker,
  type RunStamp,
  type StampLinks,
} from '../core/report/status.ts';
import type { PullRequestInfo } from './github.ts';

/** Where the comment goes and what it will say it describes. */
export interface CommentTarget {
  token: string;
  pr: PullRequestInfo;
  marker: string;
  /** The default config also owns comments made before markers named a config. */
  legacy: boolean;
  stamp: RunStamp;
  links: StampLinks;
  language: ReportLanguage;
}

/** What writing the comment did. */
export type CommentWrite =
  | { kind: 'created' | 'updated'; url: string }
  | { kind: 'kept-newer'; url: string; existing: RunStamp }
  | { kind: 'none' };

/** The config's path as the comment names it: relative to the repository, with / separators. */
export function configIdOf(workingDirectory: string, config: string): string {
  return posix
    .normalize(posix.join(workingDirectory.split('\\').join('/'), config.split('\\').join('/')))
    .replace(/^\.\//, '');
}

/** Builds the target from the inputs, the pull request and the run's environment. */
export async function commentTargetOf(
  options: { token: string; workingDirectory: string; config: string; language: ReportLanguage },
  pr: PullRequestInfo,
): Promise<CommentTarget> {
  const ctx = github.context;
  const configId = configIdOf(options.workingDirectory, options.config);
  const workspace = resolve(process.env['GITHUB_WORKSPACE'] ?? '.', options.workingDirectory);
  const commitTime = await openGitRepo(workspace)
    .commitTime(pr.headSha)
    .catch(() => null);
  const run = Number.isFinite(ctx.runId) ? ctx.runId : null;
  const attempt = Number.isFinite(ctx.runAttempt) && ctx.runAttempt > 0 ? ctx.runAttempt : 1;
  const repoUrl = `${ctx.serverUrl}/${pr.owner}/${pr.repo}`;
  return {
    token: options.token,
    pr,
    marker: reportMarker(configId),
    legacy: configId === 'evalgate.yml',
    stamp: { sha: pr.headSha, run, attempt, commitTime },
    links: {
      commit: `${repoUrl}/pull/${pr.number}/commits/${pr.headSha}`,
      run: run === null ? null : `${repoUrl}/actions/runs/${run}${attempt > 1 ? `/attempts/${attempt}` : ''}`,
    },
    language: options.language,
  };
}

type Octokit = ReturnType<typeof github.getOctokit>;
interface ListedComment {
  id: number;
  body?: string | undefined;
  html_url: string;
  user?: { login: string; type?: string } | null;
}

/** The login of a personal access token's user, or null for installation tokens (403). */
async function tokenUserLogin(octokit: Octokit): Promise<string | null> {
  try {
    return (await octokit.rest.users.getAuthenticated()).data.login;
  } catch {
    return null;
  }
}

/**
 * Our comment's candidates among all of the pull request's comments (every page), most
 * recent first. A comment is a candidate when its first line is this config's marker and
 * a bot wrote it: anyone can type the marker, but only an app's token writes as a bot.
 * Which bot we are is not asked (installation tokens cannot call GET /user); a bot's
 * comment that is not ours refuses the edit and the next candidate is tried. A personal
 * access token writes as its user; only when a user's comment carries the marker is that
 * user asked for, once, and only their own comment is a candidate.
 */
async function ownCandidates(octokit: Octokit, target: CommentTarget): Promise<ListedComment[]> {
  const { pr } = target;
  const comments = (await octokit.paginate(octokit.rest.issues.listComments, {
    owner: pr.owner,
    repo: pr.repo,
    issue_number: pr.number,
    per_page: 100,
  })) as ListedComment[];
  const marked = comments.filter((c) => hasMarker(c.body ?? '', target.marker, target.legacy)).reverse();
  const byBot = marked.filter((c) => c.user?.type === 'Bot');
  const byUser = marked.filter((c) => c.user?.type !== 'Bot');
  if (byUser.length === 0) return byBot;
  const login = await tokenUserLogin(octokit);
  return [...byBot, ...byUser.filter((c) => login !== null && c.user?.login === login)];
}

/**
 * Writes the body into our comment — the comments are read just before writing, and a
 * comment that already describes a newer run is left alone — or creates it when `create`
 * allows and none of the candidates is ours.
 */
export async function writeComment(
  target: CommentTarget,
  body: string,
  options: { create: boolean },
): Promise<CommentWrite> {
  const octokit = github.getOctokit(target.token);
  const { pr } = target;
  let refused: unknown = null;
  for (const own of await ownCandidates(octokit, target)) {
    const existing = readStamp(own.body ?? '');
    if (existing && isNewerStamp(existing, target.stamp)) return { kind: 'kept-newer', url: own.html_url, existing };
    try {
      const { data } = await octokit.rest.issues.updateComment({
        owner: pr.owner,
        repo: pr.repo,
        comment_id: own.id,
        body,
      });
      return { kind: 'updated', url: data.html_url };
    } catch (error) {
      // Another bot's comment (an app replaced by another): not ours, try the next one.
      if ((error as { status?: number }).status !== 403) throw error;
      refused ??= error;
    }
  }
  if (!options.create) {
    if (refused) throw refused;
    return { kind: 'none' };
  }
  const { data } = await octokit.rest.issues.createComment({
    owner: pr.owner,
    repo: pr.repo,
    issue_number: pr.number,
    body,
  });
  return { kind: 'created', url: data.html_url };
}

/** Values in the environment that look like secrets, plus the GitHub token. */
export function secretValues(env: NodeJS.ProcessEnv, token: string): string[] {
  const out = [token];
  for (const [name, value] of Object.entries(env)) {
    if (value && /KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL|AUTH/i.test(name)) out.push(value);
  }
  return out.filter((v) => v.length >= 6);
}

/**
 * Turns an existing comment into "could not evaluate this commit", with the reason
 * (secrets masked). Creates nothing: a pull request without a comment keeps none.
 */
export async function markNotEvaluated(target: CommentTarget, reason: string): Promise<CommentWrite> {
  const masked = maskSecrets(reason, secretValues(process.env, target.token));
  return writeComment(target, renderNotEvaluated(masked, target.marker, target.stamp, target.links, target.language), {
    create: false,
  });
}
