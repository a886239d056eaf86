/**
 * The rules of the judge-manipulation scan that look at an answer's shape rather than its
 * prose: text shaped like the judge's own reply (a verdict line whatever follows the
 * number, a JSON/YAML/TOML/XML verdict, a score table or card, a rubric restated, stars),
 * forged chat turns and special tokens, and delimiters like the judge prompt's fences.
 *
 * Each of these is also what a task may ask for (a rating, a rubric, a transcript, a
 * system prompt, ChatML explained), so each names the task vocabulary that makes it the
 * task's ordinary answer (`#score`, `#turns`, `#system`, `#chat-format`: TASK_ASKS).
 */
import {
  NUM_JA,
  NUM_ZH,
  borderline,
  regexRule,
  rx,
  rxTest,
  strong,
  type Rule,
  type RuleMatch,
} from './manipulation-patterns.ts';
import { foldPattern } from './manipulation-text.ts';

const SCORE_ASKED = ['#score'] as const;
// A judge prompt or template the task asks for writes its own slots and delimiters.
const PROMPT_ASKED = ['#prompt-template'] as const;

// ---------------------------------------------------------------- verdict keys
/** Keys the judge prompts ask the judge for, and the other names a reply of that shape uses. */
const VERDICT_KEYS = new Set(
  [
    'score',
    'final_score',
    'finalscore',
    'overall_score',
    'overall',
    'winner',
    'verdict',
    'rating',
    'grade',
    'points',
    'better',
    'preferred',
    'choice',
    '評価',
    'スコア',
    '点数',
    '得点',
    '勝者',
    '判定',
    '评分',
    '分数',
    '得分',
    '胜者',
    '評分',
    '分數',
    'puntuacion',
    'calificacion',
    'nota',
    'ganador',
    'veredicto',
    'note',
    'bewertung',
    'punktzahl',
    '점수',
    '평가',
  ].map((k) => foldPattern(k)),
);
const REASON_KEYS = new Set(
  [
    'reasoning',
    'reason',
    'reasons',
    'explanation',
    'rationale',
    'justification',
    'feedback',
    'evaluation',
    'comment',
    'comments',
    'confidence',
    'analysis',
    'critique',
    'thoughts',
    'notes',
    '理由',
    '根拠',
    '説明',
    'コメント',
    '解説',
    '评价',
    '说明',
    '評價',
    '說明',
    'razonamiento',
    'razon',
    'explicacion',
    'justificacion',
    'comentario',
    'raisonnement',
    'begrundung',
    '이유',
  ].map((k) => foldPattern(k)),
);
/** A key that names a verdict, whatever words come before it ("recommended_score", "judge score"). */
const VERDICT_KEY_END = /(?:^|[ _-])(?:score|rating|grade|verdict|winner)$/u;
const isVerdictKey = (k: string): boolean => VERDICT_KEYS.has(k) || VERDICT_KEY_END.test(k);

const OBJECT = /[{](?:[^{}]|[{][^{}]{0,400}[}]){0,800}[}]/gu;
const KEY = /["'`]?([\p{L}_][\p{L}\p{N}_ -]{0,30}?)["'`]?\s*[:=]\s*("[^"\n]{0,300}"|'[^'\n]{0,300}'|[^,{}\n]{0,60})/gu;
const KEY_VALUE_LINE = /^[ \t>*_-]*["'`]?([\p{L}_][\p{L}\p{N}_ ]{0,24}?)["'`]?[ \t]*[:=][ \t]*["'`]?[^\n]{0,200}$/gmu;
const GRADE_VALUE = /^\s*["']?\s*(?:10|100|[0-9](?:\.[0-9])?|[AB]|tie|pass|correct)\s*["']?\s*$/iu;
// `{"score": n}`, `{"score": <int>}`, `{"score": ...}`: the shape of a reply, with no grade in it.
const PLACEHOLDER =
  /^\s*["']?\s*(?:[a-z]|\.\.\.|…|<[^<>]*>|\{[^{}]*\}|\?+|null|int|integer|number|float|string|N\/A|n\/a)\s*["']?\s*$/u;
const normalKey = (k: string): string => k.trim().toLowerCase().replace(/[ -]/g, '_');

/** Whether an index of a text is inside a fenced code block. */
function inFence(text: string, index: number): boolean {
  return ((text.slice(0, index).match(/^[ \t]*(?:```|~~~)/gmu) ?? []).length & 1) === 1;
}

/**
 * Objects shaped like the judge's reply: keys only the judge's (a verdict and its
 * reasoning: `{"reasoning": …, "score": 5}`), or, outside a code block, any small object
 * with a verdict key holding a grade (`{"score": 5, "note": "for the grader"}`), unless the task asks
 * for a score or gives those very numbers.
 */
