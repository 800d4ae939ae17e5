import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { newAdminToken } from './adminApi';
import { openRawClient, type RawAnswer } from './rawHttpClient';
import { engines, startTestServer, type TestServer } from './testServer';

/**
 * HTTP/1.1 lets a client name its target in absolute form (`GET http://host/path`). The router
 * serves it as its path; everything else that reads the path (the security headers, the API/page
 * decision, the refusal of needlessly encoded API paths, the log's redaction) must see that same
 * path. Light-my-request normalises URLs, so these requests go over a real socket.
 */
describe.each(engines)('absolute-form request targets over a socket on $name', (engine) => {
  const adminToken = newAdminToken();
  const lines: string[] = [];
  let server: TestServer;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer(engine, { logLevel: 'info' }, { adminToken, logLines: lines });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  async function send(target: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
    const client = await openRawClient(base);
    const head = Object.entries({ host: 'localhost', connection: 'close', ...headers })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    await client.write(`GET ${target} HTTP/1.1\r\n${head}\r\n`);
    await client.closed;
    const answer = await client.answer;
    if (!answer) throw new Error(`no answer to GET ${target}`);
    return answer;
  }

  /** The request lines the log wrote since `from`, as path only. */
  const loggedSince = (from: number) =>
    lines
      .slice(from)
      .map((line) => (JSON.parse(line) as { req?: { path?: string } }).req?.path)
      .filter((path): path is string => path !== undefined);

  const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
  const admin = { authorization: `Bearer ${adminToken}` };
  const signInToken = randomBytes(32).toString('base64url');

  // Each route class: the origin-form path, what the log must show (null: probes' successes are
  // not logged), its status and kind.
  const classes: [string, string, string | null, number, 'api' | 'page', Record<string, string>?][] = [
    ['health', '/health', null, 200, 'api'],
    ['metrics', '/metrics', null, 200, 'api'],
    ['public API', '/api/auth/validate-code/SECRETCODE9', '/api/auth/validate-code/:code', 200, 'api'],
    ['API reference', '/api/openapi.json', '/api/openapi.json', 200, 'api'],
    ['admin API, a stranger', '/api/admin/members', '/api/admin/members', 404, 'api'],
    ['admin API, the CLI', '/api/admin/members', '/api/admin/members', 200, 'api', admin],
    ['unknown API path', '/api/nothing-here', '/api/nothing-here', 404, 'api'],
    ['page', '/', '/', 200, 'page'],
    ['page with a query', '/?code=SECRETCODE9', '/', 200, 'page'],
    ['built asset', '/js/main.0123456789ab.js', '/js/main.0123456789ab.js', 200, 'page'],
    ['sign-in link', `/admin/sign-in/${signInToken}`, '/admin/sign-in/:token', 404, 'page'],
    ['web app 404', '/no-such-page', '/no-such-page', 404, 'page'],
  ];

  test.each(classes)('%s: absolute form answers and logs exactly as origin form', async (...row) => {
    const [, path, logged, status, kind, headers] = row;
    const answers: RawAnswer[] = [];
    for (const target of [path, `http://becca.example${path}`, `HTTPS://becca.example:8443${path}`]) {
      const from = lines.length;
      const answer = await send(target, headers);
      answers.push(answer);
      expect([target, answer.status]).toEqual([target, status]);
      if (kind === 'api') {
        expect(answer.headers['cache-control']).toBe('no-store');
        expect(answer.headers['content-security-policy']).toBe(API_POLICY);
      } else {
        expect(answer.headers['content-security-policy']).not.toBe(API_POLICY);
      }
      expect(loggedSince(from)).toEqual(logged === null ? [] : [logged]);
      expect(lines.slice(from).join('')).not.toMatch(/SECRETCODE9|becca\.example/);
      expect(lines.slice(from).join('')).not.toContain(signInToken);
    }
    const [origin, ...absolute] = answers;
    for (const other of absolute) {
      for (const name of ['content-type', 'cache-control', 'content-security-policy', 'x-frame-options']) {
        expect([name, other.headers[name]]).toEqual([name, origin!.headers[name]]);
      }
    }
  });

  test.each([
    'http://becca.example/%61pi/auth/validate-code/SECRETCODE9',
    'http://becca.example/api/auth/%76alidate-code/SECRETCODE9',
    'http://becca.example/%61pi/admin/members',
  ])('%s is refused as its origin form is: 404 with the API headers, no code logged', async (target) => {
    const from = lines.length;
    const answer = await send(target, admin);
    expect(answer.status).toBe(404);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-security-policy']).toBe(API_POLICY);
    expect(JSON.parse(answer.body)).toEqual({
      detail: `No API endpoint GET ${new URL(target).pathname}.`,
    });
    expect(lines.slice(from).join('')).not.toContain('SECRETCODE9');
  });

  test.each(['*', 'becca.example:443', 'http://becca.example/#/api/x', 'ftp://becca.example/api/x'])(
    'a target of neither form (%s) is refused with 400 and a sentence',
    async (target) => {
      const answer = await send(target);
      expect(answer.status).toBe(400);
      // Ours, or Node's parser's for an authority-form target outside CONNECT.
      expect(JSON.parse(answer.body)).toEqual({
        detail: expect.stringMatching(
          /^The (address of this request is malformed|request could not be read)\.$/,
        ),
      });
    },
  );
});
