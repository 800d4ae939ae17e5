import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expectDetail, makeInvite, pngPhoto, webFormData, webRegistration } from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

const smallLimits = { validateCode: 3, waitlistJoin: 2, register: 2, nominateFriend: 2, optOut: 2 };
const TOO_MANY = /^Too many attempts\. Please wait \d+ seconds and try again\.$/;

let clientCounter = 0;
/** A fresh client address, so that each test starts with its own counters. */
function newClient(): string {
  clientCounter += 1;
  return `10.1.${Math.floor(clientCounter / 250)}.${(clientCounter % 250) + 1}`;
}

function expectTooMany(response: LightMyRequestResponse): void {
  expectDetail(response, 429, TOO_MANY);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

const validate = (remoteAddress: string, headers: Record<string, string> = {}): InjectOptions => ({
  method: 'GET',
  url: '/api/auth/validate-code/ABCDEFGHJK',
  remoteAddress,
  headers,
});

async function send(server: TestServer, request: InjectOptions, times: number): Promise<number[]> {
  const statuses = [];
  for (let i = 0; i < times; i += 1) statuses.push((await server.app.inject(request)).statusCode);
  return statuses;
}

describe.each(engines)('rate limits on $name', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimits: smallLimits });
  });
  afterAll(async () => {
    await server.close();
  });

  test('validate-code past its limit answers 429 with Retry-After and a detail', async () => {
    const client = newClient();
    expect(await send(server, validate(client), smallLimits.validateCode)).toEqual([200, 200, 200]);
    const refused = await server.app.inject(validate(client));
    expectTooMany(refused);
    expect(refused.headers['x-ratelimit-limit']).toBe(String(smallLimits.validateCode));
  });

  test('the limit is per client, and a forwarded-for header does not buy a new one', async () => {
    const client = newClient();
    await send(server, validate(client), smallLimits.validateCode);
    expectTooMany(await server.app.inject(validate(client, { 'x-forwarded-for': '203.0.113.9' })));
    expect((await server.app.inject(validate(newClient()))).statusCode).toBe(200);
  });

  test('the waitlist is limited', async () => {
    const client = newClient();
    const join: InjectOptions = {
      method: 'POST',
      url: '/api/waitlist/join',
      remoteAddress: client,
      payload: { phone_number: '07911 100900' },
    };
    expect(await send(server, join, smallLimits.waitlistJoin)).toEqual([200, 200]);
    expectTooMany(await server.app.inject(join));
  });

  test('registration is limited, refused attempts included', async () => {
    const client = newClient();
    const code = await makeInvite(server.database.db, 'valid', 10);
    const attempt = { ...webRegistration(webFormData(code), [await pngPhoto()]), remoteAddress: client };
    const first = await server.app.inject(attempt);
    expect(first.statusCode).toBe(201);
    expect((await server.app.inject(attempt)).statusCode).toBe(409);
    expectTooMany(
      await server.app.inject({
        ...webRegistration(webFormData(code), [await pngPhoto()]),
        remoteAddress: client,
      }),
    );
  });

  test('nominations are limited', async () => {
    const client = newClient();
    const nominate: InjectOptions = {
      method: 'POST',
      url: '/api/nominate/friend',
      remoteAddress: client,
      payload: { firstName: 'A', lastName: 'B', instagram: '', phone: '07911 100901' },
    };
    expect(await send(server, nominate, smallLimits.nominateFriend)).toEqual([401, 401]);
    expectTooMany(await server.app.inject(nominate));
  });

  test('/health is never limited', async () => {
    const client = newClient();
    const statuses = await send(server, { method: 'GET', url: '/health', remoteAddress: client }, 10);
    expect(statuses).toEqual(Array<number>(10).fill(200));
  });

  test('without Redis, two instances count separately', async () => {
    const other = await startTestServer(engine, { rateLimits: smallLimits }, { database: server.database });
    try {
      const client = newClient();
      expect(await send(server, validate(client), 3)).toEqual([200, 200, 200]);
      expect(await send(other, validate(client), 3)).toEqual([200, 200, 200]);
    } finally {
      await other.close();
    }
  });

  if (process.env.TEST_REDIS_URL) {
    const redisUrl = process.env.TEST_REDIS_URL;
    describe('with Redis shared by two instances', () => {
      const prefix = `becca-test-${randomBytes(6).toString('hex')}:`;
      let redis: Redis;
      let first: TestServer;
      let second: TestServer;
      beforeAll(async () => {
        redis = new Redis(redisUrl, { keyPrefix: prefix });
        first = await startTestServer(
          engine,
          { rateLimits: smallLimits },
          { redis, database: server.database },
        );
        second = await startTestServer(
          engine,
          { rateLimits: smallLimits },
          { redis, database: server.database },
        );
      });
      afterAll(async () => {
        await first.close();
        await second.close();
        const cleaner = new Redis(redisUrl);
        const keys = await cleaner.keys(`${prefix}*`);
        if (keys.length > 0) await cleaner.del(...keys);
        await cleaner.quit();
        await redis.quit();
      });

      test('requests spread across both instances share one counter', async () => {
        const client = newClient();
        const statuses = [];
        for (const instance of [first, second, first]) {
          statuses.push((await instance.app.inject(validate(client))).statusCode);
        }
        expect(statuses).toEqual([200, 200, 200]);
        expectTooMany(await second.app.inject(validate(client)));
        expectTooMany(await first.app.inject(validate(client)));
        // The counter lives in Redis under this run's prefix.
        const cleaner = new Redis(redisUrl);
        const keys = await cleaner.keys(`${prefix}*${client}`);
        await cleaner.quit();
        expect(keys).toHaveLength(1);
      });

      test('the waitlist counter is shared too, and other clients are unaffected', async () => {
        const client = newClient();
        const join = (instance: TestServer) =>
          instance.app.inject({
            method: 'POST',
            url: '/api/waitlist/join',
            remoteAddress: client,
            payload: { phone_number: '07911 100902' },
          });
        expect([(await join(first)).statusCode, (await join(second)).statusCode]).toEqual([200, 200]);
        expectTooMany(await join(first));
        expect((await second.app.inject(validate(newClient()))).statusCode).toBe(200);
      });
    });
  }
});
