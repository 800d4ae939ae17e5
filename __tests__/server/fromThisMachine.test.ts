import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { engines, startTestServer, type TestServer } from './testServer';

const METRICS_TOKEN = 'metrics-token-for-tests';
const APP_URL = 'https://becca.test';

/** Headers a local proxy adds, each claiming the request came from this machine. */
const FORWARDED_AS_LOCAL: [name: string, value: string][] = [
  ['x-forwarded-for', '127.0.0.1'],
  ['forwarded', 'for=127.0.0.1;proto=http'],
  ['forwarded', 'for="[::1]"'],
  ['x-real-ip', '127.0.0.1'],
  ['via', '1.1 nginx'],
];

const OUR_HOSTS = [
  'localhost:3000',
  'localhost',
  '127.0.0.1:3000',
  '[::1]:3000',
  '[::1]',
  'becca.test',
  'BECCA.TEST:443',
];
/** What a DNS-rebinding page's requests carry: the attacker's own name, pointed at 127.0.0.1. */
const FOREIGN_HOSTS = [
  'rebind.attacker.example:3000',
  'localhost.attacker.example',
  'becca.test.attacker.example',
  '127.0.0.1.nip.io',
  'localhost:3000@x',
];

/**
 * "From this machine" (/metrics without a token, the admin routes) is the socket's own address, never
 * what a header says, even with TRUST_PROXY_HOPS set; and the Host must be this machine's or APP_URL's.
 */
describe.each(engines)('/metrics and the admin routes on $name', (engine) => {
  const adminToken = randomBytes(32).toString('base64url');
  let server: TestServer;
  beforeAll(async () => {
    // One trusted hop, so that request.ip follows X-Forwarded-For: the doors must not.
    server = await startTestServer(
      engine,
      { metricsToken: METRICS_TOKEN, appUrl: APP_URL, trustProxyHops: 1 },
      { adminToken },
    );
  });
  afterAll(async () => {
    await server.close();
  });

  const metrics = (options: Omit<InjectOptions, 'method' | 'url'>) =>
    server.app.inject({ method: 'GET', url: '/metrics', ...options });
  const admin = (options: Omit<InjectOptions, 'method' | 'url'>, token: string | null = adminToken) =>
    server.app.inject({
      method: 'GET',
      url: '/api/admin/waitlist',
      ...options,
      headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...options.headers },
    });

  test.each(OUR_HOSTS)('from loopback with Host %s both answer', async (host) => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await metrics({ remoteAddress, headers: { host } })).statusCode).toBe(200);
      expect((await admin({ remoteAddress, headers: { host } })).statusCode).toBe(200);
    }
  });

  test.each(FORWARDED_AS_LOCAL)(
    'a loopback connection carrying %s: %s is a forwarded one: 404 without the token',
    async (name, value) => {
      const headers = { host: 'localhost:3000', [name]: value };
      const refused = await metrics({ remoteAddress: '127.0.0.1', headers });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ detail: 'No API endpoint GET /metrics.' });
      expect((await admin({ remoteAddress: '127.0.0.1', headers })).statusCode).toBe(404);
      // The metrics token still works through a proxy: that is what it is for.
      const withToken = await metrics({
        remoteAddress: '127.0.0.1',
        headers: { ...headers, host: 'becca.test', authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(withToken.statusCode).toBe(200);
    },
  );

  test('another machine naming 127.0.0.1 in any header stays another machine, with TRUST_PROXY_HOPS=1', async () => {
    for (const [name, value] of FORWARDED_AS_LOCAL) {
      const headers = { host: 'localhost:3000', [name]: value };
      expect((await metrics({ remoteAddress: '203.0.113.7', headers })).statusCode).toBe(404);
      expect((await admin({ remoteAddress: '203.0.113.7', headers })).statusCode).toBe(404);
    }
  });

  test.each(FOREIGN_HOSTS)('Host "%s" gets 404 even from loopback, with the right tokens', async (host) => {
    const fromHere = { remoteAddress: '127.0.0.1', headers: { host } };
    expect((await metrics(fromHere)).statusCode).toBe(404);
    const withToken = { ...fromHere, headers: { host, authorization: `Bearer ${METRICS_TOKEN}` } };
    expect((await metrics(withToken)).statusCode).toBe(404);
    const refused = await admin(fromHere);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ detail: 'No API endpoint GET /api/admin/waitlist.' });
  });

  test('over a real loopback socket: our Host answers, a rebinding name and a forwarded request do not', async () => {
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.app.server.address() as AddressInfo;
    const get = (path: string, headers: http.OutgoingHttpHeaders) =>
      new Promise<number>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, headers }, (response) => {
            response.resume();
            resolve(response.statusCode!);
          })
          .on('error', reject);
      });
    const bearer = { authorization: `Bearer ${adminToken}` };
    expect(await get('/metrics', { host: `127.0.0.1:${port}` })).toBe(200);
    expect(await get('/api/admin/waitlist', { host: `localhost:${port}`, ...bearer })).toBe(200);
    expect(await get('/metrics', { host: `rebind.attacker.example:${port}` })).toBe(404);
    expect(await get('/api/admin/waitlist', { host: `rebind.attacker.example:${port}`, ...bearer })).toBe(
      404,
    );
    expect(await get('/metrics', { host: `127.0.0.1:${port}`, 'x-real-ip': '127.0.0.1' })).toBe(404);
    expect(
      await get('/api/admin/waitlist', { host: `127.0.0.1:${port}`, forwarded: 'for=127.0.0.1', ...bearer }),
    ).toBe(404);
  });
});
