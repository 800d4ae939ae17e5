import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { inviteCodes, users, waitlist } from '../../server/db/schema';
import { createInviteCode, revokeInviteCode } from '../../server/invites/inviteCodeStore';
import { linkMember, markOnboarded } from '../../server/members/memberLifecycle';
import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { AdminOverview } from '../../src/domain/contracts/adminOverview';
import { REGISTRATION_DAYS } from '../../src/domain/funnel';
import {
  codeFromWhatsAppUrl,
  expectDetail,
  generousRateLimits,
  pngPhoto,
  uniquePhone,
  webFormData,
  webRegistration,
} from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

jest.setTimeout(90_000);

// TypeBox checks only the formats it is given: the two the contract uses, as JSON Schema means them.
FormatRegistry.Set('date', (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)));
FormatRegistry.Set('date-time', (value) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value),
);

const DAY_MS = 24 * 60 * 60 * 1000;
/** Codes each member gets when they link; they form the "member invite" cohort. */
const MEMBER_INVITES = 2;

test('the schema’s example is a valid answer', () => {
  const [example] = (AdminOverview as { examples?: unknown[] }).examples ?? [];
  expect(example).toBeDefined();
  expect([...Value.Errors(AdminOverview, example)]).toEqual([]);
});

describe.each(engines)('the operator overview on $name', (engine) => {
  const adminToken = randomBytes(32).toString('base64url');
  let server: TestServer;
  let photo: Buffer;
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimits: generousRateLimits }, { adminToken });
    photo = await pngPhoto();
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.database.db;

  const overview = async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/admin/overview',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json<AdminOverview>();
    // The contract the console is typed from.
    expect([...Value.Errors(AdminOverview, answer)]).toEqual([]);
    return answer;
  };

  const check = async (code: string) =>
    (await server.app.inject({ method: 'GET', url: `/api/auth/validate-code/${code}` })).json<{
      valid: boolean;
    }>();

  const firstCheckedAt = async (code: string) =>
    (await db().select().from(inviteCodes).where(eq(inviteCodes.code, code)))[0]?.firstCheckedAt;

  const issue = async (label: string | undefined, count: number, maxUses = 1) =>
    Promise.all(
      Array.from({ length: count }, async () => (await createInviteCode(db(), { maxUses, label })).code),
    );

  /** A registration through the real route; the member's id and linking code. */
  async function register(code: string) {
    const phone = uniquePhone();
    const response = await server.app.inject(webRegistration(webFormData(code, { phone }), [photo]));
    expect(response.statusCode).toBe(201);
    const { user_id, whatsapp_url } = response.json<{ user_id: string; whatsapp_url: string }>();
    return { id: user_id, phone, linkingCode: codeFromWhatsAppUrl(whatsapp_url) };
  }

  async function linked(code: string) {
    const member = await register(code);
    const outcome = await linkMember(db(), member.linkingCode, member.phone.slice(1), MEMBER_INVITES);
    expect(outcome).toEqual({ outcome: 'linked', userId: member.id });
    return member;
  }

  async function onboarded(code: string) {
    const member = await linked(code);
    expect(await markOnboarded(db(), member.id)).toEqual({ outcome: 'onboarded' });
    return member;
  }

  test('a valid check records when the code was first checked, once; a refused one records nothing', async () => {
    const [code] = await issue('first check', 1, 3);
    const [revoked] = await issue('first check', 1);
    await revokeInviteCode(db(), revoked!);
    expect(await firstCheckedAt(code!)).toBeNull();

    expect(await check(code!)).toMatchObject({ valid: true });
    const first = await firstCheckedAt(code!);
    expect(first).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await check(code!.toLowerCase())).toMatchObject({ valid: true });
    expect(await firstCheckedAt(code!)).toEqual(first);

    expect(await check(revoked!)).toMatchObject({ valid: false });
    expect(await firstCheckedAt(revoked!)).toBeNull();
  });

  test('the funnel counts each stage per label and overall', async () => {
    const before = await overview();
    const london = await issue('London meetup', 5);
    const books = await issue('Book club', 3, 2);
    const unlabelled = await issue(undefined, 1);

    // London: 5 issued, 4 checked, 3 registered, 2 linked, 1 onboarded.
    for (const code of london.slice(0, 4)) expect(await check(code)).toMatchObject({ valid: true });
    await register(london[0]!);
    await linked(london[1]!);
    await onboarded(london[2]!);
    // Book club: 3 issued, 1 checked, and that one code (2 uses) admitted 2 people, both linked.
    expect(await check(books[0]!)).toMatchObject({ valid: true });
    await linked(books[0]!);
    await onboarded(books[0]!);
    // A revoked code is still an issued one; checking it does not count.
    await revokeInviteCode(db(), books[2]!);
    expect(await check(books[2]!)).toMatchObject({ valid: false });
    // No label: issued, never checked.
    expect(unlabelled).toHaveLength(1);

    const { funnel } = await overview();
    const cohort = (label: string | null) => funnel.cohorts.find((entry) => entry.label === label)?.counts;
    expect(cohort('London meetup')).toEqual({
      issued: 5,
      checked: 4,
      registered: 3,
      linked: 2,
      onboarded: 1,
    });
    expect(cohort('Book club')).toEqual({ issued: 3, checked: 1, registered: 2, linked: 2, onboarded: 1 });
    // Each linked member got their own codes: a cohort of its own, nobody has checked them yet.
    const memberInvitesBefore = before.funnel.cohorts.find((entry) => entry.label === 'member invite');
    expect(cohort('member invite')).toEqual({
      issued: (memberInvitesBefore?.counts.issued ?? 0) + 4 * MEMBER_INVITES,
      checked: 0,
      registered: 0,
      linked: 0,
      onboarded: 0,
    });
    expect(cohort(null)).toMatchObject({
      issued: (before.funnel.cohorts.find((e) => e.label === null)?.counts.issued ?? 0) + 1,
      checked: 0,
    });

    // Overall is the sum of the cohorts, and moved by exactly what this test did.
    const stages = ['issued', 'checked', 'registered', 'linked', 'onboarded'] as const;
    for (const stage of stages) {
      expect(funnel.overall[stage]).toBe(funnel.cohorts.reduce((sum, entry) => sum + entry.counts[stage], 0));
    }
    expect(funnel.overall).toEqual({
      issued: before.funnel.overall.issued + 5 + 3 + 1 + 4 * MEMBER_INVITES,
      checked: before.funnel.overall.checked + 5,
      registered: before.funnel.overall.registered + 5,
      linked: before.funnel.overall.linked + 4,
      onboarded: before.funnel.overall.onboarded + 2,
    });
    // The newest cohort first: the member invites were issued last.
    expect(funnel.cohorts[0]?.label).toBe('member invite');
  });

  test('registrations per day: the last 30 UTC days, oldest first, empty days as 0', async () => {
    const [code] = await issue('per day', 4, 4);
    const members = await Promise.all([register(code!), register(code!), register(code!), register(code!)]);
    const backdate = (id: string, days: number) =>
      db()
        .update(users)
        .set({ createdAt: sql`now() - make_interval(days => ${days})` })
        .where(eq(users.id, id));
    // Two today, one three days ago, one long before the window.
    await backdate(members[2]!.id, 3);
    await backdate(members[3]!.id, 40);

    const days = (await overview()).registrations_per_day;
    expect(days).toHaveLength(REGISTRATION_DAYS);
    const today = new Date().toISOString().slice(0, 10);
    expect(days.at(-1)?.date).toBe(today);
    expect(days[0]?.date).toBe(
      new Date(Date.now() - (REGISTRATION_DAYS - 1) * DAY_MS).toISOString().slice(0, 10),
    );
    for (let index = 1; index < days.length; index += 1) {
      expect(Date.parse(days[index]!.date) - Date.parse(days[index - 1]!.date)).toBe(DAY_MS);
    }
    const threeDaysAgo = new Date(Date.now() - 3 * DAY_MS).toISOString().slice(0, 10);
    const on = (date: string) => days.find((day) => day.date === date)?.registrations;
    // Every member registered today by the earlier tests counts too: compare with the database.
    const [{ n: registeredToday } = { n: -1 }] = (
      (await db().execute(
        sql`SELECT count(*)::int AS n FROM users WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(on(today)).toBe(registeredToday);
    expect(registeredToday).toBeGreaterThanOrEqual(2);
    expect(on(threeDaysAgo)).toBe(1);
    expect(days.reduce((sum, day) => sum + day.registrations, 0)).toBe(registeredToday + 1);
  });

  test('the waitlist: how many wait, and since when the longest-waiting one has', async () => {
    expect((await overview()).waitlist).toEqual({ waiting: 0, oldest_waiting_since: null });
    const longAgo = new Date('2026-01-02T03:04:05.678Z');
    await db()
      .insert(waitlist)
      .values([
        { phone: uniquePhone(), createdAt: new Date('2025-12-01T00:00:00.000Z'), invitedAt: new Date() },
        { phone: uniquePhone(), createdAt: longAgo },
        { email: 'later@example.org' },
        { phone: uniquePhone(), joinedAt: new Date() },
      ]);
    expect((await overview()).waitlist).toEqual({ waiting: 2, oldest_waiting_since: longAgo.toISOString() });
  });

  test('the overview is for the operator only: without the admin token it does not exist', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${adminToken}`, 'x-forwarded-for': '203.0.113.9' },
    ]) {
      const response = await server.app.inject({ method: 'GET', url: '/api/admin/overview', headers });
      expectDetail(response, 404, 'No API endpoint GET /api/admin/overview.');
    }
  });
});
