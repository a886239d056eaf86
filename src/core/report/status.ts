/**
 * The envelope of the pull-request comment: which config it reports on, which commit and
 * which workflow run it describes, and the body it shows when a commit could not be
 * evaluated. The comment must always tell the truth about the latest commit, so it is
 * stamped with the head commit and the run; a writer compares stamps and never replaces
 * a newer run's report with an older one. Pure: links and stamps come in as values.
 */
import { REPORT_MARKER } from './markdown.ts';
import type { ReportLanguage } from './messages.ts';
import { codeBlock } from './sanitize.ts';

/** What a comment describes: the head commit and the workflow run that evaluated it. */
export interface RunStamp {
  sha: string;
  /** The workflow run id (GITHUB_RUN_ID); null outside a workflow run. */
  run: number | null;
  attempt: number;
  /** The head commit's committer time (ISO 8601), when known. */
  commitTime: string | null;
}

/** Links a reader follows from the comment. */
export interface StampLinks {
  commit: string | null;
  run: string | null;
}

const STAMP_PREFIX = '<!-- evalgate-run ';

// The comment's fixed strings. Kept beside the envelope because only the action uses them.
const TEXT: Record<
  ReportLanguage,
  {
    provenance(commit: string, run: string): string;
    runLink(run: number | null, attempt: number): string;
    notEvaluatedHeading: string;
    notEvaluated(commit: string): string;
    why: string;
    fix: string;
  }
> = {
  en: {
    provenance: (commit, run) => `Commit ${commit}${run ? ` · ${run}` : ''}`,
    runLink: (run, attempt) => `workflow run ${run ?? ''}${attempt > 1 ? ` (attempt ${attempt})` : ''}`.trim(),
    notEvaluatedHeading: '## evalgate: 🛑 not evaluated',
    notEvaluated: (commit) =>
      `evalgate could not evaluate commit ${commit}. No verdict from an earlier commit applies to it.`,
    why: 'Why:',
    fix: 'Fix the problem above and push again; the check fails until this commit can be evaluated.',
  },
  ja: {
    provenance: (commit, run) => `コミット ${commit}${run ? ` · ${run}` : ''}`,
    runLink: (run, attempt) => `ワークフロー実行 ${run ?? ''}${attempt > 1 ? ` (試行 ${attempt})` : ''}`.trim(),
    notEvaluatedHeading: '## evalgate: 🛑 評価できませんでした',
    notEvaluated: (commit) =>
      `evalgate はコミット ${commit} を評価できませんでした。以前のコミットの判定はこのコミットには当てはまりません。`,
    why: '理由:',
    fix: '上の問題を直して再度プッシュしてください。このコミットを評価できるまでチェックは失敗します。',
  },
};

/**
 * The first line of the comment for one config. Two configs in one repository (a
 * monorepo, two workflows) each get their own comment; the path is percent-encoded so
 * nothing in it can close the HTML comment or forge another marker.
 */
export function reportMarker(configPath: string): string {
  const safe = encodeURIComponent(configPath).replace(/%2F/gi, '/');
  return `<!-- evalgate-report config=${safe} -->`;
}

/** Whether a comment body is the report for this config: the marker must be its first line. */
export function hasMarker(body: string, marker: string, legacy = false): boolean {
  const first = body.split('\n', 1)[0]?.replace(/\r$/, '') ?? '';
  return first === marker || (legacy && first === REPORT_MARKER);
}

/** The hidden line that records what a comment describes. */
export function stampLine(stamp: RunStamp): string {
  return `${STAMP_PREFIX}${JSON.stringify({ sha: stamp.sha, run: stamp.run, attempt: stamp.attempt, commitTime: stamp.commitTime })} -->`;
}

