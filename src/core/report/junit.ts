/**
 * junit.xml: the run as JUnit XML, the format GitHub test-report actions, GitLab, Jenkins
 * and most CI systems read. One <testsuite> per suite with its verdict in <properties>;
 * one <testcase> per case (failures for failing and regressed cases, errors for calls
 * that failed), and one `gate` test case per suite that fails exactly when the suite
 * fails the check, so a reporter's summary agrees with evalgate's exit code.
 *
 * Everything from a model or a config is hostile: every string passes through xmlText
 * or xmlAttribute, which keep the document well-formed XML 1.0 whatever the text holds
 * (control characters, lone surrogates, `]]>`, quotes, markup). No CDATA is used, so no
 * content can close one.
 */
import type { SuiteComparison } from '../compare/index.ts';
import { caseTable, recordsByCase, sideMeans } from '../compare/pairing.ts';
import { recordColumns } from '../stored-records.ts';
import type { CaseRecord, SuiteResult } from '../types.ts';
import { formatMetric, formatPercent, formatSigned } from './format.ts';
import { messagesFor } from './messages.ts';
import { truncate } from './sanitize.ts';
import { failsCheck } from '../summary.ts';

/** What junit.xml is made from (the same as the report). */
export interface JunitInput {
  comparisons: readonly SuiteComparison[];
  results: ReadonlyMap<string, SuiteResult>;
  /** Suites in the config that were not run: a skipped `gate` case each. */
  notRun?: readonly { name: string; reason: string }[];
}

