import { sql } from 'drizzle-orm';
import { nominations, waitlist } from '../../server/db/schema';
import { parseRetentionDays } from '../../server/privacy/retention';
import { generousRateLimits, makeInvite, pngPhoto, webFormData, webRegistration } from './fixtures';
import { adminApi, newAdminToken, type AdminApi } from './adminApi';
import { engines, startTestServer, type TestServer } from './testServer';

const DAY = 24 * 60 * 60 * 1000;

describe.each(engines)('retention purges on $name', (engine) => {
  let server: TestServer;
  let admin: AdminApi;
  const adminToken = newAdminToken();
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimits: generousRateLimits }, { adminToken });
    admin = adminApi(server, adminToken);
    const db = server.database.db;
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    await db
      .insert(waitlist)
      .values([
        { phone: '+447911400001', createdAt: ago(400) },
        { phone: '+447911400002', createdAt: ago(366) },
        { email: 'recent@example.com', createdAt: ago(364) },
        { phone: '+447911400003' },
      ]);
    const code = await makeInvite(db, 'valid', 1);
    const registered = await server.app.inject(webRegistration(webFormData(code), [await pngPhoto()]));
    const userId = registered.json<{ user_id: string }>().user_id;
    const nomination = { nominatedBy: userId, firstName: 'N', lastName: 'M', instagram: '' };
    await db.insert(nominations).values([
      { ...nomination, phone: '+447911400011', createdAt: ago(200) },
      { ...nomination, phone: '+447911400012', createdAt: ago(10) },
    ]);
  });
  afterAll(async () => {
    await server.close();
  });

  const count = async (table: typeof waitlist | typeof nominations) =>
    (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

  const purge = (what: 'waitlist' | 'nominations', olderThanDays: number, dryRun: boolean) =>
    admin.call('POST', `/api/admin/${what}/purge`, {
      older_than_days: olderThanDays,
      dry_run: dryRun,
      reason: 'Retention policy',
    });

  test('a dry run counts the old waitlist entries and deletes nothing; a real one deletes exactly those', async () => {
    expect(await purge('waitlist', 365, true)).toMatchObject({ count: 2, dry_run: true });
    expect(await count(waitlist)).toBe(4);
    expect(await admin.audit({ action: 'waitlist.purge' })).toEqual([]);
    expect(await purge('waitlist', 365, false)).toMatchObject({
      count: 2,
      dry_run: false,
      effect: 'deleted 2 waitlist entries older than 365 days',
    });
    expect(await count(waitlist)).toBe(2);
    expect(await purge('waitlist', 365, false)).toMatchObject({ count: 0 });
    expect(await admin.audit({ action: 'waitlist.purge' })).toMatchObject([
      { reason: 'Retention policy', effect: 'deleted 2 waitlist entries older than 365 days' },
      { effect: 'deleted 0 waitlist entries older than 365 days' },
    ]);
  });

  test('nominations purge by their own age', async () => {
    expect(await purge('nominations', 365, false)).toMatchObject({ count: 0 });
    expect(await purge('nominations', 180, true)).toMatchObject({ count: 1 });
    expect(await purge('nominations', 180, false)).toMatchObject({ count: 1 });
    expect(await count(nominations)).toBe(1);
  });

  test('the loopback admin routes run the same purge and refuse a malformed age', async () => {
    const other = await startTestServer(
      engine,
      {},
      { database: server.database, adminToken: 'x'.repeat(43) },
    );
    try {
      const purgeAt = (payload: object) =>
        other.app.inject({
          method: 'POST',
          url: '/api/admin/nominations/purge',
          payload,
          remoteAddress: '127.0.0.1',
          headers: { authorization: `Bearer ${'x'.repeat(43)}` },
        });
      const dry = await purgeAt({ older_than_days: 1, dry_run: true });
      expect(dry.statusCode).toBe(200);
      expect(dry.json()).toMatchObject({ count: 1, dry_run: true });
      expect((await purgeAt({ older_than_days: 0 })).statusCode).toBe(400);
      expect((await purgeAt({ older_than_days: '1' })).statusCode).toBe(400);
      expect(await count(nominations)).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe('--older-than', () => {
  test.each([
    ['365d', 365],
    ['1d', 1],
    [' 30d ', 30],
  ])('%s is %i days', (text, days) => {
    expect(parseRetentionDays(text)).toBe(days);
  });

  test.each(['0d', '365', '1y', '-5d', '3.5d', '999999d', ''])('"%s" is refused with a sentence', (text) => {
    expect(() => parseRetentionDays(text)).toThrow(/--older-than wants a number of days like 365d/);
  });
});