/** Reads the stamp of a comment body written by this version, or null. */
export function readStamp(body: string): RunStamp | null {
  const line = body.split('\n', 3).find((l) => l.startsWith(STAMP_PREFIX));
  if (!line) return null;
  try {
    const v = JSON.parse(line.slice(STAMP_PREFIX.length, line.lastIndexOf(' -->'))) as Partial<RunStamp>;
    if (typeof v.sha !== 'string') return null;
    return {
      sha: v.sha,
      run: typeof v.run === 'number' && Number.isFinite(v.run) ? v.run : null,
      attempt: typeof v.attempt === 'number' && Number.isFinite(v.attempt) ? v.attempt : 1,
      commitTime: typeof v.commitTime === 'string' ? v.commitTime : null,
    };
  } catch {
    return null;
  }
}

/**
 * Whether `existing` describes a later evaluation than `ours`, so ours must not replace it.
 * Workflow run ids grow with every new run and a re-run keeps its id and raises the
 * attempt, so (run, attempt) orders runs even when the branch was force-pushed back to an
 * older commit — which commit times would get wrong. Commit time decides only when a run
 * id is unknown (a run outside a workflow). Unknown order is not "newer": we write.
 */
export function isNewerStamp(existing: RunStamp, ours: RunStamp): boolean {
  if (existing.run !== null && ours.run !== null) {
    if (existing.run !== ours.run) return existing.run > ours.run;
    return existing.attempt > ours.attempt;
  }
  if (existing.sha !== ours.sha && existing.commitTime && ours.commitTime) {
    const a = Date.parse(existing.commitTime);
    const b = Date.parse(ours.commitTime);
    if (Number.isFinite(a) && Number.isFinite(b)) return a > b;
  }
  return false;
}

function commitText(stamp: RunStamp, links: StampLinks): string {
  const short = `\`${stamp.sha.slice(0, 7)}\``;
  return links.commit ? `[${short}](${links.commit})` : short;
}

function provenance(stamp: RunStamp, links: StampLinks, language: ReportLanguage): string {
  const t = TEXT[language];
  const run =
    stamp.run === null
      ? ''
      : links.run
        ? `[${t.runLink(stamp.run, stamp.attempt)}](${links.run})`
        : t.runLink(stamp.run, stamp.attempt);
  return t.provenance(commitText(stamp, links), run);
}

/**
 * The comment body for a report: the config's marker, the stamp, then the report with a
 * line naming the commit and the run under its heading.
 */
export function stampReport(
  report: string,
  marker: string,
  stamp: RunStamp,
  links: StampLinks,
  language: ReportLanguage,
): string {
  const lines = report.split('\n');
  if (lines[0] === REPORT_MARKER) lines.shift();
  const heading = lines[0]?.startsWith('## ') ? [lines.shift() as string] : [];
  return [marker, stampLine(stamp), ...heading, '', provenance(stamp, links, language), ...lines].join('\n');
}

/**
 * The comment body when a commit could not be evaluated (a broken config, a missing key,
 * a crash): it names the commit and says why, so no earlier verdict stands as if current.
 * `reason` must already have secrets masked.
 */
export function renderNotEvaluated(
  reason: string,
  marker: string,
  stamp: RunStamp,
  links: StampLinks,
  language: ReportLanguage,
): string {
  const t = TEXT[language];
  return `${[
    marker,
    stampLine(stamp),
    t.notEvaluatedHeading,
    '',
    provenance(stamp, links, language),
    '',
    t.notEvaluated(commitText(stamp, links)),
    '',
    t.why,
    '',
    codeBlock(reason, 4000),
    '',
    t.fix,
  ].join('\n')}\n`;
}

/**
 * Replaces every occurrence of a secret with ***. Text bound for a comment is not masked
 * by the runner (it masks only the log), so error text is masked here before it leaves.
 */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  // Longest first, so a secret that contains another is masked whole.
  for (const s of [...new Set(secrets)].filter((x) => x.length >= 6).sort((a, b) => b.length - a.length))
    out = out.split(s).join('***');
  return out;
}
