import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { nominations, phoneOptOuts } from '../../server/db/schema';
import { OPT_OUT_CONFIRMATION } from '../../src/domain/optOut';
import { INVALID_PHONE } from '../../src/domain/fieldRules';
import {
  expectDetail,
  generousRateLimits,
  makeInvite,
  pngPhoto,
  webFormData,
  webRegistration,
} from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

const OPERATOR_SALT = 'an operator salt of some length';

/** What a client can observe of an answer, minus what changes on every request. */
function observable(response: LightMyRequestResponse) {
  const headers = { ...response.headers };
  for (const name of ['date', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'content-length'])
    delete headers[name];
  // Fresh nonces on every answer; the rest of the policy must match.
  headers['content-security-policy'] = String(headers['content-security-policy']).replace(
    /'nonce-[^']+'/g,
    'nonce',
  );
  return { status: response.statusCode, body: response.body, headers };
}

describe.each(engines)('the opt-out list on $name', (engine) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimits: generousRateLimits });
    const code = await makeInvite(server.database.db, 'valid', 1);
    const registered = await server.app.inject(webRegistration(webFormData(code), [await pngPhoto()]));
    token = registered.json<{ access_token: string }>().access_token;
  });
  afterAll(async () => {
    await server.close();
  });

  const optOut = (phone: unknown, remoteAddress = '10.9.0.1') =>
    server.app.inject({ method: 'POST', url: '/api/opt-out', payload: { phone }, remoteAddress });
  const nominate = (phone: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/nominate/friend',
      headers: { authorization: `Bearer ${token}` },
      payload: { firstName: 'Nia', lastName: 'Named', instagram: '', phone },
    });
  const storedNominations = (phone: string) =>
    server.database.db.select().from(nominations).where(eq(nominations.phone, phone));

  test('opting out deletes every nomination of the number at once, and only those', async () => {
    expect((await nominate('07911 200301')).statusCode).toBe(200);
    expect((await nominate('+44 7911 200301')).statusCode).toBe(200);
    expect((await nominate('07911 200302')).statusCode).toBe(200);
    expect(await storedNominations('+447911200301')).toHaveLength(2);

    const response = await optOut('(07911) 200-301');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: OPT_OUT_CONFIRMATION });
    expect(await storedNominations('+447911200301')).toHaveLength(0);
    expect(await storedNominations('+447911200302')).toHaveLength(1);
  });

  test('the list keeps a salted hash, never the number', async () => {
    const rows = await server.database.db.select().from(phoneOptOuts);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.phoneHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.phoneHash).not.toContain('7911200301');
    // Not a plain hash of the number either: that would be a lookup table away from the number.
    const unsalted = createHmac('sha256', '').update('+447911200301').digest('hex');
    expect(rows[0]!.phoneHash).not.toBe(unsalted);
  });

  test('a nomination of an opted-out number is thanked like any other and stores nothing', async () => {
    const accepted = await nominate('07911 200303');
    const suppressed = await nominate('07911200301');
    expect(suppressed.statusCode).toBe(200);
    expect(suppressed.json()).toEqual(accepted.json<object>());
    expect(await storedNominations('+447911200301')).toHaveLength(0);
    expect(await storedNominations('+447911200303')).toHaveLength(1);
  });

  test('the answer is the same for a nominated number, an unknown one and one already on the list', async () => {
    expect((await nominate('07911 200304')).statusCode).toBe(200);
    const nominated = observable(await optOut('07911 200304'));
    const unknown = observable(await optOut('07911 200305'));
    const again = observable(await optOut('07911 200304'));
    expect(unknown).toEqual(nominated);
    expect(again).toEqual(nominated);
    expect(nominated.headers['cache-control']).toBe('no-store');
  });

  test.each([
    ['not a number', 'call me maybe', 422],
    ['too short', '123', 422],
    ['not a string', 447911200306, 400],
    ['over the length limit', '1'.repeat(300), 400],
  ])('%s is refused with a detail and lists nothing', async (_what, phone, status) => {
    const before = (await server.database.db.select().from(phoneOptOuts)).length;
    const text = expectDetail(await optOut(phone), status);
    if (status === 422) expect(text).toBe(INVALID_PHONE);
    expect(await server.database.db.select().from(phoneOptOuts)).toHaveLength(before);
  });

  test('a second instance on the same database uses the same stored salt', async () => {
    const other = await startTestServer(
      engine,
      { rateLimits: generousRateLimits },
      { database: server.database },
    );
    try {
      const suppressed = await other.app.inject({
        method: 'POST',
        url: '/api/nominate/friend',
        headers: { authorization: `Bearer ${token}` },
        payload: { firstName: 'Nia', lastName: 'Named', instagram: '', phone: '07911 200305' },
      });
      expect(suppressed.statusCode).toBe(200);
      expect(await storedNominations('+447911200305')).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  test('with OPT_OUT_SALT set, the hash is made with that salt', async () => {
    const other = await startTestServer(
      engine,
      { rateLimits: generousRateLimits, optOutSalt: OPERATOR_SALT },
      { database: server.database },
    );
    try {
      await other.app.inject({ method: 'POST', url: '/api/opt-out', payload: { phone: '07911 200307' } });
      const expected = createHmac('sha256', OPERATOR_SALT).update('+447911200307').digest('hex');
      expect(
        await server.database.db.select().from(phoneOptOuts).where(eq(phoneOptOuts.phoneHash, expected)),
      ).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/opt-out is rate-limited', () => {
  const engine = engines[0]!;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimits: { ...generousRateLimits, optOut: 2 } });
  });
  afterAll(async () => {
    await server.close();
  });

  test('past the limit a client gets 429 with a detail', async () => {
    const send = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/opt-out',
        payload: { phone: '07911 200308' },
        remoteAddress: '10.9.9.9',
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    expectDetail(await send(), 429, /^Too many attempts/);
  });
});