// Characters XML 1.0 does not allow (C0 controls but tab, LF, CR; U+FFFE, U+FFFF; lone
// surrogates), and C1 controls, which it allows but discourages: written as visible
// escapes (\u001b) instead, so nothing is lost and no parser refuses the file.
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function visible(text: string): string {
  return text.replace(NOT_XML, (c) => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`);
}

/** Text content: markup escaped, `>` too (so `]]>` cannot appear), CR kept as a reference. */
export function xmlText(text: string): string {
  return visible(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

/** An attribute value in double quotes: also quotes and whitespace, which parsers would normalize. */
export function xmlAttribute(text: string): string {
  return xmlText(text).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

/** Longest message attribute and failure body (code points), so 10,000 cases stay readable. */
const MESSAGE_MAX = 300;
const BODY_MAX = 1500;

interface CaseOutcome {
  id: string;
  seconds: number;
  kind: 'pass' | 'failure' | 'error' | 'skipped';
  type: string;
  message: string;
  body: string;
}

/** Renders junit.xml. */
export function renderJunit(input: JunitInput): string {
  return [...junitChunks(input)].join('');
}

/**
 * junit.xml in pieces, to be written as they come: one per test case, so no string holds
 * the XML of every case (the totals come first, from the outcomes, which are held; their
 * XML is not). Joined, the pieces are the document `renderJunit` returns.
 */
export function* junitChunks(input: JunitInput): Generator<string> {
  const suites = input.comparisons.map((c) => suiteXml(c, input.results.get(c.name)));
  const reasons = messagesFor('en').notRunReason;
  for (const s of input.notRun ?? []) suites.push(notRunXml(s.name, reasons[s.reason] ?? s.reason));
  const sum = (key: 'tests' | 'failures' | 'errors' | 'skipped'): number =>
    suites.reduce((total, s) => total + s.counts[key], 0);
  const time = suites.reduce((total, s) => total + s.seconds, 0);
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield `<testsuites name="evalgate" tests="${sum('tests')}" failures="${sum('failures')}" errors="${sum('errors')}" skipped="${sum('skipped')}" time="${seconds(time)}">\n`;
  for (const s of suites) {
    yield s.head;
    for (const x of s.cases()) yield `\n${testcaseXml(s.classname, x)}`;
    yield '\n  </testsuite>\n';
  }
  yield '</testsuites>\n';
}

/** A suite's element: its opening tag and properties, then a test case per outcome. */
interface SuiteXml {
  head: string;
  classname: string;
  /** The outcomes, as they are written: 100,000 of them are never all held. */
  cases: () => Iterable<CaseOutcome>;
  seconds: number;
  counts: { tests: number; failures: number; errors: number; skipped: number };
}

function suiteXml(c: SuiteComparison, result: SuiteResult | undefined): SuiteXml {
  const outcomes = result
    ? caseOutcomes(c, result)
    : { length: 0, ids: { get: () => '' }, at: (): CaseOutcome => ({}) as CaseOutcome };
  const gate = gateCase(c);
  const counts = { tests: outcomes.length + 1, failures: 0, errors: 0, skipped: 0 };
  let caseSeconds = 0;
  const tally = (x: CaseOutcome): void => {
    if (x.kind === 'failure') counts.failures++;
    else if (x.kind === 'error') counts.errors++;
    else if (x.kind === 'skipped') counts.skipped++;
  };
  // A passing case is written from its id and time alone, kept as a column; the others
  // (a few in most runs) are kept whole, so no record is read again to write them.
  const passSeconds = new Float64Array(outcomes.length);
  const kept = new Map<number, CaseOutcome>();
  for (let i = 0; i < outcomes.length; i++) {
    const x = outcomes.at(i);
    tally(x);
    caseSeconds += x.seconds;
    if (x.kind === 'pass') passSeconds[i] = x.seconds;
    else kept.set(i, x);
  }
  const ids = outcomes.ids;
  tally(gate);
  const wall = result ? (Date.parse(result.finishedAt) - Date.parse(result.startedAt)) / 1000 : NaN;
  const time = Number.isFinite(wall) && wall >= 0 ? wall : caseSeconds;
  const stamp =
    result && Number.isFinite(Date.parse(result.startedAt)) ? ` timestamp="${xmlAttribute(result.startedAt)}"` : '';
  const properties = suiteProperties(c, result).map(
    ([name, value]) => `      <property name="${xmlAttribute(name)}" value="${xmlAttribute(value)}"/>`,
  );
  return {
    seconds: time,
    counts,
    classname: `evalgate.${c.name}`,
    cases: function* () {
      for (let i = 0; i < outcomes.length; i++)
        yield (
          kept.get(i) ?? {
            id: ids.get(i),
            seconds: passSeconds[i] as number,
            kind: 'pass',
            type: '',
            message: '',
            body: '',
          }
        );
      yield gate;
    },
    head: [
      `  <testsuite name="${xmlAttribute(c.name)}" tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}" time="${seconds(time)}"${stamp}>`,
      '    <properties>',
      ...properties,
      '    </properties>',
    ].join('\n'),
  };
}

function notRunXml(name: string, reason: string): SuiteXml {
  const gate: CaseOutcome = { id: 'gate', seconds: 0, kind: 'skipped', type: 'not-run', message: reason, body: '' };
  return {
    seconds: 0,
    counts: { tests: 1, failures: 0, errors: 0, skipped: 1 },
    classname: `evalgate.${name}`,
    cases: () => [gate],
    head: [
      `  <testsuite name="${xmlAttribute(name)}" tests="1" failures="0" errors="0" skipped="1" time="0">`,
      '    <properties>',
      '      <property name="evalgate.verdict" value="not-run"/>',
      `      <property name="evalgate.reason" value="${xmlAttribute(reason)}"/>`,
      '    </properties>',
    ].join('\n'),
  };
}

function testcaseXml(classname: string, x: CaseOutcome): string {
  const open = `    <testcase classname="${xmlAttribute(classname)}" name="${xmlAttribute(x.id)}" time="${seconds(x.seconds)}"`;
  if (x.kind === 'pass') return `${open}/>`;
  const message = xmlAttribute(truncate(x.message, MESSAGE_MAX));
  const type = xmlAttribute(x.type);
  const inner =
    x.kind === 'skipped'
      ? `      <skipped message="${message}"/>`
      : `      <${x.kind} message="${message}" type="${type}">${xmlText(truncate(x.body, BODY_MAX))}</${x.kind}>`;
  return [`${open}>`, inner, '    </testcase>'].join('\n');
}

