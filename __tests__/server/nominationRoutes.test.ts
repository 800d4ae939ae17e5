import { eq } from 'drizzle-orm';
import { nominations } from '../../server/db/schema';
import { NOMINATION_MESSAGES } from '../../src/domain/nomination';
import {
  expectDetail,
  generousRateLimits,
  makeInvite,
  pngPhoto,
  webFormData,
  webRegistration,
} from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

const SIGN_IN = 'Please sign in to nominate a friend.';

const friend = { firstName: ' Bea ', lastName: 'Ramírez', instagram: '@bea.ramirez_', phone: '07911 100500' };

describe.each(engines)('POST /api/nominate/friend on $name', (engine) => {
  let server: TestServer;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimits: generousRateLimits });
    const code = await makeInvite(server.database.db, 'valid', 1);
    const registered = await server.app.inject(webRegistration(webFormData(code), [await pngPhoto()]));
    expect(registered.statusCode).toBe(201);
    ({ access_token: token, user_id: userId } = registered.json<{ access_token: string; user_id: string }>());
  });
  afterAll(async () => {
    await server.close();
  });

  const nominate = (body: unknown, authorization: string | null = `Bearer ${token}`) =>
    server.app.inject({
      method: 'POST',
      url: '/api/nominate/friend',
      payload: body as object,
      headers: authorization === null ? {} : { authorization },
    });
  const nominationCount = async () => (await server.database.db.select().from(nominations)).length;

  test('a signed-in user nominates a friend: 200 and a stored, normalised nomination', async () => {
    const response = await nominate(friend);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; message: string }>();
    expect(Object.keys(body).sort()).toEqual(['message', 'success']);
    expect(body.success).toBe(true);
    expect(body.message).toContain('Bea');
    const rows = await server.database.db
      .select()
      .from(nominations)
      .where(eq(nominations.nominatedBy, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: 'Bea',
      lastName: 'Ramírez',
      instagram: 'bea.ramirez_',
      phone: '+447911100500',
    });
  });

  test('the instagram handle is optional', async () => {
    const response = await nominate({ ...friend, instagram: '', phone: '+44 7911 100501' });
    expect(response.statusCode).toBe(200);
  });

  test('SQL metacharacters are stored literally', async () => {
    const lastName = "O'Brien'); DROP TABLE nominations;--";
    expect((await nominate({ ...friend, lastName, phone: '07911 100502' })).statusCode).toBe(200);
    const rows = await server.database.db
      .select()
      .from(nominations)
      .where(eq(nominations.lastName, lastName));
    expect(rows).toHaveLength(1);
  });

  test.each([
    ['no Authorization header', null],
    ['an empty header', ''],
    ['a token that was never issued', `Bearer ${'A'.repeat(43)}`],
    ['a token with one character changed', 'CHANGED'],
    ['the token without "Bearer"', 'RAW'],
    ['another scheme', 'BASIC'],
    ['"Bearer" alone', 'Bearer '],
    ['a token with spaces and quotes', "Bearer ' OR '1'='1"],
    ['a huge header', `Bearer ${'x'.repeat(8000)}`],
  ])('%s answers 401 and stores nothing', async (_label, header) => {
    const authorization =
      header === 'CHANGED'
        ? `Bearer ${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
        : header === 'RAW'
          ? token
          : header === 'BASIC'
            ? `Basic ${token}`
            : header;
    const before = await nominationCount();
    expectDetail(await nominate(friend, authorization), 401, SIGN_IN);
    expect(await nominationCount()).toBe(before);
  });

  test.each([
    ['no first name', { firstName: '  ' }, NOMINATION_MESSAGES.firstNameRequired],
    ['a first name too long', { firstName: 'x'.repeat(81) }, NOMINATION_MESSAGES.firstNameTooLong],
    ['no last name', { lastName: '' }, NOMINATION_MESSAGES.lastNameRequired],
    ['an invalid instagram handle', { instagram: 'not a handle!' }, NOMINATION_MESSAGES.invalidInstagram],
    ['no phone', { phone: '' }, NOMINATION_MESSAGES.phoneRequired],
    ['an invalid phone', { phone: '12345' }, 'Please enter a valid phone number'],
  ])('%s answers 422 with its message', async (_label, overrides, detail) => {
    const before = await nominationCount();
    expectDetail(await nominate({ ...friend, ...overrides }), 422, detail);
    expect(await nominationCount()).toBe(before);
  });

  test.each([
    ['a missing field', { firstName: 'Bea', lastName: 'R', phone: '07911 100503' }],
    ['a number for the phone', { ...friend, phone: 447911100503 }],
    ['a list for the first name', { ...friend, firstName: ['Bea'] }],
    ['a first name far too long', { ...friend, firstName: 'x'.repeat(1000) }],
  ])('%s answers 400 with a detail', async (_label, body) => {
    expectDetail(await nominate(body), 400, /^Invalid request: /);
  });

  test('broken JSON answers 400 with a detail', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/nominate/friend',
      payload: '{"firstName": ',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expectDetail(response, 400);
  });
});
