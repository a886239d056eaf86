/**
 * The `fetch` the OpenAI SDK is given: one request over node:http(s) with keep-alive
 * connections, answered with a Response once the whole body has arrived.
 *
 * Why not the global fetch: undici's fetch builds WHATWG requests, headers and streams for
 * every call, which cost about as much CPU as the rest of a case; at 32 calls at once that
 * made evalgate, not the server, the limit of a 10,000-case run (bench/scale.ts). The SDK
 * sends a string body and reads the reply whole, which a plain request does with a
 * fraction of the work. Anything else (a stream body, a Request object) goes to the
 * global fetch unchanged.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** The subset of fetch the SDK calls. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Statuses whose Response must have no body. */
const NO_BODY = new Set([204, 205, 304]);

/**
 * How long a kept-alive connection may sit idle before it is closed on our side. A server
 * closes idle connections itself (node's after 5 s, uvicorn's — vLLM's — after 5 s, without
 * saying so in a Keep-Alive header); a request sent on a connection the server is closing
 * at that moment fails with a reset the server never saw, an attempt that never reached
 * it. Closing first avoids the race; node's agent shortens this further to a second
 * before a server's announced `Keep-Alive: timeout`. Idle only: a socket in use is never
 * closed by this timeout.
 */
const IDLE_MS = 4_000;

/** A fetch over node:http(s); its connections are kept alive and shared by every call through it. */
export function createHttpFetch(): FetchLike {
  const options = { keepAlive: true, timeout: IDLE_MS };
  const agents = { http: new HttpAgent(options), https: new HttpsAgent(options) };
  return (input, init = {}) => {
    const body = init.body;
    if ((typeof input !== 'string' && !(input instanceof URL)) || (body != null && typeof body !== 'string'))
      return fetch(input, init);
    const url = new URL(input);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return fetch(input, init);
    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? null;
      if (signal?.aborted) {
        reject(abortError());
        return;
      }
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => (headers[name] = value));
      if (body != null) headers['content-length'] = String(Buffer.byteLength(body));
      const secure = url.protocol === 'https:';
      let settled = false;
      const settle = (act: () => void): void => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        act();
      };
      const onResponse = (res: IncomingMessage): void => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => settle(() => reject(error)));
        res.on('end', () => {
          if (!res.complete) {
            settle(() =>
              reject(
                Object.assign(new Error('the connection closed before the reply was complete'), { code: 'ECONNRESET' }),
              ),
            );
            return;
          }
          const status = res.statusCode ?? 0;
          const pairs: [string, string][] = [];
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
            pairs.push([res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string]);
          settle(() => {
            try {
              resolve(
                new Response(NO_BODY.has(status) ? null : Buffer.concat(chunks), {
                  status,
                  statusText: res.statusMessage ?? '',
                  headers: pairs,
                }),
              );
            } catch (error) {
              // A status a Response cannot carry (below 200 or above 599): the server's fault.
              reject(error);
            }
          });
        });
      };
      const req = (secure ? httpsRequest : httpRequest)(
        url,
        { method: init.method ?? 'GET', headers, agent: secure ? agents.https : agents.http },
        onResponse,
      );
      const onAbort = (): void => {
        req.destroy();
        settle(() => reject(abortError()));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('error', (error) => settle(() => reject(error)));
      req.end(body ?? undefined);
    });
  };
}

/** The error a spec fetch rejects with when its signal aborts (the SDK tells it by its name). */
function abortError(): Error {
  const error = new Error('This operation was aborted');
  error.name = 'AbortError';
  return error;
}