function suiteProperties(c: SuiteComparison, result: SuiteResult | undefined): [string, string][] {
  const f = c.unit === 'absolute' ? formatSigned : formatPercent;
  const out: [string, string][] = [
    ['evalgate.verdict', c.verdict],
    ['evalgate.fails-check', String(failsCheck(c))],
    ['evalgate.kind', c.kind],
    ['evalgate.metric', c.metric],
  ];
  if (result) out.push(['evalgate.model', result.tested.model]);
  if (c.baseline !== null) out.push(['evalgate.baseline', String(c.baseline)]);
  if (c.candidate !== null) out.push(['evalgate.candidate', String(c.candidate)]);
  if (c.change !== null) out.push(['evalgate.change', f(c.change)]);
  if (c.interval) out.push(['evalgate.interval', `[${f(c.interval.lower)}, ${f(c.interval.upper)}]`]);
  if (c.threshold !== null) out.push(['evalgate.max-drop', f(-c.threshold)]);
  const p = c.multiplicity?.pAdjusted ?? c.exactTest?.pValue;
  if (p !== undefined) out.push(['evalgate.p-value', String(p)]);
  if (c.pairing) out.push(['evalgate.cases-compared', String(c.pairing.compared)]);
  for (const floor of c.floors)
    out.push([
      `evalgate.floor.${floor.metric}`,
      `${floor.min} (this run: ${formatMetric(floor.value)}, ${floor.met ? 'met' : 'not met'})`,
    ]);
  return out;
}

/** The suite's own test case: failed exactly when the suite fails the check. */
function gateCase(c: SuiteComparison): CaseOutcome {
  const f = c.unit === 'absolute' ? formatSigned : formatPercent;
  const lines: string[] = [];
  if (c.change !== null)
    lines.push(
      `${c.metric}: ${formatMetric(c.baseline)} -> ${formatMetric(c.candidate)}, change ${f(c.change)}${c.interval ? ` [${f(c.interval.lower)}, ${f(c.interval.upper)}]` : ''}${c.threshold !== null ? `; allowed drop ${f(-c.threshold)}` : ''}`,
    );
  for (const floor of c.floors.filter((x) => !x.met))
    lines.push(
      `below the floor: ${floor.metric} ${formatMetric(floor.value)}, at least ${formatMetric(floor.min)} required${floor.problem ? ` (${floor.problem})` : ''}`,
    );
  if (c.errors.candidate > 0) lines.push(`${c.errors.candidate} of ${c.errors.records} calls failed`);
  lines.push(...c.errors.samples.map((s) => `error: ${s}`), ...c.notes);
  const summary = `${c.verdict}${lines[0] ? `: ${lines[0]}` : ''}`;
  if (!failsCheck(c)) return { id: 'gate', seconds: 0, kind: 'pass', type: '', message: '', body: '' };
  return {
    id: 'gate',
    seconds: 0,
    kind: c.verdict === 'error' ? 'error' : 'failure',
    type: c.verdict,
    message: summary,
    body: lines.join('\n'),
  };
}

/**
 * One outcome per case, in the order the result first names them, made on demand (`at`):
 * the cases are numbered once (CaseTable), their records grouped by number in two typed
 * columns and their means of each binary metric held as columns, where a Map of arrays
 * (copied on every record) and a Map of means per metric were held before.
 */
