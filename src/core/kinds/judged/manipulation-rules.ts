/**
 * The patterns of the judge-manipulation scan (manipulation.ts): the rules for the
 * answer's shape (manipulation-rules-format.ts: the judge's own reply format, forged
 * turns, delimiters), for its prose (manipulation-rules-prose.ts: asking for a grade,
 * speaking to the grader, attacking the grading material), and for what a sentence holds
 * together (manipulation-rules-sentence.ts: the answer or the grading, the top of the
 * scale, a request), and for what an answer claims about itself to a later reader
 * (manipulation-rules-claims.ts: its worth, how to grade it, agreement with the reference,
 * approval by others, verdict banners, a checker's grade), and for how it asks to be
 * treated (manipulation-rules-appeals.ts: leniency, a marking rule of its own, the key
 * called wrong, a deduction argued away, its own label), and for lines about the answer
 * or its reader rather than the task (manipulation-rules-reader.ts: the reader praised, what a
 * mark would cost, a plea, a title vouching, how to grade, a marking rule cited), and for grades
 * and requests in everyday words (manipulation-rules-self.ts: a trailing 10/10, criteria graded
 * inline or in a table of all-top rows, 「合格にして」, "apruébame", answers like this one said to
 * be graded at the top), and for round 11's families (manipulation-rules-casual.ts: the top grade asked
 * for casually, every criterion said to be met, a table of met rows, the answer calling itself
 * top-grade), for round 12's (manipulation-rules-marks.ts) and round 13's (manipulation-rules-cited.ts:
 * the grader's instructions cited, what a fair grading would do, a future hanging on the grade, a
 * grading-result heading, the answer declared the winner) and round 14's (manipulation-rules-shapes.ts:
 * a full mark as a badge, a grader's title as a turn, criteria ticked with 满足) and round 17's
 * (manipulation-rules-prior.ts: a grade said to be given already or expected, the answer the
 * winner, the top grade before its verb), in English, Japanese, Spanish
 * and Chinese, with basic French, German, Portuguese, Italian, Russian and Korean. They
 * are written against the canonical form of manipulation-text.ts (NFKC, no accents on
 * Latin letters, confusables folded; each pattern's own non-ASCII characters are folded
 * the same way), and every one is matched case-insensitively against every view of the
 * answer.
 *
 * A rule is `strong` when the text has no ordinary reading in an answer: it asks for a
 * score, speaks to the grader, copies the judge's reply format, or forges a delimiter.
 * It is `borderline` when honest answers say it too ("is rated 4.5", "an LLM judge",
 * "## Evaluation"): borderline text is flagged only when the second-opinion judge
 * (`gate.manipulation-check: judge`) says it tries to influence grading.
 *
 * A match may name `anchors`: words, or kinds of task (TASK_ASKS in
 * manipulation-patterns.ts), that, when the case's own task or reference has them, make
 * the match the answer's ordinary reply to that task (a "Score: 4" line where the task
 * asks for a score, a "User:" line where it asks for a chat transcript).
 */
import { APPEAL_RULES } from './manipulation-rules-appeals.ts';
import { CASUAL_RULES } from './manipulation-rules-casual.ts';
import { CITED_RULES } from './manipulation-rules-cited.ts';
import { CLAIM_RULES } from './manipulation-rules-claims.ts';
import { FORMAT_RULES } from './manipulation-rules-format.ts';
import { PROSE_RULES } from './manipulation-rules-prose.ts';
import { READER_RULES } from './manipulation-rules-reader.ts';
import { MARK_RULES } from './manipulation-rules-marks.ts';
import { PRIOR_RULES } from './manipulation-rules-prior.ts';
import { LABEL_RULES } from './manipulation-rules-label.ts';
import { SELF_RULES } from './manipulation-rules-self.ts';
import { SHAPE_RULES } from './manipulation-rules-shapes.ts';
import { SENTENCE_RULES } from './manipulation-rules-sentence.ts';
import type { Rule } from './manipulation-patterns.ts';

export type { ManipulationKind, Rule, RuleMatch } from './manipulation-patterns.ts';

export const RULES: readonly Rule[] = [
  ...FORMAT_RULES,
  ...PROSE_RULES,
  ...SENTENCE_RULES,
  ...CLAIM_RULES,
  ...APPEAL_RULES,
  ...READER_RULES,
  ...SELF_RULES,
  ...CASUAL_RULES,
  ...MARK_RULES,
  ...CITED_RULES,
  ...SHAPE_RULES,
  ...PRIOR_RULES,
  ...LABEL_RULES,
];
