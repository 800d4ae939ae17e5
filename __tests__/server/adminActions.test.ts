import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { CreatedInviteCodes, InviteCodeView } from '../../src/domain/contracts/adminInviteCodes';
import { INVITE_CODE_ALPHABET } from '../../src/domain/inviteCode';
import { inviteCodes, operatorAudit } from '../../server/db/schema';
import { inviteCodeMessages } from '../../server/invites/inviteCodeStore';
import { operatorSessionCookieName } from '../../server/operator/operatorSessionCookie';
import { enqueueEvent } from '../../server/webhooks/outbox';
import { adminApi, type AdminApi } from './adminApi';
import {
  expectDetail,
  generousRateLimits,
  makeInvite,
  pngPhoto,
  uniquePhone,
  webFormData,
  webRegistration,
} from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

const CODE = new RegExp(`^[${INVITE_CODE_ALPHABET}]{8,}$`);
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const APP_URL = 'https://becca.test';

describe.each(engines)('the admin API, the one implementation of operator actions, on $name', (engine) => {
  const adminToken = randomBytes(32).toString('base64url');
  let server: TestServer;
  let admin: AdminApi;
  beforeAll(async () => {
    server = await startTestServer(
      engine,
      { rateLimits: generousRateLimits, appUrl: APP_URL },
      { adminToken },
    );
    admin = adminApi(server, adminToken);
  });
  afterAll(async () => {
    await server.close();
  });
  const db = () => server.database.db;

  const validate = async (code: string) =>
    (await server.app.inject({ method: 'GET', url: `/api/auth/validate-code/${code}` })).json<{
      valid: boolean;
      message: string;
    }>();
  const create = (body: object) => admin.call<CreatedInviteCodes>('POST', '/api/admin/invite-codes', body);
  const auditRows = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(operatorAudit)
    )[0]!.n;

  test('create issues one code with its uses, expiry and label, and records who did it', async () => {
    const { codes, effect } = await create({ uses: 3, expires: '2099-12-31', label: 'Launch party' });
    expect(codes).toEqual([
      {
        code: expect.stringMatching(CODE),
        label: 'Launch party',
        uses: 0,
        max_uses: 3,
        expires_at: '2099-12-31T23:59:59.999Z',
        status: 'valid',
        created_at: expect.stringMatching(ISO),
      },
    ]);
    expect(await validate(codes[0]!.code)).toEqual({ valid: true, message: inviteCodeMessages.valid });
    const [entry] = await admin.audit({ action: 'invite.create', target: 'Launch party' });
    expect(entry).toEqual({
      id: expect.any(Number),
      at: expect.stringMatching(ISO),
      actor: expect.stringMatching(/^cli:[^@]+@.+$/),
      session: null,
      action: 'invite.create',
      target: 'Launch party',
      reason: null,
      effect,
    });
    expect(effect).toBe(
      `created 1 code for 3 uses each, label "Launch party", expires 2099-12-31: ${codes[0]!.code}`,
    );
  });

  test('a cohort batch issues N different codes sharing a label; list filters by label and state', async () => {
    const { codes } = await create({ count: 25, label: 'London meetup' });
    expect(codes).toHaveLength(25);
    for (const { code } of codes) {
      expect(code).toMatch(CODE);
      expect(code).not.toMatch(/[0O1IL]/);
    }
    expect(new Set(codes.map(({ code }) => code)).size).toBe(25);
    const cohort = await admin.call<InviteCodeView[]>('GET', '/api/admin/invite-codes?label=London%20meetup');
    expect(cohort.map(({ code }) => code).sort()).toEqual(codes.map(({ code }) => code).sort());
    const [entry] = await admin.audit({ target: 'London meetup' });
    expect(entry!.effect).toMatch(
      /^created 25 codes for 1 use each, label "London meetup": \S+, .* and 5 more$/,
    );

    await admin.revokeCodes([codes[0]!.code]);
    const revoked = await admin.call<InviteCodeView[]>(
      'GET',
      '/api/admin/invite-codes?label=London%20meetup&status=revoked',
    );
    expect(revoked.map(({ code }) => code)).toEqual([codes[0]!.code]);
  });

  test('an expiry date means the code works through that whole day (UTC)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const [lastDay] = (await create({ expires: today })).codes;
    expect(lastDay!.expires_at).toBe(`${today}T23:59:59.999Z`);
    expect(await validate(lastDay!.code)).toEqual({ valid: true, message: inviteCodeMessages.valid });
    const [over] = (await create({ expires: yesterday })).codes;
    expect(over!.status).toBe('expired');
    expect(await validate(over!.code)).toEqual({ valid: false, message: inviteCodeMessages.expired });
  });

  test.each([
    [{ uses: 0 }, 400],
    [{ uses: 1.5 }, 400],
    [{ uses: 100_001 }, 400],
    [{ uses: '3' }, 400],
    [{ count: 0 }, 400],
    [{ count: 501 }, 400],
    [{ expires: '31/12/2099' }, 400],
    [{ expires: '2099-13-45' }, 422],
    [{ label: '' }, 400],
    [{ surprise: true }, 400],
  ])('create refuses %j (%i) and stores nothing, not even an audit row', async (body, status) => {
    const [codes, audited] = [(await db().select().from(inviteCodes)).length, await auditRows()];
    await expect(create(body)).rejects.toMatchObject({ status });
    expect((await db().select().from(inviteCodes)).length).toBe(codes);
    expect(await auditRows()).toBe(audited);
  });

  test('revoke by code: a dry run changes and records nothing; the real one stops the code and records why', async () => {
    const [view] = (await create({ uses: 5 })).codes;
    const code = view!.code;
    const audited = await auditRows();
    const dry = await admin.revokeCodes([` ${code.toLowerCase()} `], { dry_run: true, reason: 'Leaked' });
    expect(dry).toMatchObject({
      dry_run: true,
      codes: [{ code, status: 'revoked' }],
      effect: `revoked 1 code: ${code}`,
    });
    expect(await validate(code)).toEqual({ valid: true, message: inviteCodeMessages.valid });
    expect(await auditRows()).toBe(audited);

    const done = await admin.revokeCodes([code], { reason: 'Leaked on a forum' });
    expect(done).toMatchObject({ dry_run: false, codes: [{ code, status: 'revoked' }] });
    expect(await validate(code)).toEqual({ valid: false, message: inviteCodeMessages.revoked });
    expect(await admin.audit({ action: 'invite.revoke', target: code })).toMatchObject([
      { reason: 'Leaked on a forum', effect: `revoked 1 code: ${code}` },
    ]);
    // Revoking again keeps the first date and says so.
    const [first] = await db().select().from(inviteCodes).where(eq(inviteCodes.code, code));
    expect((await admin.revokeCodes([code])).effect).toBe(`revoked 0 codes (1 was already revoked): ${code}`);
    const [again] = await db().select().from(inviteCodes).where(eq(inviteCodes.code, code));
    expect(again!.revokedAt).toEqual(first!.revokedAt);
  });

  test('revoke refuses an unknown code with 404 and revokes none of the others named with it', async () => {
    const [view] = (await create({})).codes;
    const audited = await auditRows();
    await expect(admin.revokeCodes([view!.code, 'NOSUCHCODE'])).rejects.toMatchObject({
      status: 404,
      message: 'No invite code NOSUCHCODE.',
    });
    expect(await validate(view!.code)).toMatchObject({ valid: true });
    expect(await auditRows()).toBe(audited);
    await expect(
      admin.call('POST', '/api/admin/invite-codes/revocations', { codes: [view!.code], label: 'x' }),
    ).rejects.toMatchObject({ status: 422 });
  });

  test('revoke a cohort: every code of the label that still admits someone, used ones left as history', async () => {
    const { codes } = await create({ count: 3, label: 'Autumn dinner' });
    const used = codes[0]!.code;
    const registered = await server.app.inject(webRegistration(webFormData(used), [await pngPhoto()]));
    expect(registered.statusCode).toBe(201);
    const dry = await admin.call('POST', '/api/admin/invite-codes/revocations', {
      label: 'Autumn dinner',
      dry_run: true,
    });
    expect(dry).toMatchObject({
      dry_run: true,
      effect: expect.stringMatching(/^revoked 2 codes of cohort "Autumn dinner"/),
    });
    const done = await admin.call<{ codes: InviteCodeView[] }>(
      'POST',
      '/api/admin/invite-codes/revocations',
      {
        label: 'Autumn dinner',
        reason: 'The dinner is over',
      },
    );
    expect(done.codes.map(({ code }) => code).sort()).toEqual([codes[1]!.code, codes[2]!.code].sort());
    const cohort = await admin.call<InviteCodeView[]>('GET', '/api/admin/invite-codes?label=Autumn%20dinner');
    expect(Object.fromEntries(cohort.map((view) => [view.code, view.status]))).toEqual({
      [used]: 'used up',
      [codes[1]!.code]: 'revoked',
      [codes[2]!.code]: 'revoked',
    });
    expect(await admin.audit({ target: 'Autumn dinner', action: 'invite.revoke' })).toMatchObject([
      { reason: 'The dinner is over' },
    ]);
  });

  test('list shows every code with its status', async () => {
    const codes = {
      valid: await makeInvite(db(), 'valid'),
      expired: await makeInvite(db(), 'expired'),
      'used up': await makeInvite(db(), 'used_up', 2),
      revoked: await makeInvite(db(), 'revoked'),
    };
    const listed = new Map(
      (await admin.call<InviteCodeView[]>('GET', '/api/admin/invite-codes')).map((view) => [view.code, view]),
    );
    for (const [status, code] of Object.entries(codes)) expect(listed.get(code)?.status).toBe(status);
    expect(listed.get(codes['used up'])).toMatchObject({ uses: 2, max_uses: 2 });
  });

  test('the waitlist lists who joined, by phone or e-mail; an export is recorded, a listing is not', async () => {
    for (const payload of [{ phone_number: '07911 100700', name: 'Ada' }, { email: 'grace@example.com' }]) {
      const response = await server.app.inject({ method: 'POST', url: '/api/waitlist/join', payload });
      expect(response.statusCode).toBe(200);
    }
    const audited = await auditRows();
    // The list masks the phone and the e-mail; the export (recorded) has them whole.
    expect(await admin.waitlist()).toEqual(
      expect.arrayContaining([
        {
          id: expect.any(Number),
          phone: '+44 7911 ••• 700',
          email: null,
          name: 'Ada',
          joined_at: expect.stringMatching(ISO),
          status: 'waiting',
        },
        {
          id: expect.any(Number),
          phone: null,
          email: 'g•••@example.com',
          name: null,
          joined_at: expect.stringMatching(ISO),
          status: 'waiting',
        },
      ]),
    );
    expect(await auditRows()).toBe(audited);
    const exported = await admin.call<{ entries: unknown[]; effect: string }>(
      'POST',
      '/api/admin/waitlist/exports',
    );
    expect(exported.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ phone: '+447911100700' }),
        expect.objectContaining({ email: 'grace@example.com' }),
      ]),
    );
    expect(await admin.audit({ action: 'waitlist.export' })).toMatchObject([
      { effect: 'exported 2 waitlist entries' },
    ]);
  });

  test('a waitlist invitation names the number only by a salted hash, and the number finds it', async () => {
    await server.app.inject({
      method: 'POST',
      url: '/api/waitlist/join',
      payload: { phone_number: '07911 100701' },
    });
    const [invitation] = await admin.inviteFromWaitlist({
      phone: '07911 100701',
      reason: 'Friend of the host',
    });
    expect(invitation!.phone).toBe('+447911100701');
    const [entry] = await admin.audit({ target: '+44 7911 100701' });
    expect(entry).toMatchObject({
      action: 'waitlist.invite',
      target: expect.stringMatching(/^phone:[0-9a-f]{20}$/),
      reason: 'Friend of the host',
      effect: 'invited 1 waitlist entry',
    });
    const everything = JSON.stringify(await db().select().from(operatorAudit));
    expect(everything).not.toContain('7911100701');
  });

  test('the audit trail is append-only: the database refuses to change or delete a row', async () => {
    await create({ label: 'Append only' });
    await expect(db().execute(sql`UPDATE operator_audit SET reason = 'edited'`)).rejects.toThrow();
    await expect(db().execute(sql`DELETE FROM operator_audit`)).rejects.toThrow();
    await expect(db().execute(sql`TRUNCATE operator_audit`)).rejects.toThrow();
    expect(await admin.audit({ target: 'Append only' })).toHaveLength(1);
  });

  test('audit list filters by action, actor and day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const everything = await admin.audit();
    expect(everything.length).toBeGreaterThan(3);
    expect(everything.map(({ id }) => id)).toEqual([...everything.map(({ id }) => id)].sort((a, b) => a - b));
    expect(await admin.audit({ since: today })).toEqual(everything);
    expect(await admin.audit({ since: tomorrow })).toEqual([]);
    const mine = everything[0]!.actor;
    expect(await admin.audit({ actor: mine })).toEqual(everything);
    expect(await admin.audit({ actor: 'cli:nobody@nowhere' })).toEqual([]);
    await expect(admin.audit({ since: 'yesterday' })).rejects.toMatchObject({ status: 400 });
  });

  test("a console session's actions are recorded under the operator's name", async () => {
    const added = await admin.call<{ name: string }>('POST', '/api/admin/operators', { name: 'grace' });
    expect(added.name).toBe('grace');
    const { link } = await admin.call<{ link: string }>('POST', '/api/admin/operators/grace/sign-in-links');
    const pressed = await server.app.inject({
      method: 'POST',
      url: new URL(link).pathname,
      headers: {
        host: 'becca.test',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      remoteAddress: '203.0.113.9',
    });
    const session = new RegExp(`^${operatorSessionCookieName(APP_URL)}=([^;]+)`).exec(
      String(pressed.headers['set-cookie']),
    )![1];
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/admin/invite-codes',
      remoteAddress: '203.0.113.9',
      headers: {
        host: 'becca.test',
        'sec-fetch-site': 'same-origin',
        cookie: `${operatorSessionCookieName(APP_URL)}=${session}`,
        'becca-actor': 'root@forged',
      },
      payload: { label: 'From the console' },
    });
    expect(created.statusCode).toBe(201);
    // grace was the first account, so an owner; her row names her session, never its token.
    expect(await admin.audit({ target: 'From the console' })).toMatchObject([
      { actor: 'grace', session: expect.stringMatching(/^[0-9a-f]{12}$/) },
    ]);
    expect(await admin.audit({ action: 'operators.sign-in-link', target: 'grace' })).toHaveLength(1);
  });

  test('every other change writes its audit row, a dry run none; an erasure leaves no personal data in it', async () => {
    const [code] = (await create({ uses: 2 })).codes;
    const phone = uniquePhone();
    const registered = await server.app.inject(
      webRegistration(webFormData(code!.code, { phone, firstName: 'Hedy', lastName: 'Lamarr' }), [
        await pngPhoto(),
      ]),
    );
    expect(registered.statusCode).toBe(201);
    const userId = registered.json<{ user_id: string }>().user_id;
    const member = (path = '') => `/api/admin/members/${userId}${path}`;

    await admin.grant(userId, 2);
    expect(await admin.revokeBranch(userId, { dry_run: true })).toMatchObject({
      dry_run: true,
      revoked_codes: 2,
    });
    expect(await admin.call('DELETE', member(), { dry_run: true })).toMatchObject({
      erased: true,
      dry_run: true,
      effect: 'erased a member: 1 photo, 2 network entries, 0 nominations, 2 unused invite codes',
    });
    expect(await admin.audit({ target: userId })).toMatchObject([{ action: 'invite.grant' }]);
    expect(await admin.call('GET', member())).toMatchObject({ id: userId });

    expect(await admin.revokeBranch(userId, { reason: 'Resold codes' })).toMatchObject({ revoked_codes: 2 });
    await admin.call('POST', '/api/admin/nominations/purge', { older_than_days: 1, reason: 'Policy' });
    await admin.call('POST', '/api/admin/members/exports');
    const eventId = await enqueueEvent(db(), 'member.onboarded', {
      status: 'onboarded',
      user_id: userId,
      onboarded_at: new Date().toISOString(),
    });
    await admin.call('POST', `/api/admin/webhook-events/${eventId}/retry`);
    await admin.call('POST', '/api/admin/operators', { name: 'ada' });
    await admin.call('DELETE', '/api/admin/operators/ada');
    expect(await admin.call('DELETE', member(), { reason: 'Asked by e-mail' })).toMatchObject({
      dry_run: false,
    });
    await expect(admin.call('GET', member())).rejects.toMatchObject({ status: 404 });

    const byAction = new Map((await admin.audit()).map((entry) => [entry.action, entry]));
    expect(byAction.get('invite.revoke-branch')).toMatchObject({
      target: userId,
      reason: 'Resold codes',
      effect: 'revoked 2 codes across 1 member',
    });
    expect(byAction.get('nominations.purge')).toMatchObject({ reason: 'Policy' });
    expect(byAction.get('members.export')).toMatchObject({
      effect: expect.stringMatching(/^exported \d+ members?$/),
    });
    expect(byAction.get('webhooks.retry')).toMatchObject({
      target: eventId,
      effect: 'queued member.onboarded for delivery now',
    });
    expect(byAction.get('operators.add')).toMatchObject({ target: 'ada' });
    expect(byAction.get('operators.remove')).toMatchObject({ target: 'ada' });
    expect(byAction.get('members.delete')).toMatchObject({
      target: userId,
      reason: 'Asked by e-mail',
      effect: 'erased a member: 1 photo, 2 network entries, 0 nominations, 2 unused invite codes',
    });
    // The trail keeps the erasure's row and the member's random id, and nothing that was theirs.
    const trail = JSON.stringify(await db().select().from(operatorAudit));
    for (const personal of ['Hedy', 'Lamarr', phone, phone.slice(1)]) expect(trail).not.toContain(personal);
  });

  describe('the guard', () => {
    const raw = (options: InjectOptions, token: string | null = adminToken) =>
      server.app.inject({
        ...options,
        headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...options.headers },
      });

    test('with the token from this machine (IPv4 or IPv6 loopback) the routes answer', async () => {
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        expect((await raw({ method: 'GET', url: '/api/admin/waitlist', remoteAddress })).statusCode).toBe(
          200,
        );
      }
    });

    test('the CLI says who runs it; anything but user@host is recorded as cli:unknown', async () => {
      for (const [actor, recorded] of [
        ['ops@becca-1', 'cli:ops@becca-1'],
        ['ops@becca-1 status onboarded', 'cli:unknown'],
        ['grace', 'cli:unknown'],
        ['cli:root@elsewhere', 'cli:unknown'],
      ] as const) {
        const label = `actor ${randomBytes(4).toString('hex')}`;
        const response = await raw({
          method: 'POST',
          url: '/api/admin/invite-codes',
          headers: { 'becca-actor': actor },
          payload: { label },
        });
        expect(response.statusCode).toBe(201);
        expect(await admin.audit({ target: label })).toMatchObject([{ actor: recorded }]);
      }
    });

    test.each([
      ['no token', null, '127.0.0.1'],
      ['a wrong token', randomBytes(32).toString('base64url'), '127.0.0.1'],
      ['the token with a character more', `${adminToken}x`, '127.0.0.1'],
      ['an empty token', '', '127.0.0.1'],
      ['the right token from another machine', adminToken, '10.0.0.1'],
      ['the right token from a public IPv6 address', adminToken, '2001:db8::1'],
    ])(
      '%s gets 404, as if the routes did not exist, and changes nothing',
      async (_label, token, remoteAddress) => {
        const [codes, audited] = [(await db().select().from(inviteCodes)).length, await auditRows()];
        for (const options of [
          { method: 'GET', url: '/api/admin/invite-codes' },
          { method: 'GET', url: '/api/admin/audit' },
          { method: 'POST', url: '/api/admin/invite-codes', payload: { uses: 1 } },
        ] as const) {
          const response = await raw({ ...options, remoteAddress }, token);
          expectDetail(response, 404, `No API endpoint ${options.method} ${options.url}.`);
        }
        expect((await db().select().from(inviteCodes)).length).toBe(codes);
        expect(await auditRows()).toBe(audited);
      },
    );

    test('a forwarded-for header claiming loopback does not open the door', async () => {
      const response = await raw({
        method: 'GET',
        url: '/api/admin/invite-codes',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expectDetail(response, 404);
    });

    test('a server started without an admin token answers no token', async () => {
      const plain = await startTestServer(engine, {}, { database: server.database });
      try {
        const response = await plain.app.inject({
          method: 'GET',
          url: '/api/admin/invite-codes',
          headers: { authorization: `Bearer ${adminToken}` },
        });
        expectDetail(response, 404);
      } finally {
        await plain.close();
      }
    });
  });
});
