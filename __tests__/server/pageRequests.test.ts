import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { engines, startTestServer, type TestServer } from './testServer';

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

// Pages over a real connection, as browsers, CDNs and the bench reach them: the page route answers them
// from the answers worked out at start (server/web/htmlPages.ts), through Fastify's one pipeline.
describe('page requests over a connection', () => {
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
    '%s of a page: the encoding the client takes, its ETag, 304 for the current copy',
    async (method) => {
      for (const url of ['/', '/faq', '/join?code=ABCD2345']) {
        const brotli = await request(`${origin}${url}`, { method, headers: { 'accept-encoding': 'br' } });
        expect(brotli.status).toBe(200);
        expect(brotli.headers).toMatchObject({
          'content-type': 'text/html; charset=utf-8',
          'content-encoding': 'br',
          vary: 'accept-encoding',
          etag: expect.stringMatching(/^"[\w-]+"$/),
          'cache-control': expect.stringContaining('s-maxage=300'),
          'content-security-policy': expect.stringContaining("script-src 'self'"),
          'x-content-type-options': 'nosniff',
        });
        const gzip = await request(`${origin}${url}`, {
          method,
          headers: { 'accept-encoding': 'gzip, deflate' },
        });
        const plain = await request(`${origin}${url}`, { method });
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect(plain.headers['content-encoding']).toBeUndefined();
        // A tag per encoding (RFC 9110, 8.8.3), any of which revalidates the page.
        expect(new Set([brotli.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
        if (method === 'GET') {
          expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length);
          expect(plain.body.toString()).toContain('<div id="root">');
        } else {
          expect(brotli.body.length).toBe(0);
        }

        for (const ifNoneMatch of [brotli.headers.etag!, gzip.headers.etag!, '*']) {
          const current = await request(`${origin}${url}`, {
            method,
            headers: { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch },
          });
          expect(current.status).toBe(304);
          expect(current.body.length).toBe(0);
          expect(current.headers.etag).toBe(brotli.headers.etag);
        }
        const older = await request(`${origin}${url}`, {
          method,
          headers: { 'accept-encoding': 'br', 'if-none-match': '"an-older-build"' },
        });
        expect(older.status).toBe(200);
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
