import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  expectDetail,
  makeInvite,
  pngPhoto,
  storedCounts,
  uniquePhone,
  webFormData,
  webRegistration,
} from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

const smallLimits = {
  validateCode: 3,
  waitlistJoin: 2,
  register: 2,
  registerAccepted: 3,
  nominateFriend: 2,
  optOut: 2,
};
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

const validateCode = (remoteAddress: string, code: string, headers: Record<string, string> = {}) =>
  ({ method: 'GET', url: `/api/auth/validate-code/${code}`, remoteAddress, headers }) satisfies InjectOptions;

/** A check of a code that does not exist: a failed check, which counts. */
const validate = (remoteAddress: string, headers: Record<string, string> = {}) =>
  validateCode(remoteAddress, 'ABCDEFGHJK', headers);

async function send(server: TestServer, request: InjectOptions, times: number): Promise<number[]> {
  const statuses = [];
  for (let i = 0; i < times; i += 1) statuses.push((await server.app.inject(request)).statusCode);
  return statuses;
}

describe.each(engines)('rate limits on $name', (engine) => {
  let server: TestServer;
  let photo: Buffer;
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimits: smallLimits });
    photo = await pngPhoto();
  });
  afterAll(async () => {
    await server.close();
  });

  test('validate-code counts only failed checks: past the limit of bad codes, 429 with Retry-After', async () => {
    const client = newClient();
    const good = await makeInvite(server.database.db, 'valid', 1);
    // Good codes never count: a room of people checking theirs from one address is never refused.
    expect(await send(server, validateCode(client, good), 10)).toEqual(Array<number>(10).fill(200));
    expect(await send(server, validate(client), smallLimits.validateCode)).toEqual([200, 200, 200]);
    expectTooMany(await server.app.inject(validate(client)));
    // Once refused, good codes wait too: the limit is on the client, not on the answer.
    expectTooMany(await server.app.inject(validateCode(client, good)));
  });

  test('the limit is per client, and a forwarded-for header does not buy a new one', async () => {
    const client = newClient();
    await send(server, validate(client), smallLimits.validateCode);
    expectTooMany(await server.app.inject(validate(client, { 'x-forwarded-for': '203.0.113.9' })));
    expect((await server.app.inject(validate(newClient()))).statusCode).toBe(200);
  });

  test('IPv6 clients are counted by their /64: rotating addresses within it does not reset the count', async () => {
    clientCounter += 1;
    const prefix = `2001:db8:${clientCounter.toString(16)}:1`;
    const addresses = [`${prefix}::1`, `${prefix}:0:0:0:2`, `${prefix}:ffff:1234:5678:9abc`];
    for (const address of addresses)
      expect((await server.app.inject(validate(address))).statusCode).toBe(200);
    expectTooMany(await server.app.inject(validate(`${prefix}::beef`)));
    // The next /64 is someone else.
    expect(
      (await server.app.inject(validate(`2001:db8:${clientCounter.toString(16)}:2::1`))).statusCode,
    ).toBe(200);
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

  test('registrations count only refusals per client, plus a ceiling for accepted ones', async () => {
    const client = newClient();
    const code = await makeInvite(server.database.db, 'valid', 10);
    const attempt = (phone = uniquePhone()) => ({
      ...webRegistration(webFormData(code, { phone }), [photo]),
      remoteAddress: client,
    });
    const phone = uniquePhone();
    expect((await server.app.inject(attempt(phone))).statusCode).toBe(201);
    expect((await server.app.inject(attempt(phone))).statusCode).toBe(409);
    // One refusal so far: accepted registrations go on up to their ceiling.
    expect((await server.app.inject(attempt())).statusCode).toBe(201);
    expect((await server.app.inject(attempt())).statusCode).toBe(201);
    expectTooMany(await server.app.inject(attempt()));
    expect((await storedCounts(server.database.db)).users).toBeGreaterThan(0);

    const refusedClient = newClient();
    const refused = (remoteAddress: string) => ({
      ...webRegistration(webFormData('NOSUCHCODE'), [photo]),
      remoteAddress,
    });
    expect((await server.app.inject(refused(refusedClient))).statusCode).toBe(403);
    expect((await server.app.inject(refused(refusedClient))).statusCode).toBe(403);
    const before = await storedCounts(server.database.db);
    expectTooMany(
      await server.app.inject({
        ...webRegistration(webFormData(code), [photo]),
        remoteAddress: refusedClient,
      }),
    );
    expect(await storedCounts(server.database.db)).toEqual(before);
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