function caseOutcomes(
  c: SuiteComparison,
  result: SuiteResult,
): { length: number; ids: { get(i: number): string }; at: (i: number) => CaseOutcome } {
  const table = caseTable({ records: [] as CaseRecord[] } as SuiteResult, result);
  const n = table.candCases;
  const all = result.records;
  const byCase = recordsByCase(all, table);
  const binary = result.instrument.metrics.filter((m) => m.binary).map((m) => m.name);
  const primaryBinary = binary.includes(c.metric);
  // Once per metric (the primary metric is often one of the binary ones).
  const means = new Map([...new Set([c.metric, ...binary])].map((name) => [name, sideMeans(all, name, table)]));
  const meanOf = (name: string, i: number): number | undefined => {
    const m = means.get(name) as ReturnType<typeof sideMeans>;
    return (m.count[i] as number) > 0 ? (m.mean[i] as number) : undefined;
  };
  const regressed = new Map(c.regressedCases.map((x) => [x.caseId, x]));
  const columns = recordColumns(all);
  /** A case's time and errors from a stored result's columns (no record read), or null. */
  const fromColumns = (i: number): { seconds: number; errors: number } | null => {
    if (!columns) return null;
    let t = 0;
    let errors = 0;
    for (let k = byCase.start[i] as number; k < (byCase.start[i + 1] as number); k++) {
      const at = byCase.order[k] as number;
      const latency = columns.latency.get(at);
      // A latency that is not a number adds as the record does: read the records.
      if (Number.isNaN(latency)) return null;
      t += latency;
      if (columns.status.get(at) === 1) errors++;
    }
    return { seconds: t / 1000, errors };
  };
  const at = (i: number): CaseOutcome => {
    const id = table.ids.get(i);
    const mean = meanOf(c.metric, i);
    const quick = fromColumns(i);
    // A case that passed or was skipped is written from the columns when there are any.
    if (quick && quick.errors === 0 && !regressed.has(id) && !(primaryBinary && mean !== undefined && mean < 1))
      return mean === undefined
        ? {
            id,
            seconds: quick.seconds,
            kind: 'skipped',
            type: 'no-score',
            message: 'no valid score (excluded from scoring)',
            body: '',
          }
        : { id, seconds: quick.seconds, kind: 'pass', type: '', message: '', body: '' };
    const records = byCase.of(i);
    const seconds = records.reduce((t, r) => t + (r.latencyMs ?? 0), 0) / 1000;
    const first = records.find((r) => r.status !== 'error' && r.reply) ?? records[0];
    const errored = records.filter((r) => r.status === 'error');
    const reasons: string[] = [];
    if (errored.length > 0)
      reasons.push(
        `${errored.length} of ${records.length} ${records.length === 1 ? 'call' : 'calls'} failed: ${errored[0]?.error?.message ?? 'error'}`,
      );
    if (primaryBinary && mean !== undefined && mean < 1) {
      // The other binary metrics this case missed (a prompt suite's assertions, say).
      const missed = binary.filter((name) => name !== c.metric && (meanOf(name, i) ?? 1) < 1);
      reasons.push(
        `failed: ${c.metric} ${formatMetric(mean)}${missed.length > 0 ? ` (missed: ${missed.join(', ')})` : ''}`,
      );
    }
    const change = regressed.get(id);
    if (change)
      reasons.push(
        `regressed: ${c.metric} ${formatMetric(change.baseline)} -> ${formatMetric(change.candidate)} against the baseline`,
      );
    if (reasons.length === 0 && mean === undefined && errored.length === 0)
      return {
        id,
        seconds,
        kind: 'skipped',
        type: 'no-score',
        message: 'no valid score (excluded from scoring)',
        body: '',
      };
    if (reasons.length === 0) return { id, seconds, kind: 'pass', type: '', message: '', body: '' };
    const body = [
      ...reasons,
      ...(first?.detail && typeof first.detail['question'] === 'string'
        ? [`question: ${first.detail['question']}`]
        : []),
      ...(first?.detail && typeof first.detail['expected'] === 'string'
        ? [`expected: ${first.detail['expected']}`]
        : []),
      ...(first?.reply ? [`reply: ${first.reply.text}`] : []),
    ].join('\n');
    return {
      id,
      seconds,
      kind: errored.length > 0 ? 'error' : 'failure',
      type: errored.length > 0 ? 'call-failed' : change ? 'regressed' : 'failed',
      message: reasons.join('; '),
      body,
    };
  };
  return { length: n, ids: table.ids, at };
}

function seconds(value: number): string {
  return (Math.round(value * 1000) / 1000).toFixed(3);
}
