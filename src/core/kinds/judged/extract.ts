/**
 * Reading a judge's score, in the order docs/design/spec.md §1.2 fixes: a structured reply
 * (`{"reasoning", "score"}`); else the last score marker in the reasoning followed by an
 * integer; else (the caller's job) one follow-up call that asks only for the number.
 * Out-of-range values are clipped to 1–5 and the clipping is noted. Nothing found is
 * `null` — an `unparsable` error for the caller, never a score.
 */

/** A score read from a judge's text. */
export interface ExtractedScore {
  score: number;
  /** The number as the judge wrote it, when it had to be clipped into 1–5. */
  clippedFrom: number | null;
  method: 'structured' | 'marker' | 'follow-up';
  reasoning: string;
}

/** The JSON schema the judge is asked to follow where the endpoint supports it. */
export const JUDGE_REPLY_SCHEMA = {
  type: 'object',
  properties: { reasoning: { type: 'string' }, score: { type: 'integer' } },
  required: ['reasoning', 'score'],
  additionalProperties: false,
} as const;

// "Score: 4", "score = 4", "**Score**: 4", "Rating: 4/5", "[[4]]", "評価: 4", "スコア：４", "点数は4".
const MARKER =
  /(?:\bscore\b|\brating\b|\bgrade\b|評価|スコア|点数|得点)\s*\**\s*(?:[:：=]|は|is)?\s*\**\s*\[*\s*([0-9０-９]+(?:\.[0-9]+)?)|\[\[\s*([0-9０-９]+)\s*\]\]/giu;

function toNumber(text: string): number {
  return Number(text.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)));
}

function clip(raw: number): { score: number; clippedFrom: number | null } {
  const rounded = Math.round(raw);
  const score = Math.min(5, Math.max(1, rounded));
  return { score, clippedFrom: score !== raw ? raw : null };
}

/**
 * The JSON object a reply holds: the whole reply (fenced or not), else a `{…}` that ends
 * the reply — what a judge writes when the server could not be asked for JSON and it
 * introduces the object with a sentence. An object followed by more text is not read: it
 * may be the graded answer quoted back (a `{"score": 5}` planted in it).
 */
function jsonObjectIn(text: string): unknown {
  const trimmed = text.trim().replace(/^```(?:json)?\s*\n?|\n?```$/g, '');
  try {
    return JSON.parse(trimmed);
  } catch {
    // look inside below
  }
  const end = trimmed.lastIndexOf('}');
  if (end < 0 || trimmed.slice(end + 1).trim() !== '') return null;
  let start = trimmed.lastIndexOf('{', end);
  // A bounded search backwards for the opening brace of the last object.
  for (let tries = 0; start >= 0 && tries < 20; tries++) {
    try {
      return JSON.parse(trimmed.slice(start, end + 1));
    } catch {
      start = trimmed.lastIndexOf('{', start - 1);
    }
  }
  return null;
}

/** Reads a structured reply (JSON, alone or inside the text); null when it is not one. */
export function extractStructured(text: string): ExtractedScore | null {
  const value = jsonObjectIn(text);
  if (value === null || typeof value !== 'object') return null;
  const v = value as { score?: unknown; reasoning?: unknown } | null;
  const raw = typeof v?.score === 'number' ? v.score : typeof v?.score === 'string' ? Number(v.score) : Number.NaN;
  if (!Number.isFinite(raw)) return null;
  return { ...clip(raw), method: 'structured', reasoning: typeof v?.reasoning === 'string' ? v.reasoning : '' };
}

/** Reads the score after the last score marker in free text; null when there is none. */
export function extractFromReasoning(text: string): ExtractedScore | null {
  let last: number | null = null;
  for (const match of text.matchAll(MARKER)) {
    const digits = match[1] ?? match[2];
    if (digits !== undefined) last = toNumber(digits);
  }
  if (last === null || !Number.isFinite(last)) return null;
  return { ...clip(last), method: 'marker', reasoning: text };
}

/** Reads the bare number a follow-up call asked for; null when the reply is not one. */
export function extractBareNumber(text: string, reasoning: string): ExtractedScore | null {
  const m = /^\s*\**\s*([0-9０-９]+(?:\.[0-9]+)?)\s*\**\s*(?:\/\s*5)?\s*\.?\s*$/u.exec(text);
  if (!m) return null;
  return { ...clip(toNumber(m[1] as string)), method: 'follow-up', reasoning };
}

/** The follow-up question, in the judge template's language. */
export function followUpPrompt(language: 'en' | 'ja'): string {
  return language === 'ja'
    ? 'あなたの評価を、1から5までの整数ひとつだけで答えてください。数字以外は書かないでください。'
    : 'State your score as a single integer from 1 to 5. Reply with the number only.';
}

/** A pairwise verdict: which answer the judge preferred. */
export interface ExtractedWinner {
  winner: 'A' | 'B' | 'tie';
  method: 'structured' | 'marker' | 'follow-up';
  reasoning: string;
}

/** The JSON schema for pairwise verdicts. */
export const PAIRWISE_REPLY_SCHEMA = {
  type: 'object',
  properties: { reasoning: { type: 'string' }, winner: { type: 'string', enum: ['A', 'B', 'tie'] } },
  required: ['reasoning', 'winner'],
  additionalProperties: false,
} as const;

const WINNER =
  /(?:winner|勝者|better answer)\s*\**\s*(?:[:：=]|は|is)?\s*\**\s*(?:answer\s*|回答\s*)?\[*\s*(A|B|tie|引き分け|draw|Ａ|Ｂ)(?![A-Za-z])|\[\[\s*(A|B|tie)\s*\]\]/giu;

function winnerOf(token: string): 'A' | 'B' | 'tie' {
  const t = token.toUpperCase();
  if (t === 'A' || t === 'Ａ') return 'A';
  if (t === 'B' || t === 'Ｂ') return 'B';
  return 'tie';
}

/** Reads a pairwise verdict from structured JSON or the last winner marker; null when absent. */
export function extractWinner(text: string, method: 'marker' | 'follow-up' = 'marker'): ExtractedWinner | null {
  try {
    const v = JSON.parse(text.trim().replace(/^```(?:json)?\s*\n?|\n?```$/g, '')) as {
      winner?: unknown;
      reasoning?: unknown;
    };
    if (typeof v?.winner === 'string' && /^(A|B|tie)$/i.test(v.winner)) {
      return {
        winner: winnerOf(v.winner),
        method: 'structured',
        reasoning: typeof v.reasoning === 'string' ? v.reasoning : '',
      };
    }
  } catch {
    // not JSON: read markers below
  }
  let last: string | null = null;
  for (const m of text.matchAll(WINNER)) last = m[1] ?? m[2] ?? last;
  if (last === null && method === 'follow-up') {
    const bare = /^\s*\**\s*(A|B|tie|引き分け)\s*\**\s*\.?\s*$/iu.exec(text);
    if (bare) last = bare[1] as string;
  }
  return last === null ? null : { winner: winnerOf(last), method, reasoning: text };
}

/** The pairwise follow-up question. */
export function pairwiseFollowUpPrompt(language: 'en' | 'ja'): string {
  return language === 'ja'
    ? '結論だけを、A、B、引き分け のいずれかひとつで答えてください。'
    : 'State your verdict only: A, B or tie.';
}
