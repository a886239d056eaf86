/**
 * report.html's data block: its format, the writer (`pageDataChunks`) and the reader the page
 * runs (`readPageData`), in one place.
 *
 * The page needs every suite's cases and one table of texts they point into (questions,
 * expected answers, replies, errors, a kind's sections; case-data.ts). The texts are numbered
 * as the cases are made, so a format with all texts first and all cases after (`{text,
 * strings, suites}`, as the page carried until issue 30) made the writer hold every case's
 * JSON until the last text was written: about 100 bytes a case, 9 M characters at 100,000
 * cases. So the block is written in pieces, each carrying the texts first numbered while its
 * cases were made and then those cases:
 *
 *     {"text": {…the page's own words…},
 *      "pieces": [{"suite": 0, "strings": [texts], "cases": [at most CASES_PER_PIECE cases]}, …],
 *      "suites": [{"name": …, "metric": …, "passFail": …}, …]}
 *
 * A text's number is its place in all pieces' `strings` taken in order; a suite's cases are
 * its pieces' `cases` in order (a piece holds one suite's cases; a suite without cases has no
 * piece). The suites' own fields come last: one is known only once its cases are made. The
 * writer holds at most one piece's cases; `readPageData` joins the pieces back into the
 * `{text, strings, suites}` the page's script reads. It is still one JSON document in one
 * `<script type="application/json">` block, escaped as every page's data is (`jsonForScript`),
 * each piece of text on its own: the escapes are per character, and every boundary between
 * pieces falls between JSON values, at our own punctuation.
 */
import { pageCases, TextTable, type PageCase, type PageSuite } from './case-data.ts';
import { jsonForScript } from './html-page.ts';
import type { ReportLanguage } from './languages.ts';
import type { ReportInput } from './markdown.ts';
import type { ViewMessages } from './views-messages.ts';

/** Cases in one piece: few enough to hold, many enough that the pieces' own keys cost little. */
export const CASES_PER_PIECE = 256;

/** The data as the page's script reads it: every text by number, every suite with its cases. */
export interface PageData {
  text: ViewMessages['client'];
  strings: string[];
  suites: PageSuite[];
}

/** One piece of the block as written: texts first numbered in it, then up to CASES_PER_PIECE cases of one suite. */
export interface PageDataPiece {
  suite: number;
  strings: string[];
  cases: PageCase[];
}

/** The data block as written. */
export interface WrittenPageData {
  text: ViewMessages['client'];
  pieces: PageDataPiece[];
  suites: Omit<PageSuite, 'cases'>[];
}

/**
 * The data block's text, made as it is written: each text the table numbers is written before
 * the next case is made (the table keeps no text), and a piece's cases, each made safe by
 * `jsonForScript` as it is made, are held until the piece is closed. Nothing held grows with
 * the number of cases but the text table's keys (16 bytes a distinct text).
 */
export function* pageDataChunks(
  text: ViewMessages['client'],
  input: ReportInput,
  language: ReportLanguage,
  perPiece: number = CASES_PER_PIECE,
): Generator<string> {
  yield openEnd(jsonForScript({ text, pieces: [] }));
  const table = new TextTable();
  const suites: Omit<PageSuite, 'cases'>[] = [];
  let pieces = 0;
  for (let s = 0; s < input.comparisons.length; s++) {
    const c = input.comparisons[s] as ReportInput['comparisons'][number];
    const made = pageCases(c, input.results.get(c.name), input.baselines?.get(c.name) ?? null, table, language);
    // The piece being written: open once its first text or case is made; its texts so far; its cases' JSON.
    let open = false;
    let strings = 0;
    let cases: string[] = [];
    const opening = (): string => {
      open = true;
      return `${pieces++ > 0 ? ',' : ''}{"suite":${s},"strings":[`;
    };
    for (;;) {
      const r = made.next();
      for (const t of table.takeNew()) yield `${open ? '' : opening()}${strings++ > 0 ? ',' : ''}${jsonForScript(t)}`;
      if (!r.done) {
        if (!open) yield opening();
        cases.push(jsonForScript(r.value));
      }
      if (open && (r.done || cases.length >= perPiece)) {
        yield `],"cases":[${cases.join(',')}]}`;
        open = false;
        strings = 0;
        cases = [];
      }
      if (r.done) {
        suites.push(r.value);
        break;
      }
    }
  }
  yield `],"suites":${jsonForScript(suites)}}`;
}

/** JSON of an object whose last value is an empty array, without its closing `]}`: the array is written after it. */
function openEnd(json: string): string {
  if (!json.endsWith('[]}')) throw new Error('report.html: the page data does not end in an empty list');
  return json.slice(0, -2);
}

/**
 * The pieces joined back: every text in the order of its number, every suite with its cases in
 * the page's order. Runs in the page as its own source text (html-client.ts splices in
 * `readPageData.toString()`), so it must stay self-contained and plain: nothing from outside
 * its body, only what every browser the page supports has.
 */
export function readPageData(data: WrittenPageData): PageData {
  const strings: string[] = [];
  const suites: PageSuite[] = [];
  for (let i = 0; i < data.suites.length; i++) {
    const s = data.suites[i] as Omit<PageSuite, 'cases'>;
    suites.push({ name: s.name, metric: s.metric, passFail: s.passFail, cases: [] });
  }
  for (let p = 0; p < data.pieces.length; p++) {
    const piece = data.pieces[p] as PageDataPiece;
    for (let i = 0; i < piece.strings.length; i++) strings.push(piece.strings[i] as string);
    const suite = suites[piece.suite];
    if (suite) for (let i = 0; i < piece.cases.length; i++) suite.cases.push(piece.cases[i] as PageCase);
  }
  return { text: data.text, strings, suites };
}
