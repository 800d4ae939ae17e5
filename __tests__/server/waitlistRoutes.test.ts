import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/database';
import { waitlist } from '../../server/db/schema';
import { expectDetail, generousRateLimits } from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

const JOINED = "You're on the waitlist. We'll text you when a place opens up.";
const JOINED_BY_EMAIL = "You're on the waitlist. We'll write to you when a place opens up.";
const INVALID_PHONE = 'Please enter a valid phone number';

async function rowsFor(db: Db, phone: string) {
  return db
    .select()
    .from(waitlist)
    .where(sql`${waitlist.phone} = ${phone}`);
}

describe.each(engines)('POST /api/waitlist/join on $name', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimits: generousRateLimits });
  });
  afterAll(async () => {
    await server.close();
  });

  const join = (payload: unknown, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url: '/api/waitlist/join', payload: payload as object, headers });
  const rowCount = async () => (await server.database.db.select().from(waitlist)).length;

  test('joins with a phone number and a name, stored in E.164', async () => {
    const response = await join({ phone_number: '+44 7911 100001', name: '  Ada  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: JOINED });
    const [row, ...more] = await rowsFor(server.database.db, '+447911100001');
    expect(more).toEqual([]);
    expect(row).toMatchObject({ phone: '+447911100001', name: 'Ada', email: null });
  });

  test('the three ways of writing a UK number are one number: one row, answers alike', async () => {
    const before = await rowCount();
    const answers = [];
    for (const phone_number of ['07911 123456', '447911123456', '7911123456', '(07911) 123-456']) {
      answers.push(await join({ phone_number, name: null }));
    }
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
    }
    expect(answers[0]!.json()).toEqual({ success: true, message: JOINED });
    expect(await rowCount()).toBe(before + 1);
    expect(await rowsFor(server.database.db, '+447911123456')).toHaveLength(1);
  });

  test('joining twice answers exactly like joining once and stores one row', async () => {
    const body = { phone_number: '07911 100002' };
    const first = await join(body);
    const second = await join({ ...body, name: 'Someone else' });
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    const rows = await rowsFor(server.database.db, '+447911100002');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBeNull();
  });

  test('names keep unicode and SQL metacharacters exactly as typed', async () => {
    for (const [phone, name] of [
      ['07911 100003', 'Zoë Łukasz 山田'],
      ['07911 100004', "Robert'); DROP TABLE waitlist;--"],
    ] as const) {
      expect((await join({ phone_number: phone, name })).statusCode).toBe(200);
    }
    expect((await rowsFor(server.database.db, '+447911100003'))[0]!.name).toBe('Zoë Łukasz 山田');
    expect((await rowsFor(server.database.db, '+447911100004'))[0]!.name).toBe(
      "Robert'); DROP TABLE waitlist;--",
    );
  });

  test.each([
    '12345',
    'not a number',
    '07911 12345a',
    '+44 7911 999999',
    '   ',
    '',
    '0791110000512345678901',
    "07911'; DROP TABLE waitlist;--",
    '０７９１１ １００００５',
  ])('the number %j answers 422 with the phone message and stores nothing', async (phone_number) => {
    const before = await rowCount();
    expectDetail(await join({ phone_number }), 422, INVALID_PHONE);
    expect(await rowCount()).toBe(before);
  });

  test('a name over 120 characters answers 422', async () => {
    expectDetail(
      await join({ phone_number: '07911 100006', name: 'x'.repeat(121) }),
      422,
      /at most 120 characters/,
    );
    expect(await rowsFor(server.database.db, '+447911100006')).toHaveLength(0);
  });

  test('the test harness joins with an e-mail address, once however often it asks', async () => {
    const first = await join({ email: '  Ada@Example.COM ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: JOINED_BY_EMAIL });
    const second = await join({ email: 'ada@example.com' });
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    const rows = await server.database.db
      .select()
      .from(waitlist)
      .where(sql`${waitlist.email} = 'ada@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.phone).toBeNull();
  });

  test.each(['not-an-email', 'a@b', 'two@@example.com', 'spaces in@example.com', ''])(
    'the e-mail %j answers 422',
    async (email) => {
      expectDetail(await join({ email }), 422, 'Please enter a valid email address');
    },
  );

  test('neither a phone nor an e-mail answers 422', async () => {
    expectDetail(await join({}), 422, /phone number/);
    expectDetail(await join({ name: 'Ada' }), 422, /phone number/);
  });

  test.each([
    ['a number for the phone', { phone_number: 447911100007 }],
    ['a list for the phone', { phone_number: ['07911 100007'] }],
    ['an object for the phone', { phone_number: { value: '07911 100007' } }],
    ['a boolean for the phone', { phone_number: true }],
    ['a number for the name', { phone_number: '07911 100007', name: 42 }],
    ['a number for the e-mail', { email: 42 }],
    ['an unknown property', { phone_number: '07911 100007', admin: true }],
    ['only unknown properties', { phoneNumber: '07911 100007' }],
  ])('%s answers 400 with a detail and stores nothing', async (_label, body) => {
    const before = await rowCount();
    expectDetail(await join(body), 400, /^Invalid request: /);
    expect(await rowCount()).toBe(before);
  });

  test.each([
    ['a JSON list', '["07911 100008"]'],
    ['JSON null', 'null'],
    ['a JSON string', '"07911 100008"'],
    ['broken JSON', '{"phone_number": "07911 100008"'],
    ['an empty body', ''],
  ])('%s as the body answers 400 with a detail', async (_label, raw) => {
    expectDetail(await join(raw, { 'content-type': 'application/json' }), 400);
  });

  test('a body that is not JSON answers 415 with a detail', async () => {
    expectDetail(
      await join('phone_number=07911100008', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
    );
  });

  test('a body over 64 KB answers 413 with a detail, and the server still answers', async () => {
    const huge = { phone_number: '07911 100009', name: 'x'.repeat(70 * 1024) };
    expectDetail(await join(JSON.stringify(huge), { 'content-type': 'application/json' }), 413);
    expect(await rowsFor(server.database.db, '+447911100009')).toHaveLength(0);
    expect((await server.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  test('a NUL character in the name answers 422 with a detail, not a 5xx', async () => {
    const response = await join({ phone_number: '07911 100010', name: 'A\u0000da' });
    expectDetail(response, 422, 'Name must not contain control characters (such as tab or escape)');
    expect(await rowsFor(server.database.db, '+447911100010')).toHaveLength(0);
  });
});
