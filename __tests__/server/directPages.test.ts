import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { requestIdGenerator } from '../../server/logging/requestIds';
import { answerPagesBeforeFastify } from '../../server/web/directPages';
import { loadSitePages } from '../../server/web/sitePages';
import { engines, makeWebRoot, startTestServer, type TestServer } from './testServer';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers that belong to the connection, not to the answer: Node writes them, whoever answered. */
const CONNECTION_HEADERS = ['date', 'connection', 'keep-alive', 'transfer-encoding'];

function answerHeaders(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !CONNECTION_HEADERS.includes(name.toLowerCase()))
      .map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
}

/** A request over a real connection; the body as it arrived (never decompressed). */
function request(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // A body is sent with its length, as a browser's fetch sends a string.
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const outgoing = http.request(
      url,
      { method, headers: { ...headers, ...length }, agent: false },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: answerHeaders(incoming.headers),
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('pages answered before Fastify, in the whole app', () => {
  const lines: string[] = [];
  let server: TestServer;
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    server = await startTestServer(engines[0]!, { logLevel: 'info' }, { logLines: lines });
    app = server.app;
    origin = await listen(app);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    lines.length = 0;
  });

  test.each(['GET', 'HEAD'])(
    '%s of a page over a connection is answered exactly as the page route answers it',
    async (method) => {
      const withBrotli = await app.inject({ url: '/faq', headers: { 'accept-encoding': 'br' } });
      const variants: Record<string, string>[] = [
        {},
        { 'accept-encoding': 'br' },
        { 'accept-encoding': 'gzip, deflate' },
        { 'accept-encoding': 'br;q=0, gzip' },
        { 'accept-encoding': 'br', 'if-none-match': String(withBrotli.headers.etag) },
        { 'accept-encoding': 'gzip', 'if-none-match': String(withBrotli.headers.etag) },
        { 'if-none-match': '*' },
        { 'if-none-match': '"an-older-build"' },
      ];
      for (const url of ['/', '/faq', '/join?code=ABCD2345']) {
        for (const headers of variants) {
          const direct = await request(`${origin}${url}`, { method, headers });
          const routed = await app.inject({ method: method as 'GET' | 'HEAD', url, headers });
          const routedHeaders = answerHeaders(routed.headers);
          // Fastify's HEAD route gives a 304 a Content-Length of 0, which is not the length of the
          // page it stands for (RFC 9110, 8.6); the direct answer leaves the header out.
          if (method === 'HEAD' && routed.statusCode === 304) delete routedHeaders['content-length'];
          expect({ url, headers, answer: direct }).toEqual({
            url,
            headers,
            answer: { status: routed.statusCode, headers: routedHeaders, body: routed.rawPayload },
          });
        }
      }
    },
  );

  test('it is logged in the one line every request gets, with its own id and no query string', async () => {
    const page = await request(`${origin}/join?code=SECRETCODE9`, { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    const api = await request(`${origin}/api/auth/validate-code/NOPE2345`, {});
    expect(api.status).toBe(200);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        reqId: expect.stringMatching(/^req-\w+$/),
        req: { method: 'GET', path: '/join' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
      expect.objectContaining({ req: { method: 'GET', path: '/api/auth/validate-code/:code' } }),
    ]);
    expect(records[0]!.reqId).not.toBe(records[1]!.reqId);
    expect(lines.join('')).not.toContain('SECRETCODE9');
  });

  test('it is timed in the metrics under its route', async () => {
    const count = async () => {
      const metrics = await request(`${origin}/metrics`, {});
      const line = metrics.body
        .toString()
        .split('\n')
        .find((one) =>
          one.startsWith(
            'becca_http_request_duration_seconds_count{route="/faq",method="HEAD",status="304"}',
          ),
        );
      return Number(line?.split(' ')[1] ?? 0);
    };
    const before = await count();
    const { headers } = await request(`${origin}/faq`, { method: 'HEAD' });
    expect(
      (await request(`${origin}/faq`, { method: 'HEAD', headers: { 'if-none-match': headers.etag! } }))
        .status,
    ).toBe(304);
    expect((await count()) - before).toBe(1);
  });

  test('a page request with a compressed body is still refused by the request guards', async () => {
    const answer = await request(`${origin}/`, {
      headers: { 'content-encoding': 'gzip', 'content-type': 'text/plain' },
      body: 'not really gzip',
    });
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body.toString())).toEqual({
      detail: expect.stringContaining('Content-Encoding'),
    });
  });
});

describe('which requests are answered before Fastify', () => {
  let app: FastifyInstance;
  let origin: string;
  let webRoot: string;
  /** Requests that went through Fastify's pipeline. */
  let reachedFastify: string[];

  beforeEach(async () => {
    reachedFastify = [];
    webRoot = makeWebRoot();
    app = Fastify();
    app.addHook('onRequest', (incoming, _reply, done) => {
      reachedFastify.push(`${incoming.method} ${incoming.url}`);
      done();
    });
    app.all('/*', (_incoming, reply) => reply.send('from Fastify'));
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return 'slow';
    });
    const pages = await loadSitePages(webRoot, 'http://localhost:3000', { 'x-frame-options': 'DENY' });
    answerPagesBeforeFastify(app, {
      pages,
      nextRequestId: requestIdGenerator(),
      timeResponse: () => undefined,
    });
    origin = await listen(app);
  });
  afterEach(async () => {
    if (app.server.listening) await app.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  test('a plain GET or HEAD of a page path, with or without a query string', async () => {
    for (const [method, url] of [
      ['GET', '/'],
      ['HEAD', '/faq'],
      ['GET', '/join?code=ABCD2345'],
    ] as const) {
      const answer = await request(`${origin}${url}`, { method });
      expect(answer.status).toBe(200);
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.body.toString()).toBe(
        method === 'GET' ? fs.readFileSync(`${webRoot}/index.html`, 'utf8') : '',
      );
    }
    expect(reachedFastify).toEqual([]);
  });

  test('everything else goes to Fastify: other methods, bodies, encodings, other spellings and paths', async () => {
    const cases: [string, string, Record<string, string>, string?][] = [
      ['POST', '/', {}],
      ['OPTIONS', '/faq', {}],
      ['GET', '/', { 'content-encoding': 'identity' }],
      ['GET', '/', { 'content-type': 'text/plain' }, 'a body'],
      ['GET', '/faq/', {}],
      ['GET', '/%66aq', {}],
      ['GET', '//faq', {}],
      ['GET', '/nope', {}],
      ['GET', '/js/main.0123456789ab.js', {}],
    ];
    for (const [method, url, headers, body] of cases) {
      const answer = await request(`${origin}${url}`, { method, headers, body });
      expect({ method, url, body: answer.body.toString() }).toEqual({ method, url, body: 'from Fastify' });
    }
    expect(reachedFastify).toEqual(cases.map(([method, url]) => `${method} ${url}`));
  });

  test('once the server is closing, a page request is left to Fastify, which refuses it', async () => {
    const socket = net.connect({ host: '127.0.0.1', port: Number(new URL(origin).port) });
    let received = '';
    const answers = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if ((received.match(/HTTP\/1\.1 \d{3} /g) ?? []).length < count) return;
          socket.off('data', check);
          resolve();
        };
        socket.on('data', check);
      });
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    // The connection is busy when close() begins, so it stays open for the next request on it.
    socket.write('GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = app.close();
    await answers(1);
    socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await answers(2);
    socket.destroy();
    await closing;
    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1]);
    expect(statuses).toEqual(['200', '503']);
    // Fastify refuses it before its hooks.
    expect(reachedFastify).toEqual(['GET /slow']);
  });
});
