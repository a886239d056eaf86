/**
 * GitHub at the edge: the pull request from the event, and API failures mapped to
 * messages that say which permission or setting fixes them. The report comment's life
 * is in comment.ts.
 */
import type * as github from '@actions/github';

/** The pull request an event is about, or null for other events. */
export interface PullRequestInfo {
  number: number;
  baseSha: string;
  headSha: string;
  fromFork: boolean;
  owner: string;
  repo: string;
}

/** Reads the pull request from the event payload. */
export function pullRequestOf(context: typeof github.context): PullRequestInfo | null {
  const pr = context.payload.pull_request as
    | {
        number: number;
        base: { sha: string; repo?: { full_name?: string } };
        head: { sha: string; repo?: { full_name?: string } | null };
      }
    | undefined;
  if (!pr) return null;
  const baseRepo = pr.base.repo?.full_name ?? `${context.repo.owner}/${context.repo.repo}`;
  return {
    number: pr.number,
    baseSha: pr.base.sha,
    headSha: pr.head.sha,
    fromFork: (pr.head.repo?.full_name ?? baseRepo) !== baseRepo,
    owner: context.repo.owner,
    repo: context.repo.repo,
  };
}

/** Explains a GitHub API failure in terms of what to change. */
export function explainGitHubError(error: unknown, action: string): string {
  const status = (error as { status?: number }).status;
  const message = (error as { message?: string }).message ?? String(error);
  switch (status) {
    case 401:
      return `${action} failed (HTTP 401): the github-token is invalid or expired.`;
    case 403:
      return `${action} failed (HTTP 403: ${message}): the token cannot write to this pull request. Give the workflow \`permissions: pull-requests: write\`; on pull requests from forks GitHub grants a read-only token, so the report is in the job summary instead.`;
    case 404:
      return `${action} failed (HTTP 404): the pull request or repository is not visible to this token.`;
    case 422:
      return `${action} failed (HTTP 422: ${message}): GitHub rejected the comment body.`;
    case 429:
      return `${action} failed (HTTP 429): GitHub's API rate limit was reached; re-run the job later.`;
    default:
      return `${action} failed${status ? ` (HTTP ${status})` : ''}: ${message}`;
  }
}