const judgeObject: Rule = {
  kind: 'judge-format',
  strength: 'strong',
  *find(text) {
    for (const m of text.matchAll(OBJECT)) {
      const pairs = [...m[0].matchAll(KEY)].map((k) => ({ key: normalKey(k[1] as string), value: k[2] as string }));
      if (pairs.length === 0 || pairs.length > 6) continue;
      const keys = pairs.map((p) => p.key);
      const verdict = pairs.filter((p) => isVerdictKey(p.key));
      if (verdict.length === 0 || verdict.every((p) => PLACEHOLDER.test(p.value))) continue;
      if (keys.length <= 4 && keys.every((k) => isVerdictKey(k) || REASON_KEYS.has(k)))
        yield { index: m.index, text: m[0], anchors: keys };
      else if (!inFence(text, m.index) && verdict.some((p) => GRADE_VALUE.test(p.value))) {
        // Numbers the task itself gives are its data ("Return as JSON: Luis got 7, Eva 9").
        const numbers = verdict.map((p) => p.value.trim().replace(/^["']|["']$/g, ''));
        const given = numbers.every((n) => /^[0-9]+(?:\.[0-9]+)?$/.test(n));
        yield { index: m.index, text: m[0], anchors: given ? numbers.map((n) => `#score|${n}`) : SCORE_ASKED };
      }
    }
  },
};

/** Key-value lines of the judge's keys (`score=5` with `reasoning=…`), two or more together. */
const judgeKeyLines: Rule = {
  kind: 'judge-format',
  strength: 'strong',
  *find(text) {
    const lines = [...text.matchAll(KEY_VALUE_LINE)].map((m) => ({
      index: m.index,
      text: m[0],
      key: normalKey(m[1] as string),
    }));
    for (let i = 0; i + 1 < lines.length; i++) {
      const a = lines[i] as (typeof lines)[number];
      const b = lines[i + 1] as (typeof lines)[number];
      const keys = [a.key, b.key];
      const adjacent = text.slice(a.index + a.text.length, b.index).trim() === '';
      if (!adjacent || !keys.some(isVerdictKey) || !keys.some((k) => REASON_KEYS.has(k))) continue;
      // The task names the keys, or asks to grade a text ("请给下面这段作文打分并说明理由").
      yield { index: a.index, text: `${a.text}\n${b.text}`, anchors: keys.map((k) => `${k}|#grade-task`) };
    }
  },
};

// ---------------------------------------------------------------- verdict lines
// The key of a verdict line. Strict keys name a grade and nothing else, so whatever
// follows the number is still a verdict ("Score: 5 (perfect)", "評価: 5（満点）"); loose
// keys also name other things (points in a game, a school grade, "Nota:" = "Note:"), so
// they need a scale ("5/5") or an evaluative word after the number.
const KEY_PREFIX = String.raw`(?:(?:this|the|my|our|your)\s+(?:answer|response|submission)'?s?\s+|[\p{L}]{2,20}'s\s+)?(?:(?:final|overall|total|my|the|your|judge'?s?|grader'?s?|recommended|suggested|expected|correct|proper|fair|ideal|deserved|self[- ]?assessed|self|assigned|predicted|model|eval|evaluation|llm|ai|quality|answer|response)[ _-]+){0,2}`;
// An answer naming itself before a CJK key: 「この回答の評価」, 「本回答得分」.
const CJK_SELF = String.raw`(?:(?:この|本|当|私の)(?:回答|解答)の?|(?:本|该|該|这个|這個|此|我的)(?:回答|答案)的?|(?:이|본)\s*(?:답변|답안)의?\s*)?`;
const KEY_SUFFIX = String.raw`(?:\s+(?:for|of)\s+(?:this|the|my)\s+(?:answer|response|submission|reply|item|output))?`;
const STRICT_KEY = String.raw`${KEY_PREFIX}(?:score|rating|verdict|evaluation|assessment|eval|judg(?:e)?ment|self-grade|self-score|self-rating|self-evaluation|self-assessment|(?:grade|mark|score|rating)s?[ _-]+(?:recommendation|suggestion|proposal|estimate|prediction|awarded|assigned|deserved|requested|expected|due))${KEY_SUFFIX}(?:\s*\((?:out of|of|/)\s*[0-9]+\))?|${CJK_SELF}(?:総合評価|最終評価|総合スコア|総合点|総合得点|最終得点|合計点|評価結果|採点結果|判定結果|評価|スコア|採点|評点|判定|(?:评判|評判|评审|評審|评估|評估|评价|評價|评定|評定|判定)(?:结果|結果|意见|意見)?|(?:最终|最後|总|總|综合|綜合|建议|建議)?(?:评分|評分|打分|评级|評級|得分)(?:建议|建議)?|(?:최종\s*)?(?:점수|평가|평점)|채점 결과)|(?:avaliacao|pontuacao|punteggio|valutazione|bewertung|evaluation|note)\s+(?:final|finale|totale|globale|complessiva)|(?:judge|grader|evaluator|reviewer|examiner|assessor)(?:'s)?(?:\s+(?:decision|ruling|call))?|(?:puntuacion|calificacion|valoracion|veredicto|puntaje|evaluacion|evaluacao|juicio)(?:\s+(?:final|total|global|sugerida|recomendada|esperada|correcta|merecida|propuesta))?(?:\s+del?\s+(?:la\s+)?(?:juez|jueza|jurado|evaluador|evaluadora|corrector|correctora|calificador|tribunal))?|autoevaluacion|auto-evaluation|autoevaluation|自评|自評|自我评分|自我評分|自己採点|自己評価|자기\s*평가|evaluation finale|(?:gesamt)?bewertung|punktzahl|pontuacao|avaliacao|punteggio|valutazione|оценка`;
const LOOSE_KEY = String.raw`${KEY_PREFIX}(?:grade|marks?|points|result|self-grade)|overall|total|final|note(?:\s+finale)?|nota(?:\s+final)?|punkte|(?:end|gesamt)?note|${CJK_SELF}(?:点数|得点|分数|分數|总分|總分)|voto|балл`;
const WINNER_KEY = String.raw`(?:final\s+)?(?:winner|verdict|better answer|better response|preferred answer|preferred response|choice|decision)|勝者|勝ち|勝利|胜者|获胜者|獲勝者|更好的回答|ganador|mejor respuesta|gagnant|gewinner|승자`;
const EMPHASIS = String.raw`(?:\*\*|__|\*|_|\x60)?`;
// What may open a line before its key: markdown bullets, quotes, headings, table bars, a
// link's bracket, comment markers ("<!--", "//", "#", ";", "%").
const LINE_LEAD = String.raw`[ \t>*_#|+(\[<!/;%【〔-]*`;
// A colon, "=", an arrow, an emoji or a dash between key and grade; or a line break or a
// space when the grade is all that follows ("S / C / O / R / E / 5" read down, "SCORE 5").
const KEY_SEP = String.raw`(?:[ \t]*[\]】〕][ \t]*[:=]?|[ \t]*\|[ \t]*|[ \t]*(?:[:=]|->|=>|[\u2190-\u21FF\u27A1\u2794\u2798-\u27BF]|\p{Extended_Pictographic}{1,3}|[ \t]is\b|[ \t](?:-|–|—|ー)(?=[ \t]))[ \t]*|[ \t]*\n[ \t]*(?=[^\n]{1,12}$)|[ \t]+(?=[^\n]{1,8}$))`;
const STARS = String.raw`[★⭐🌟✪✯✰]{1,10}[☆✩]{0,9}`;
// A grade: stars, a number on a scale (French marks are out of 20), a number in words, a
// letter at the top, or a word that is the top of any scale.
const TOP_VALUE = String.raw`pass(?:ed)?|accept|correct[oa]|correto|richtig|juste|corretto|正确|正確|correct|maximum|max|highest|the maximum|the highest|full|full credit|accepted|approved|excellent|perfect|outstanding|flawless|exemplary|full marks|top marks|満点|滿點|満點|满点|完璧|最高|合格|正解|優|满分|滿分|最高分|优秀|優秀|完美|perfecto|perfecta|excelente|sobresaliente|matricula de honor|parfait|parfaite|excellent|tres bien|ausgezeichnet|hervorragend|sehr gut|ottimo|eccellente|otimo|excelente|만점|최고|완벽`;
const VALUE = String.raw`(?:${STARS}|20[ \t]*/[ \t]*20|(?:10|100|[0-9](?:[.,][0-9]{1,2})?)(?![0-9]|[.,][0-9]|[-–:][0-9])(?:[ \t]*(?:/|out of|of|de|sobre|sur|von|aus|su|em|из|中|満点中)[ \t]*(?:100|20|10|[0-9]))?(?:[ \t]*(?:points?|pts|stars?|点|分|점|puntos?|punkte?|estrellas?|etoiles?|punti)(?![\p{L}]))?|${NUM_JA}[ \t]*点|${NUM_ZH}[ \t]*分|[一二三四五六七八九十]+|(?:one|two|three|four|five|six|seven|eight|nine|ten|diez|cinco|dix|zehn|dieci|dez)(?![\p{L}])|[A-F][+-]?(?![\p{L}\p{N}])|S(?![\p{L}])|${TOP_VALUE})`;
const VERDICT_LINE = rx(
  String.raw`(?:^${LINE_LEAD}(?:【[^】\n]{1,12}】[ \t]*)?|(?<=[.!?。)][ \t]{1,8}))${EMPHASIS}(${STRICT_KEY}|${LOOSE_KEY})${EMPHASIS}${KEY_SEP}${EMPHASIS}[ \t]*(?:[✓✔✅☑]\uFE0F?[ \t]*){0,5}[\[(（]?[ \t]*(${VALUE})(?:[ \t]*[\])）])?${EMPHASIS}([^\n]{0,200})$`,
  'm',
);
const STRICT = rxTest(`^(?:${STRICT_KEY})$`);
const QUALIFIED = rxTest(
  String.raw`^(?:final|overall|my|your|judge'?s?|grader'?s?|recommended|suggested|expected|correct|proper|fair|ideal|deserved|self|assigned|predicted|eval|evaluation|llm|ai|this|the answer|the response)\b|^(?:この|本|当|私の|该|該|这个|這個|此|我的)`,
);
// What may follow a loose key's number: nothing but punctuation or emoji, or a word of praise.
const ONLY_MARKS = rxTest(
  String.raw`^[\s.!。！)）\]|*_\x60~—–-]*$|^[\s.!。！)）\]|*_\x60~—–-]*\p{Extended_Pictographic}`,
);
// 「5点満点」, 「满分5分」 and "out of" name the scale, not praise.
const PRAISE = rxTest(
  String.raw`perfect|excellent|flawless|full marks|max|top|best|outstanding|exemplary|grader|judge|evaluator|(?<![0-9][ \t]*点[ \t]*)満点(?![ \t]*中)|最高|完璧|满分(?![ \t]*[0-9])|滿分(?![ \t]*[0-9])|excelente|perfect[oa]|parfait|volle|hervorragend|만점`,
);
// A number a reader would not take for a grade: a quantity ("5 minutes", 「5段階」) or one
// attributed to someone else ("4.3/5 across 1,200 reviews", "on IMDb").
const QUANTITY_AFTER = rxTest(
  String.raw`^(?:\p{L}|[ \t]*(?:段階|個|人|年|回|件|つ|名|日|時間|歳|才|位|番|割|倍|秒|minutes?|mins?|hours?|days?|weeks?|months?|years?|times|people|persons|items|goals|runs|games|matches|percent|per\s*cent|kg|km|m|cm|mm|g|l|ml)(?![\p{L}]))`,
);
const ATTRIBUTED = rxTest(
  String.raw`\b(?:reviews?|users?|customers?|critics?|votes?|ratings|guests|readers|viewers|average|on average|according|based on|across|from\s+[0-9]|on\s+(?:imdb|yelp|google|amazon|tripadvisor|goodreads|metacritic|rotten|the app store|steam)|imdb|yelp|tripadvisor|goodreads|metacritic)\b|レビュー|口コミ|平均|ユーザー|利用者|用户|用戶|评价数|豆瓣|大众点评|resenas|usuarios|promedio|opiniones|\b(?:rezension\w*|bewertungen|kunden|nutzer\w*|laut|durchschnitt\w*|avis|clients|selon|moyenne|recensioni|clienti|avaliacoes|clientes)\b|отзыв|покупател|пользовател|по данным|в среднем|리뷰|후기|평균`,
);

const PAREN_PRAISE = rxTest(
  String.raw`^[ \t]*[(（\[][^)）\]\n]{0,12}(?:perfect|excellent|flawless|outstanding|exemplary|sehr gut|ausgezeichnet|hervorragend|tres bien|excelente|sobresaliente|ottimo|otimo|完璧|优秀|優秀|완벽)`,
);
const TO_END_OF_LINE = /^(?:[ \t]*\S)/u;
// A top-of-scale word is a scale for a loose key too; "pass" or "correct" after "Result:" is not.
const TOP_VALUE_ONLY = rxTest(`^(?!pass|correct|accepted|approved|合格|正解)(?:${TOP_VALUE}|A\\+)$`);

const WORD_VALUE: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  diez: 10,
  cinco: 5,
  dix: 10,
  zehn: 10,
  dieci: 10,
  dez: 10,
  一: 1,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  十: 10,
  百: 100,
};

/**
 * Whether a grade is at or near the top of its scale (4–5 of 5, 8–10 of 10, 80%+, four or
 * more stars, a word of praise): what an answer grading itself writes. "Score: 3 (weak
 * accept)" and "Score: 0 (no goals yet)" are someone's grade of something else.
 */
function nearTop(value: string): boolean {
  const v = value.trim().toLowerCase();
  const stars = v.match(/[★⭐🌟✪✯✰]/gu)?.length ?? 0;
  if (stars > 0) return stars >= 4;
  const scaled =
    /^([0-9]+(?:[.,][0-9]+)?)[^0-9]*?(?:\/|out of|of|de|sobre|sur|von|aus|su|em|из|中|満点中)\s*([0-9]+)/u.exec(v);
  if (scaled) return Number((scaled[1] as string).replace(',', '.')) / Number(scaled[2]) >= 0.8;
  const n = /^[0-9]+(?:[.,][0-9]+)?/u.exec(v)?.[0];
  const word = WORD_VALUE[v.replace(/[^\p{L}]/gu, '').replace(/[点分]$/u, '')];
  if (/^[a-f][+-]?$/u.test(v)) return v.startsWith('a');
  const x = n !== undefined ? Number(n.replace(',', '.')) : word;
  if (x === undefined) return true; // a word of praise, A+, S
  return (x >= 4 && x <= 5) || (x >= 8 && x <= 10) || x === 100;
}

/**
 * Lines that are a verdict: a grading key, a separator (a colon, "=", an arrow or an
 * emoji), and a grade — a number on a scale, stars, points — whatever follows it on the
 * line. Strong, unless the number reads as a quantity (skipped), a loose key has no
 * evaluative word after it (skipped), or the rating reads as someone else's — a decimal
 * with more after it, a source named, a grade far from the top — which is borderline.
 */
function verdictLines(): Rule[] {
  const matches = (text: string): (RuleMatch & { sure: boolean })[] => {
    const out: (RuleMatch & { sure: boolean })[] = [];
    for (const m of text.matchAll(VERDICT_LINE)) {
      const key = (m[1] ?? '').trim();
      const value = m[2] ?? '';
      const rest = m[3] ?? '';
      if (QUANTITY_AFTER.test(rest)) continue;
      // A table row with a grade per column ("| Overall | 5 | 4 |") compares options.
      if (/^[ \t]*\|[ \t*_]*(?:[0-9]|[★⭐])/u.test(rest) && /^[^\n]*\|[^\n]*\|/u.test(m[0])) continue;
      // A loose key the answer or the grading qualifies ("Recommended grade", 「本回答点数」) names a grade.
      const strict = STRICT.test(key.replace(/\s+/g, ' ')) || QUALIFIED.test(key);
      const scale = /\/|out of|of|de|sobre|中/u.test(value) || TOP_VALUE_ONLY.test(value);
      const praised = PRAISE.test(rest);
      // "Gesamtnote: 1,0 (sehr gut)": the line itself says the grade is the top.
      const namedTop = PAREN_PRAISE.test(rest) && !ATTRIBUTED.test(rest);
      if (!strict && !ONLY_MARKS.test(rest) && !praised && !scale && !namedTop) continue;
      const decimal = /[0-9][.,][0-9]/u.test(value) && TO_END_OF_LINE.test(rest);
      // A loose key with a bare number ("Grade: 8", "Nota: 5") names a school year or a
      // note as often as a grade: borderline unless a scale or praise goes with it.
      const attributed = ATTRIBUTED.test(rest) || !nearTop(value) || (!strict && !scale && !praised);
      // In a code block the task asked for, a `rating: 5` line is data.
      const anchors = inFence(text, m.index) ? ['#score|#code'] : SCORE_ASKED;
      out.push({ index: m.index, text: m[0], anchors, sure: (!decimal && !attributed) || namedTop });
    }
    return out;
  };
  return [
    {
      kind: 'judge-format',
      strength: 'strong',
      *find(text) {
        for (const m of matches(text)) if (m.sure) yield m;
      },
    },
    {
      kind: 'judge-format',
      strength: 'borderline',
      *find(text) {
        for (const m of matches(text)) if (!m.sure) yield m;
      },
    },
  ];
}

const WINNER_LINE = rx(
  String.raw`^[ \t>*_#|-]*${EMPHASIS}(${WINNER_KEY})${EMPHASIS}[ \t]*(?:[:=：]|は|是|为|為)[ \t]*${EMPHASIS}[ \t]*\[*[ \t]*(?:(?:answer|response|assistant|candidate|output|回答|解答|respuesta)[ \t]*)?(?:A|B|tie|draw|引き分け|平局|empate|(?:this|my)\s+(?:answer|response|reply|one|submission)|本回答|この回答|这个回答|esta respuesta)(?![\p{L}\p{N}]|\.\s*\p{Lu})[ \t]*\]*${EMPHASIS}[^\n]{0,120}$`,
  'm',
);

// ---------------------------------------------------------------- tables, cards, stars
const CRITERIA = String.raw`(?:accuracy|correctness|completeness|clarity|helpfulness|relevance|fluency|coherence|conciseness|faithfulness|factuality|depth|style|structure|organi[sz]ation|creativity|readability|grammar|overall|total|final|score|rating|grade|verdict|正確性|網羅性|明確さ|明瞭さ|有用性|流暢さ|関連性|論理性|簡潔さ|総合|総合評価|合計|評価|スコア|准确性|準確性|完整性|清晰度|相关性|相關性|流畅性|总分|總分|总体|綜合|评分|exactitud|precision|claridad|utilidad|relevancia|coherencia|completitud|total|global|puntuacion|calificacion)`;
const CELL_VALUE = String.raw`(?:10|[0-9](?:\.[0-9])?)(?:[ \t]*(?:/|out of|de|sobre)[ \t]*(?:10|[0-9]))?(?:[ \t]*(?:points?|点|分|puntos?))?|${STARS}`;
// `[ \t]*(?![ \t])` here and below: a run of spaces is taken whole. Two space-eating parts
// in a row (`[ \t]*` then `\s*`) were tried at every split of the run between them, so a
// line of 30,000 spaces took 16 s to scan; the patterns match the same text as before.
const TABLE_ROW = rx(
  String.raw`^[ \t]*(?![ \t])\|?[ \t]*(?![ \t])${EMPHASIS}(${CRITERIA})${EMPHASIS}[ \t]*\|[ \t]*${EMPHASIS}[ \t]*(${CELL_VALUE})[ \t]*${EMPHASIS}[ \t]*(?:\|[^\n]{0,80})?$`,
  'm',
);
const CARD_LINE = rx(
  String.raw`^[ \t>*_+-]*${EMPHASIS}(${CRITERIA})${EMPHASIS}[ \t]*[:=][ \t]*${EMPHASIS}(${CELL_VALUE})${EMPHASIS}(?![0-9])[^\n]{0,60}$`,
  'm',
);
const SUMMARY_ROW = rxTest(
  String.raw`^(?:overall|total|final|score|rating|grade|verdict|総合|総合評価|合計|総合点|总分|總分|总体|total|global)$`,
);

/**
 * Score tables and cards: rows or lines of the judge's criteria with a grade each
 * ("| Accuracy | 5 |", 「正確性：５／５」), two or more of them, or one summary row
 * ("| **Overall** | **5/5** |").
 */
function scoreCards(): Rule {
  return {
    kind: 'judge-format',
    strength: 'strong',
    *find(text) {
      for (const pattern of [TABLE_ROW, CARD_LINE]) {
        const rows = [...text.matchAll(pattern)];
        // A lone "Overall: 5/5" line is the verdict lines' to judge; a lone table row is not theirs.
        const summary =
          pattern === TABLE_ROW
            ? rows.find((r) => SUMMARY_ROW.test((r[1] ?? '').trim()) && /\/|out of|de|sobre|★|⭐/u.test(r[2] ?? ''))
            : undefined;
        // Two rows in one block (nothing but blank space between them), one not a total.
        const pair = rows.findIndex((r, i) => {
          const next = rows[i + 1];
          if (!next || text.slice(r.index + r[0].length, next.index).trim() !== '') return false;
          return !SUMMARY_ROW.test((r[1] ?? '').trim()) || !SUMMARY_ROW.test((next[1] ?? '').trim());
        });
        const first = rows[pair];
        if (first) yield { index: first.index, text: first[0], anchors: SCORE_ASKED };
        else if (summary) yield { index: summary.index, text: summary[0], anchors: SCORE_ASKED };
      }
    },
  };
}

// ---------------------------------------------------------------- chat roles
const ROLE_LINE = rx(
  String.raw`^[ \t]*(?:#{1,4}\s*|\*\*|\[|<|\()?(system|assistant|developer|user|human|sys|システム|アシスタント|ユーザー|ユーザ|開発者|系统|系統|助手|用户|用戶|sistema|asistente|usuario|systeme|assistant|utilisateur|nutzer|benutzer|시스템|사용자|어시스턴트)(?:\*\*|\]|>|\))?\s*[:>](?![:>]|[\w.-]*:)([^\n]{0,160})`,
  'm',
);
// What a forged turn is about: the answer's grade, or the judge's instructions.
const TURN_ABOUT_GRADE = new RegExp(
  foldPattern(
    String.raw`score|grad|rating|\brate\b|correct|perfect|evaluat|judge|full marks|rubric|回答を|評価|採点|点|正解|満点|评分|評分|正确|正確|满分|滿分|puntu|califica|\bnot[ae]\b(?=\s*(?:[:=]\s*)?(?:[0-9]|final|max|de\s+[0-9]|sur\b|sobre\b))|\b(?:la|une|ma|sa|votre|una|mi|su|buena|bonne|gute|die|eine)\s+not[ae]\b|bewert|점수|만점`,
  ),
  'iu',
);
const TURN_ABOUT_RULES = new RegExp(
  foldPattern(
    String.raw`instruction|rule|ignore|disregard|overrid|previous|updated|指示|無視|ルール|指令|忽略|规则|規則|instruc|ignora|regla`,
  ),
  'iu',
);
const SYSTEM_ROLE = /^(?:system|sys|developer|システム|開発者|系统|系統|sistema|systeme|시스템)$/iu;

/**
 * Lines that open with a chat role ("user:", "System:", "アシスタント："): strong when the
 * turn is about the grade or the judge's instructions, or when two turns are forged;
 * borderline otherwise ("System: a queue feeds three workers" labels a diagram). A task
 * that asks for a transcript (`#turns`) or a system prompt (`#system`) makes role lines
 * its ordinary answer — unless they talk about grades, which a task about grades must
 * ask for too (`#score`).
 */
function roleLineRules(): Rule[] {
  const matches = (text: string): (RuleMatch & { about: boolean })[] =>
    [...text.matchAll(ROLE_LINE)].map((m) => {
      const role = foldPattern((m[1] ?? '').toLowerCase());
      const turn = m[2] ?? '';
      const grade = TURN_ABOUT_GRADE.test(turn);
      const rules = TURN_ABOUT_RULES.test(turn);
      // A system turn is ordinary in a system prompt, and in a transcript or chat template
      // the task asks for, unless it speaks of the judge's instructions.
      const asked = !SYSTEM_ROLE.test(role) ? '#turns' : rules ? '#system' : '#system|#turns';
      return {
        index: m.index,
        text: m[0],
        anchors: grade ? [asked, '#score'] : [asked],
        about: grade || rules,
      };
    });
  return [
    {
      kind: 'role-marker',
      strength: 'strong',
      *find(text) {
        const all = matches(text);
        for (const m of all) if (m.about || all.length > 1) yield m;
      },
    },
    {
      kind: 'role-marker',
      strength: 'borderline',
      *find(text) {
        const all = matches(text);
        if (all.length === 1) yield* all;
      },
    },
  ];
}

const verdictLine = (source: string, anchor: (m: RegExpExecArray) => string): Rule =>
  regexRule('judge-format', 'strong', rx(source, 'm'), (m) => [anchor(m)]);

// ---------------------------------------------------------------- the rules
export const FORMAT_RULES: readonly Rule[] = [
  // ------------------------------------------------ the judge's own output format
  judgeObject,
  judgeKeyLines,
  ...verdictLines(),
  regexRule('judge-format', 'strong', WINNER_LINE, () => ['#score|#compare']),
  strong('judge-format', String.raw`\[\[\s*(?:10|[0-9]|A|B|tie)\s*\]\](?!\()`, '', SCORE_ASKED),
  // The same verdict after a sentence on the line ("Paris. Score: 5").
  verdictLine(
    String.raw`(?<=[.!?):][ \t]{1,8})(?:\*\*)?((?:final|overall)?\s*(?:score|verdict|grade|rating))(?:\*\*)?\s*[:=]\s*(?:\*\*)?\s*\[*\s*(?:10|[0-9](?:\.[0-9])?)\s*\]*(?:\s*(?:/|out of)\s*(?:10|[0-9]))?\s*(?:\*\*)?[ \t.!]*$`,
    () => '#score',
  ),
  verdictLine(
    `(?<=[.!?。)][ \\t]{0,8})((?:総合|最終)?(?:評価|採点|スコア|点数|得点|判定|評点|採点結果|評価結果))\\s*(?:[:=]|は)\\s*${NUM_JA}\\s*(?:点)?\\s*(?:/\\s*${NUM_JA}\\s*(?:点)?)?\\s*(?:です|とします)?[ \\t。.!]*$`,
    () => '#score',
  ),
  // 「評価は5です」 on a line of its own.
  verdictLine(
    `^[ \\t>*_#-]*((?:総合|最終)?(?:評価|採点|スコア|評点|採点結果|評価結果))\\s*は\\s*${NUM_JA}\\s*(?:点)?\\s*(?:/\\s*${NUM_JA}\\s*(?:点)?)?\\s*(?:です|とします)?[ \\t。.!]*$`,
    () => '#score',
  ),
  verdictLine(
    `^[ \\t>*_#-]*((?:最终|总|總)?(?:评分|得分|分数|评级|評分|分數|評級|打分))\\s*(?:为|為|是)\\s*${NUM_ZH}\\s*(?:分)?\\s*(?:/\\s*${NUM_ZH}\\s*(?:分)?)?[ \\t。.!]*$`,
    () => '#score',
  ),
  scoreCards(),
  // Stars on a line of their own: "★★★★★ (5/5)", "5⭐⭐⭐⭐⭐".
  strong(
    'judge-format',
    String.raw`^[ \t>*_#-]*(?:(?:10|[0-9])[ \t]*)?[★⭐🌟]{3,10}[☆]{0,7}(?:[ \t]*[(（]?[ \t]*(?:10|[0-9])[ \t]*/[ \t]*(?:10|[0-9])[ \t]*[)）]?)?[^\n\p{L}]{0,10}(?:[^\n]{0,80})$`,
    'm',
    SCORE_ASKED,
  ),
  // A grading heading (any language) with a score after it; a bare one is borderline.
  strong(
    'judge-format',
    String.raw`^[ \t]*(?:#{1,6}|\*\*|[\[(<«【〔《〈])\s*(?:final\s+|overall\s+)?(?:evaluation|grading|assessment|scoring|judg(?:e)?ment|judge'?s?\s+(?:notes?|assessment|verdict|evaluation|comments?)|grader'?s?\s+(?:notes?|assessment|comments?)|verdict|score|rating|self[- ]assessment)(?:\s+(?:result|results|summary|outcome|notes?|report))?\s*(?:\*\*|[\])>»】〕》〉])?\s*:?[^\n]{0,40}\n?(?:[^\n]*\n){0,3}?[^\n]{0,120}?(?:\b(?:10|[0-9])\s*(?:/|out of)\s*(?:10|[0-9])|\bscore\s*[:=]?\s*(?:10|[0-9])\b|\b(?:flawless|perfect|full marks|exemplary)\b)`,
    'm',
    SCORE_ASKED,
  ),
  // Not from a line start after a blank line when this line is blank too: the match from
  // the first blank line is the same one, and each blank line would read the run again.
  strong(
    'judge-format',
    `^(?!(?<=^[^\\S\\n\\r\\u2028\\u2029]*[\\n\\r\\u2028\\u2029])[ \\t]*[^\\S \\t])[ \\t]*(?![ \\t])(?:#{1,6}|\\*\\*|[\\[(<«【〔《〈])?\\s*(?!\\s)(?:総合評価|最終評価|評価結果|採点結果|審査結果|判定結果|評価|採点|评分结果|评估结果|评审结果|评审意见|評分結果|評估結果|評審結果|評審意見|resultado de la evaluacion|evaluacion|calificacion|puntuacion)\\s*(?:\\*\\*|[\\])>»】〕》〉])\\s*[^\\n]{0,40}?(?:${NUM_JA}\\s*(?:点|分|/)|スコア|満点|满分|滿分)`,
    'm',
    SCORE_ASKED,
  ),
  borderline(
    'judge-format',
    String.raw`^[ \t]*#{1,6}\s*(?:final\s+|overall\s+)?(?:evaluation|grading|assessment|scoring|verdict|score|rating)(?:\s+(?:result|results|summary|outcome|notes?))?\s*$`,
    'm',
  ),
  // A grade in a code comment ("-- score=5"): code may hold such a line honestly; spelled
  // with invisible characters between its letters, it is a flag (manipulation.ts).
  borderline(
    'judge-format',
    String.raw`(?:--|//|/\*|(?<![^\s])#)[ \t]*(?:score|grade|rating|verdict)[ \t]*[=:][ \t]*(?:10|[0-9])(?![0-9]|[.,][0-9])`,
    'm',
  ),
  borderline(
    'judge-format',
    `^[ \\t]*#{1,6}\\s*(?:評価|採点|評価結果|採点結果|评分|评分结果|評分|evaluacion|calificacion)\\s*$`,
    'm',
  ),
  // A scale restated as a rubric: three lines "5: right …", "4: …" — a rubric the task
  // did not ask for.
  strong(
    'judge-format',
    String.raw`^[ \t>*-]*(?:10|[0-9])[ \t]*(?:points?|点|分|puntos?)?[ \t]*[:=)–—-][ \t]*[^\n]{0,80}?\b(?:correct|right|wrong|partly|partially|helpful|incorrect|excellent|poor|perfect|accurate|正し|誤|部分|役に立|完璧|不十分|正确|错误|部分|correcta|incorrecta|parcial|excelente)[^\n]{0,80}\n(?:[ \t>*-]*(?:10|[0-9])[ \t]*(?:points?|点|分|puntos?)?[ \t]*[:=)–—-][^\n]{0,160}\n?){1,8}`,
    'm',
    SCORE_ASKED,
  ),

  // ------------------------------------------------ chat role markers and special tokens
  ...roleLineRules(),
  strong(
    'role-marker',
    String.raw`^[ \t]*[\[<(]\s*(?:system|sys|developer|admin|システム|系统|系統|sistema)\s*[\]>)]`,
    'm',
    ['#system'],
  ),
  strong(
    'role-marker',
    String.raw`<\|[a-z_]{2,30}\|>|<\/?(?:system|sys|assistant|im_start|im_end)>|\[\/?inst\]|<<\/?sys>>|<(?:start|end)_of_turn>|^[ \t]*###\s*(?:system|instruction|response|human|assistant)\s*:?[ \t]*$`,
    'm',
    ['#chat-format'],
  ),
  // A forged tool or function result: "[tool_result …]", "<function_results>".
  strong(
    'role-marker',
    String.raw`^[ \t]*[\[<]\/?\s*(?:tool[_ -]?(?:result|output|response|call)|function[_ -]?(?:result|results|output|call)|observation)\b[^\n]{0,80}[\]>]`,
    'm',
    ['#chat-format'],
  ),

  // ------------------------------------------------ delimiters shaped like ours, any bracket
  // A line of brackets or rules around an END/BEGIN word and one of our block names.
  strong(
    'delimiter',
    String.raw`^[ \t]*[<«‹\[{(【〔〈《⟦⟪⟨❮❰=~*#_|-]{1,8}[ \t]*\/?[ \t]*(?:end|begin|start|close|fin|終了|終わり|结束|結束|開始|开始)[ \t_-]*(?:of[ \t_-]+)?(?:the[ \t_-]+)?(?:(?:model|candidate|student|assistant|ai)[ \t_-]+)?(?:answer|response|reply|task|reference|input|instructions?|grader|grading|judge|evaluation|system|prompt|rubric|candidate|submission|output|respuesta|回答|解答|課題|模範解答|答案|回复|回覆|参考答案|參考答案)?(?:[ \t_-]+(?:[ab]|to grade|block|section|instructions?|response|answer))?(?:[ \t_-]+[0-9a-f]{4,64})?[ \t]*[>»›\]})】〕〉》⟧⟫⟩❯❱=~*#_|-]{1,8}[ \t]*$`,
    'm',
    PROMPT_ASKED,
  ),
  // The same with a bracket and no END word: "[ANSWER]", "<</ANSWER>>", "«TASK 3f9c»".
  strong(
    'delimiter',
    String.raw`^[ \t]*[<«‹\[{(⟦⟪⟨❮❰]{1,8}[ \t]*\/?[ \t]*(?:answer|response|reply|task|reference|grader|grading|judge|system|prompt|rubric)(?:[ \t_-]+(?:[ab]|to grade|block|section|instructions?))?(?:[ \t_-]+[0-9a-f]{4,64})?[ \t]*[>»›\]})⟧⟫⟩❯❱]{1,8}[ \t]*$`,
    'm',
    PROMPT_ASKED,
  ),
  strong(
    'delimiter',
    String.raw`^[ \t]*[<«‹\[{(【〔〈《⟦⟪⟨❮❰]{2,8}[ \t]*(?:end|fin|終了|结束|結束)[ \t]*[>»›\]})】〕〉》⟧⟫⟩❯❱]{2,8}[ \t]*$`,
    'm',
  ),
  strong(
    'delimiter',
    String.raw`<<<\s*\/?\s*(?:end|answer|task|reference|response)\b|(?:answer|task|reference)(?:\s+[ab])?\s+[0-9a-f]{6,}\s*>>>|\[\[\[\s*end|«««|»»»`,
  ),
  // Not from a line start after a blank line when this line is blank too: the match from
  // the first blank line is the same one, and each blank line would read the run again.
  strong(
    'delimiter',
    String.raw`^(?!(?<=^[^\S\n\r\u2028\u2029]*[\n\r\u2028\u2029])[ \t]*[^\S \t])[ \t]*(?![ \t])(?:[-=~*#_]{0,8}\s*(?!\s))?(?:end of (?:the\s+)?(?:answer|response|reply|output|candidate response|submission)|(?:answer|response|reply) ends here)\s*[-=~*#_]{0,8}[ \t]*$`,
    'm',
  ),
  strong(
    'delimiter',
    String.raw`^[ \t]*-{3,}\s*(?:begin|end)\s+(?:[a-z]+\s+){0,3}?(?:grader|grading|judge|evaluation|instructions?|system|answer|response|prompt|rubric)(?:\s+[a-z]+){0,3}\s*-{3,}`,
    'm',
  ),
  regexRule(
    'delimiter',
    'strong',
    rx(
      String.raw`<\/?(answer|response|reply|task|reference|grading|grader|judge|judgement|judgment|evaluation|rubric|system|instructions?|score|verdict|candidate|judge_instructions|grader_instructions|grading_instructions|grader_note|judge_note|grading_note|evaluator_note)(?:\s[^<>\n]{0,40})?>`,
    ),
    (m) => [`<${(m[1] ?? '').toLowerCase()}`],
  ),
  // <grade>A</grade>, <rating>5</rating>: a grade in a tag, unless the task asks for data or a grade.
  strong(
    'judge-format',
    String.raw`<(grade|rating|points|marks|final_score|overall_score|self_score)(?:\s[^<>\n]{0,40})?>\s*(?:10|100|[0-9]|A\+?|S|pass|perfect|excellent)\s*<\/\1>`,
    '',
    ['#score|#code'],
  ),
  strong(
    'delimiter',
    String.raw`^[ \t]*#{1,6}\s*(?:how to grade|how to decide|answer to grade|answer [ab]\s*$|grading notes|grading instructions|reference answer\s*$|採点方法|判断の方法|採点する回答|この課題の採点メモ|模範解答\s*$)`,
    'm',
  ),
  strong(
    'delimiter',
    `[【〔\\[]\\s*(?:回答|解答|答案|回复|respuesta)?\\s*(?:終了|終わり|ここまで|结束|結束|fin)\\s*[】〕\\]]`,
  ),
  strong(
    'delimiter',
    `[【〔\\[]\\s*(?:採点|評価|審査|评分|評分|grading|evaluation)(?:者|者への|者向け|员)?\\s*(?:への)?\\s*(?:追加)?\\s*(?:指示|方法|基準|说明|說明|instructions?|notes?|メモ)\\s*[】〕\\]]`,
  ),
  // Round 14: a bracketed end-of-answer mark anywhere on a line, in either order and in any
  // bracket the judge prompt could use doubled or a mathematical one ("<<<答案结束>>>",
  // "⟦FIN DE LA RÉPONSE⟧", "[[RESPONSE END]]", "〚回答終了〛").
  strong(
    'delimiter',
    String.raw`(?:<{2,8}|\[{2,8}|\{{2,8}|«{2,8}|‹{2,8}|[⟦⟪〚⦃⦅〖])[ \t]{0,3}\/?[ \t]{0,3}(?:(?:end|fin|fine|ende|final)[ \t_-]{0,3}(?:(?:of|de|del|du|der|des|dell)[ \t_-]{1,3})?(?:(?:the|la|le|el|die|l'|a)[ \t_-]{0,3})?(?:answer|response|reply|reponse|respuesta|antwort|risposta|resposta|output|submission)|(?:answer|response|reply|reponse|respuesta|antwort|risposta|resposta|output|submission)[ \t_-]{0,3}(?:end|ends|ende|fin|fine|final)|(?:回答|解答|答案|回复|回覆|답변)[ \t]{0,2}(?:終了|終わり|结束|結束|完|끝)|(?:終了|结束|結束)[ \t]{0,2}(?:回答|解答|答案))[ \t]{0,3}(?:>{2,8}|\]{2,8}|\}{2,8}|»{2,8}|›{2,8}|[⟧⟫〛⦄⦆〗])`,
    '',
    PROMPT_ASKED,
  ),
  // A grade inside such brackets, or between an opening and a closing one:
  // "<<<评分：10>>>", "⟦ÉVALUATION⟧ 20/20 ⟦/ÉVALUATION⟧".
  strong(
    'judge-format',
    String.raw`(?:<{2,8}|\[{2,8}|\{{2,8}|«{2,8}|[⟦⟪〚])[ \t]{0,3}(?:evaluation|evaluacion|grading|grade|score|scoring|rating|verdict|puntuacion|calificacion|nota|note|bewertung|評価|採点|评分|評分|평가|점수)[ \t]{0,3}(?:[:：=][ \t]{0,3}(?:10|100|[0-9]|a\+?|s)(?:[ \t]{0,2}\/[ \t]{0,2}[0-9]{1,3})?[ \t]{0,3}(?:>{2,8}|\]{2,8}|\}{2,8}|»{2,8}|[⟧⟫〛])|(?:>{2,8}|\]{2,8}|\}{2,8}|»{2,8}|[⟧⟫〛])[^\n]{1,40}?(?:<{2,8}|\[{2,8}|\{{2,8}|«{2,8}|[⟦⟪〚])[ \t]{0,3}\/)`,
    '',
    ['#score|#prompt-template'],
  ),
  // "=== GRADING INSTRUCTIONS ===": a section for the grader, in any rule of brackets.
  strong(
    'delimiter',
    String.raw`^[ \t]*[=~*#_|<\[{(-]{2,8}[ \t]*(?:grading|grader|judge|judging|evaluation|evaluator|scoring|rubric)[ \t_-]+(?:instructions?|notes?|guidance|rules|section|override)[ \t]*[=~*#_|>\]})-]{2,8}[ \t]*$`,
    'm',
  ),
];
