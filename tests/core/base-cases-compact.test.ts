// The base commit's cases are held as ids and hashes (core/engine.ts): a pull request that
// edits or removes rows of a CSV or JSON-array dataset still has every case the base
// defines measured, in the base's version, read back from the base's bytes — also from a
// base that gives files only whole (git), and never through the pull request's reader.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createFsRunStore, createFsWorkspace } from '../../src/adapters/fs-store.ts';
import { createClientFactory } from '../../src/adapters/providers.ts';
import { systemClock } from '../../src/adapters/system.ts';
import { parseConfig } from '../../src/core/config/load.ts';
import { runEvaluation } from '../../src/core/engine.ts';
import type { Workspace } from '../../src/ports.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';

const config = (url: string, file: string): string => `version: 1
providers:
  target: {model: m, base-url: "${url}"}
suites:
  - name: s
    kind: prompt
    provider: target
    dataset: ${file}
    templates: {user: user.txt}
    assert:
      - {type: contains, value: "{answer}"}
`;

const BASE = [
  { id: 'a', q: 'erste Frage ü', answer: 'eins' },
  { id: 'b', q: 'zweite,\r\nmit Zeilenumbruch', answer: 'zwei' },
  { id: 'c', q: 'dritte "zitiert"', answer: 'drei' },
  { id: 'd', q: 'vierte — 字', answer: 'vier' },
];
/** The pull request: b edited, d removed, e added. */
const HEAD = [BASE[0], { ...BASE[1], q: 'zweite, geändert' }, BASE[2], { id: 'e', q: 'neue', answer: 'fünf' }] as {
  id: string;
  q: string;
  answer: string;
}[];

const csv = (rows: typeof BASE): string =>
  `\uFEFFid,q,answer\r\n${rows.map((r) => [r.id, `"${r.q.replaceAll('"', '""')}"`, r.answer].join(',')).join('\r\n')}\r\n`;
const json = (rows: typeof BASE): string => `[\n${rows.map((r) => `  ${JSON.stringify(r)}`).join(',\n')}\n]\n`;

/** A workspace that gives files only whole, as git does. */
const whole = (inner: Workspace): Workspace => ({
  readBytes: (p) => inner.readBytes(p),
  readStream: (p) => inner.readStream(p),
  exists: (p) => inner.exists(p),
  listFolders: (p) => inner.listFolders(p),
  locate: (p) => inner.locate(p),
});

describe("the base commit's cases, held compact", () => {
  let server: FakeOpenAI;
  let root: string;
  before(async () => {
    server = await startFakeOpenAI(() => ({ content: 'ok' }));
    root = await mkdtemp(join(tmpdir(), 'evalgate-base-compact-'));
  });
  after(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });

  for (const [format, write] of [
    ['csv', csv],
    ['json', json],
  ] as const)
    for (const gitLike of [false, true])
      it(`measures the base's version of edited and removed ${format} rows (${gitLike ? 'a base given whole' : 'a base read by range'})`, async () => {
        const dir = join(root, `${format}-${gitLike}`);
        const file = `data.${format}`;
        for (const [side, rows] of [
          ['base', BASE],
          ['head', HEAD],
        ] as const) {
          await mkdir(join(dir, side), { recursive: true });
          await writeFile(join(dir, side, 'evalgate.yml'), config(server.url, file));
          await writeFile(join(dir, side, file), write(rows));
          await writeFile(join(dir, side, 'user.txt'), 'Q: {q}');
        }
        const parse = (side: string): ReturnType<typeof parseConfig> =>
          parseConfig(config(server.url, file), join(dir, side, 'evalgate.yml'));
        const baseWs = createFsWorkspace(join(dir, 'base'));
        const before = server.requests.length;
        await runEvaluation(
          {
            loaded: parse('head'),
            suites: [],
            updateBaseline: false,
            fresh: true,
            base: { loaded: parse('base'), workspace: gitLike ? whole(baseWs) : baseWs },
            instrument: baseWs,
          },
          {
            workspace: createFsWorkspace(join(dir, 'head')),
            store: createFsRunStore(join(dir, 'out'), join(dir, 'base', 'baselines')),
            clock: systemClock,
            logger: { info: () => undefined, warn: () => undefined },
            toolVersion: 'test',
            newRunId: () => 'run',
            createClient: createClientFactory({ OPENAI_API_KEY: 'k' }, 'evalgate.yml', { cacheDir: null }),
            nonce: () => randomBytes(12).toString('hex'),
          },
        );
        const asked = server.requests
          .slice(before)
          .map((r) => r.messages.at(-1)?.content ?? '')
          .sort();
        assert.deepEqual(
          asked,
          [
            'Q: erste Frage ü',
            'Q: zweite,\r\nmit Zeilenumbruch',
            'Q: dritte "zitiert"',
            'Q: vierte — 字',
            'Q: neue',
          ].sort(),
        );
      });
});
