import { eq } from 'drizzle-orm';
import { inviteCodes } from '../../server/db/schema';
import { inviteCodeMessages } from '../../server/invites/inviteCodeStore';
import { INVITE_CODE_ALPHABET } from '../../src/domain/inviteCode';
import { expectDetail, generousRateLimits, makeInvite } from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

describe.each(engines)('GET /api/auth/validate-code/{code} on $name', (engine) => {
  let server: TestServer;
  let validCode: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimits: generousRateLimits });
    validCode = await makeInvite(server.database.db, 'valid');
  });
  afterAll(async () => {
    await server.close();
  });

  const validate = (rawPath: string) =>
    server.app.inject({ method: 'GET', url: `/api/auth/validate-code/${rawPath}` });

  test('a valid code answers valid with its message', async () => {
    const response = await validate(validCode);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ valid: true, message: inviteCodeMessages.valid });
  });

  test('the code is trimmed and case-insensitive', async () => {
    for (const variant of [` ${validCode.toLowerCase()} `, `\t${validCode}`, validCode.toLowerCase()]) {
      const response = await validate(encodeURIComponent(variant));
      expect(response.json()).toEqual({ valid: true, message: inviteCodeMessages.valid });
    }
  });

  test.each([
    ['unknown', 'unknown'],
    ['expired', 'expired'],
    ['used up', 'used_up'],
    ['revoked', 'revoked'],
  ] as const)('a %s code answers valid:false with its own message', async (_label, state) => {
    const code = state === 'unknown' ? 'ZZZZ2345ZZ' : await makeInvite(server.database.db, state);
    const response = await validate(code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ valid: false, message: inviteCodeMessages[state] });
  });

  test('the four refusals are four different sentences', () => {
    const refusals = (['unknown', 'expired', 'used_up', 'revoked'] as const).map(
      (s) => inviteCodeMessages[s],
    );
    expect(new Set(refusals).size).toBe(4);
    expect(refusals).not.toContain(inviteCodeMessages.valid);
  });

  test('a code that expires later is still valid', async () => {
    const code = await makeInvite(server.database.db, 'valid');
    await server.database.db
      .update(inviteCodes)
      .set({ expiresAt: new Date(Date.now() + 60 * 60 * 1000) })
      .where(eq(inviteCodes.code, code));
    expect((await validate(code)).json()).toEqual({ valid: true, message: inviteCodeMessages.valid });
  });

  test.each([21, 101, 201, 1000, 5000])(
    'an over-long code of %i characters answers valid:false',
    async (length) => {
      const code = (validCode + INVITE_CODE_ALPHABET.repeat(200)).slice(0, length);
      const response = await validate(code);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ valid: false, message: inviteCodeMessages.unknown });
    },
  );

  test.each([
    "' OR '1'='1",
    "'; DROP TABLE invite_codes;--",
    `${'x'}' UNION SELECT code FROM invite_codes --`,
    '%',
    '_________',
    '\\',
    '"quoted"',
    '山田太郎',
    'ÄBCDÉFĞ',
    '🎟️🎟️🎟️',
    'ǆǆǆ',
    'ıııı',
    'ß'.repeat(15),
    'a\u0000b',
    '\u0000',
    '\u200b\u200b\u200b',
    '../../etc/passwd',
    'a/b',
  ])('the code %j is harmless and answers valid:false', async (code) => {
    const response = await validate(encodeURIComponent(code));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ valid: false, message: inviteCodeMessages.unknown });
  });

  test('after all of that the codes table is intact and the real code still works', async () => {
    expect((await validate(validCode)).json()).toEqual({ valid: true, message: inviteCodeMessages.valid });
    const health = await server.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
  });

  test('a wildcard code does not match a real code by pattern', async () => {
    const pattern = `${validCode.slice(0, 5)}%`;
    const response = await validate(encodeURIComponent(pattern));
    expect(response.json()).toEqual({ valid: false, message: inviteCodeMessages.unknown });
  });

  test('a malformed percent-encoding answers 400 with a detail', async () => {
    expectDetail(await validate('%E0%A4%A'), 400, 'The address of this request is malformed.');
  });

  test('a code beyond any URL a client may send answers 414 with a detail', async () => {
    expectDetail(await validate('A'.repeat(20_000)), 414, 'The address of this request is too long.');
  });
});
