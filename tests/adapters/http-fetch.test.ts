// The fetch the OpenAI SDK is given (src/adapters/http-fetch.ts), against real HTTP servers on 127.0.0.1.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createHttpFetch } from '../../src/adapters/http-fetch.ts';

describe('the SDK transport over node:http', () => {
  let server: Server;
  let url = '';
  let connections = 0;
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.url === '/cut') {
        // Promises 100 bytes, sends 10, and hangs up.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"partial"');
        setTimeout(() => res.destroy(), 20);
        return;
      }
      if (req.url === '/slow') {
        setTimeout(() => res.end('{}'), 5_000).unref();
        return;
      }
      res.writeHead(req.url === '/none' ? 204 : 201, {
        'content-type': 'application/json',
        'x-seen': req.headers['x-key'] ?? '',
      });
      res.end(req.url === '/none' ? undefined : JSON.stringify({ method: req.method, body }));
    });
  };
  before(async () => {
    server = createServer(handler);
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the body and headers, returns status, headers and body, and reuses one connection for calls in turn', async () => {
    const fetchLike = createHttpFetch();
    const before = connections;
    for (let i = 0; i < 5; i++) {
      const res = await fetchLike(`${url}/echo`, {
        method: 'POST',
        headers: { 'x-key': `k${i}`, 'content-type': 'application/json' },
        body: JSON.stringify({ i, text: 'é' }),
      });
      assert.equal(res.status, 201);
      assert.equal(res.headers.get('x-seen'), `k${i}`);
      assert.deepEqual(await res.json(), { method: 'POST', body: JSON.stringify({ i, text: 'é' }) });
    }
    assert.equal(connections - before, 1, 'keep-alive: one connection for five calls in turn');
    const none = await fetchLike(`${url}/none`, { method: 'POST', body: '{}' });
    assert.equal(none.status, 204);
  });

  it('fails a reply cut before its end instead of returning a short body', async () => {
    await assert.rejects(createHttpFetch()(`${url}/cut`, { method: 'POST', body: '{}' }));
  });

  it('rejects with an AbortError when the signal aborts, as a spec fetch does', async () => {
    const controller = new AbortController();
    const pending = createHttpFetch()(`${url}/slow`, { method: 'POST', body: '{}', signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await assert.rejects(pending, { name: 'AbortError' });
    const aborted = new AbortController();
    aborted.abort();
    await assert.rejects(createHttpFetch()(`${url}/echo`, { method: 'POST', body: '{}', signal: aborted.signal }), {
      name: 'AbortError',
    });
  });
});
