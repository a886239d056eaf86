/**
 * A fake Git LFS server for tests: a real HTTP server on 127.0.0.1 answering the batch API
 * (basic transfer) for the objects it is given, serving them from itself, and recording
 * every request with its Authorization header — so a test can see which host git-lfs
 * asked and what credentials it sent there.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { listenOnLoopback } from './loopback.ts';

/** Whether `git lfs` is installed (tests that need it are skipped without it). */
export const hasGitLfs = ((): boolean => {
  try {
    execFileSync('git', ['lfs', 'version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** One request the fake saw. */
export interface LfsRequest {
  method: string;
  path: string;
  authorization: string | null;
}

/** A running fake LFS server. */
export interface FakeLfs {
  /** http://127.0.0.1:PORT */
  url: string;
  requests: LfsRequest[];
  /** What it serves for an oid (sha256 hex); set any bytes, right or wrong. */
  objects: Map<string, Uint8Array>;
  /** Serves `content` under its own sha256. */
  add(content: string): void;
  close(): Promise<void>;
}

export async function startFakeLfs(): Promise<FakeLfs> {
  const state: FakeLfs = {
    url: '',
    requests: [],
    objects: new Map(),
    add: (content) => {
      state.objects.set(createHash('sha256').update(content).digest('hex'), new TextEncoder().encode(content));
    },
    close: async () => undefined,
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      state.requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization ?? null });
      const download = /^\/download\/([0-9a-f]{64})$/.exec(path);
      if (req.method === 'GET' && download) {
        const bytes = state.objects.get(download[1] as string);
        res.writeHead(bytes ? 200 : 404, { 'content-type': 'application/octet-stream' });
        res.end(bytes ?? '');
        return;
      }
      if (req.method === 'POST' && path.endsWith('/objects/batch')) {
        const asked = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          objects: { oid: string; size: number }[];
        };
        const objects = asked.objects.map(({ oid, size }) =>
          state.objects.has(oid)
            ? { oid, size, authenticated: true, actions: { download: { href: `${state.url}/download/${oid}` } } }
            : { oid, size, error: { code: 404, message: 'not found' } },
        );
        res.writeHead(200, { 'content-type': 'application/vnd.git-lfs+json' });
        res.end(JSON.stringify({ transfer: 'basic', objects }));
        return;
      }
      res.writeHead(404, { 'content-type': 'application/vnd.git-lfs+json' });
      res.end('{"message":"not found"}');
    });
  });
  ({ url: state.url, close: state.close } = await listenOnLoopback(server));
  return state;
}
