import { execFileSync, spawnSync } from 'node:child_process';
import net from 'node:net';
import type { Redis } from 'ioredis';
import { openPostgresDatabase, type Database } from '../../server/db/database';
import { isDatabaseUnavailable, UNAVAILABLE_DETAIL } from '../../server/db/databaseOutage';
import { createRedisClient, watchRedis } from '../../server/redisClient';
import { registrationMultipart, makeJpeg } from './registrationTraffic';
import { engines, startTestServer, type TestServer } from './testServer';
import { eventually } from './webhookReceiver';

/**
 * Issue 44: with the database away, every route that needs it answers 503 + Retry-After and one
 * sentence (no 400 "malformed upload", no 500), the outage is logged once; with Redis away or mute,
 * rate-limited requests are answered at once, counting nothing, and the metric says so.
 */

/** An address where nothing listens: a PostgreSQL or Redis that is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const records = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('while PostgreSQL does not answer', () => {
  let server: TestServer;
  let database: Database;
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await openPostgresDatabase(`postgres://postgres@127.0.0.1:${await closedPort()}/becca`);
    server = await startTestServer(engines[0]!, {}, { database, logLines });
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  const expectOutageAnswer = (response: {
    statusCode: number;
    headers: Record<string, unknown>;
    body: string;
  }) => {
    expect({ status: response.statusCode, body: JSON.parse(response.body) as unknown }).toEqual({
      status: 503,
      body: { detail: UNAVAILABLE_DETAIL },
    });
    expect(response.headers['retry-after']).toBe('5');
  };

  test('code checks, waitlist joins and registrations answer 503 with Retry-After, logged once', async () => {
    expectOutageAnswer(await server.app.inject({ url: '/api/auth/validate-code/ABCDEFGHJK' }));
    expectOutageAnswer(
      await server.app.inject({
        method: 'POST',
        url: '/api/waitlist/join',
        payload: { phone_number: '+447911123456' },
      }),
    );
    // The invite code is checked while the multipart body is read: that query failing was a 400.
    const { contentType, body } = registrationMultipart(
      'ABCDEFGHJK',
      '+447911123457',
      await makeJpeg(64, 64),
    );
    const registration = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': contentType },
      payload: body,
    });
    expectOutageAnswer(registration);

    const logged = records(logLines);
    expect(
      logged.filter((record) => record.msg === 'database unavailable: answering 503 until it is back'),
    ).toEqual([
      expect.objectContaining({ level: 40, err: expect.objectContaining({ message: 'Failed query' }) }),
    ]);
    const statuses = logged
      .filter((record) => record.msg === 'request completed')
      .map((record) => (record.res as { statusCode: number }).statusCode);
    expect(statuses).toEqual([503, 503, 503]);
    expect(logged.filter((record) => (record.level as number) >= 50)).toEqual([]);
  });

  test('/health is 503, /health/live is 200', async () => {
    const health = await server.app.inject({ url: '/health' });
    expect(health.statusCode).toBe(503);
    expect(JSON.parse(health.body)).toEqual({ status: 'error', detail: 'The database is not answering.' });
    const live = await server.app.inject({ url: '/health/live' });
    expect({ status: live.statusCode, body: JSON.parse(live.body) as unknown }).toEqual({
      status: 200,
      body: { status: 'ok' },
    });
  });
});

describe('what counts as the database not answering', () => {
  const wrapped = (cause: object) =>
    Object.assign(new Error('Failed query: select 1\nparams: '), { query: 'select 1', cause });

  test.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', syscall: 'connect' }),
    ],
    ['a connection dropped under a query', wrapped(new Error('Connection terminated unexpectedly'))],
    [
      'a reset under a query',
      wrapped(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' })),
    ],
    [
      'an administrator shutdown',
      wrapped(Object.assign(new Error('terminating connection'), { code: '57P01' })),
    ],
    [
      'a server still starting',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    ['a connection exception', wrapped(Object.assign(new Error('x'), { code: '08006' }))],
    ['the pool timing out', new Error('timeout exceeded when trying to connect')],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test.each([
    // A client whose upload stopped: its own socket, not the database's.
    ['a client aborting its request', Object.assign(new Error('aborted'), { code: 'ECONNRESET' })],
    ['a unique violation', wrapped(Object.assign(new Error('duplicate key'), { code: '23505' }))],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'text'],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe.each(engines)('rate limits with Redis away on $name', (engine) => {
  const hasPromtool = spawnSync('promtool', ['--version']).status === 0;
  let mute: net.Server;
  const mutes: net.Socket[] = [];
  const clients: Redis[] = [];
  const servers: TestServer[] = [];
  const warnings: object[] = [];

  beforeAll(async () => {
    // A Redis that answers the client's ready check (INFO), then nothing more: a hung or overloaded one.
    mute = net.createServer((socket) => {
      mutes.push(socket);
      let ready = false;
      socket.on('data', (chunk: Buffer) => {
        // Commands arrive as RESP arrays ("*<count>\r\n…"); until INFO, each is answered OK.
        for (const command of chunk.toString().split(/(?=\*\d+\r\n)/)) {
          if (ready || !command.startsWith('*')) continue;
          if (!/\binfo\b/i.test(command)) socket.write('+OK\r\n');
          else {
            const info = 'redis_version:7.0.0\r\nloading:0\r\n';
            socket.write(`$${info.length}\r\n${info}\r\n`);
            ready = true;
          }
        }
      });
    });
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    for (const client of clients) client.disconnect();
    for (const socket of mutes) socket.destroy();
    await new Promise<void>((resolve) => mute.close(() => resolve()));
  });

  async function serverWithRedis(url: string): Promise<TestServer> {
    const redis = await createRedisClient(url);
    clients.push(redis);
    watchRedis(redis, { warn: (object) => warnings.push(object), info: () => undefined });
    redis.connect().catch(() => undefined);
    const server = await startTestServer(engine, {}, { redis });
    servers.push(server);
    return server;
  }

  const errorCount = async (server: TestServer) => {
    const text = (await server.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    if (hasPromtool)
      expect(execFileSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' }).trim()).toBe(
        '',
      );
    return Number(/^becca_rate_limit_store_errors_total (\d+)$/m.exec(text)?.[1]);
  };

  test('a Redis that is down: answered at once, counting nothing, one warning', async () => {
    const server = await serverWithRedis(`redis://127.0.0.1:${await closedPort()}`);
    const before = await errorCount(server);
    for (let index = 0; index < 15; index += 1) {
      const started = performance.now();
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/waitlist/join',
        payload: { phone_number: `+4479111${String(30000 + index)}` },
        remoteAddress: '10.44.0.1',
      });
      // Past WAITLIST_RATE_LIMIT (10): nothing was counted, so nobody is refused.
      expect(response.statusCode).toBe(200);
      // Not the seconds an offline queue waited for a reconnection (a loaded CI machine needs slack).
      expect(performance.now() - started).toBeLessThan(1_000);
    }
    expect((await errorCount(server)) - before).toBe(15);
    expect(warnings.length).toBe(1);
  });

  test('a Redis that never answers: each lookup gives up after 250 ms', async () => {
    const { port } = mute.address() as net.AddressInfo;
    const server = await serverWithRedis(`redis://127.0.0.1:${port}`);
    await eventually('the client to be ready', () => clients.at(-1)!.status === 'ready');
    const before = await errorCount(server);
    const started = performance.now();
    const response = await server.app.inject({
      url: '/api/auth/validate-code/NOPE2345AB',
      remoteAddress: '10.44.0.2',
    });
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ valid: false });
    // A failed check reads, then counts: two lookups of 250 ms at most, not seconds of retries.
    expect(elapsed).toBeGreaterThanOrEqual(240);
    expect(elapsed).toBeLessThan(2_500);
    expect((await errorCount(server)) - before).toBe(2);
  });
});
