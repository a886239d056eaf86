/**
 * A fake GitHub REST API for the action's tests: a real HTTP server on 127.0.0.1 serving
 * a pull request's comments with page links, and recording what it was asked. It can be
 * told to refuse writes (403), as GitHub does for read-only tokens on fork PRs, and to
 * act as any kind of token: the workflow's GITHUB_TOKEN (writes as github-actions[bot],
 * 403 on GET /user), a GitHub App's installation token (writes as its-name[bot], also 403
 * on GET /user) or a personal access token (writes as its user, who GET /user returns).
 */
import { createServer, type IncomingMessage } from 'node:http';
import { listenOnLoopback } from './loopback.ts';

/** One stored comment. */
export interface FakeComment {
  id: number;
  body: string;
  user: { login: string; type: string };
}

/** A running fake GitHub. */
export interface FakeGitHub {
  url: string;
  comments: FakeComment[];
  requests: { method: string; path: string }[];
  /** Refuse comment writes with this status (e.g. 403), or null. */
  refuseWrites: number | null;
  /** Who the token writes as; comments it did not write cannot be edited (403). */
  author: { login: string; type: 'Bot' | 'User' };
  /** Whether GET /user answers (personal access tokens) or refuses (installation tokens). */
  userEndpoint: boolean;
  close(): Promise<void>;
}

/** Starts a fake GitHub with `humanComments` comments already on the pull request. */
export async function startFakeGitHub(humanComments: number): Promise<FakeGitHub> {
  let nextId = 1000;
  const state: FakeGitHub = {
    url: '',
    requests: [],
    refuseWrites: null,
    close: async () => undefined,
    author: { login: 'github-actions[bot]', type: 'Bot' },
    userEndpoint: false,
    comments: Array.from({ length: humanComments }, (_, i) => ({
      id: nextId++,
      body: i === 3 ? 'Quoting the bot: <!-- evalgate-report --> looks odd' : `comment ${i}`,
      user: { login: `human-${i % 7}`, type: 'User' },
    })),
  };
  const read = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
  };
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      state.requests.push({ method: req.method ?? '', path: url.pathname + url.search });
      res.setHeader('content-type', 'application/json');
      const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
        res.statusCode = status;
        for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && url.pathname === '/user') {
        if (state.userEndpoint) send(200, { login: state.author.login, type: state.author.type });
        else send(403, { message: 'Resource not accessible by integration' });
        return;
      }
      const list = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(url.pathname);
      if (list && req.method === 'GET') {
        const perPage = Number(url.searchParams.get('per_page') ?? 30);
        const page = Number(url.searchParams.get('page') ?? 1);
        const last = Math.max(1, Math.ceil(state.comments.length / perPage));
        const link = (p: number): string => `<${state.url}${url.pathname}?per_page=${perPage}&page=${p}>`;
        const links = [page < last ? `${link(page + 1)}; rel="next"` : '', `${link(last)}; rel="last"`]
          .filter(Boolean)
          .join(', ');
        send(
          200,
          state.comments
            .slice((page - 1) * perPage, page * perPage)
            .map((c) => ({ ...c, html_url: `https://github.test/c/${c.id}` })),
          { link: links },
        );
        return;
      }
      if (list && req.method === 'POST') {
        const body = await read(req);
        if (state.refuseWrites) {
          send(state.refuseWrites, { message: 'Resource not accessible by integration' });
          return;
        }
        if (typeof body['body'] !== 'string' || body['body'].length > 65536) {
          send(422, { message: 'Validation Failed: body is too long (maximum is 65536 characters)' });
          return;
        }
        const c: FakeComment = { id: nextId++, body: body['body'], user: { ...state.author } };
        state.comments.push(c);
        send(201, { ...c, html_url: `https://github.test/c/${c.id}` });
        return;
      }
      const one = /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/.exec(url.pathname);
      if (one && req.method === 'PATCH') {
        const body = await read(req);
        if (state.refuseWrites) {
          send(state.refuseWrites, { message: 'Resource not accessible by integration' });
          return;
        }
        const c = state.comments.find((x) => x.id === Number(one[3]));
        if (!c) {
          send(404, { message: 'Not Found' });
          return;
        }
        if (c.user.login !== state.author.login) {
          send(403, { message: `${state.author.login} may not edit a comment by ${c.user.login}` });
          return;
        }
        c.body = String(body['body']);
        send(200, { ...c, html_url: `https://github.test/c/${c.id}` });
        return;
      }
      send(404, { message: `no route ${req.method} ${url.pathname}` });
    })();
  });
  ({ url: state.url, close: state.close } = await listenOnLoopback(server));
  return state;
}
