import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { inviteCodes } from '../../server/db/schema';
import { inviteCodeMessages } from '../../server/invites/inviteCodeStore';
import {
  databaseOperatorCommands,
  type InviteCodeView,
  type OperatorCommands,
} from '../../server/operator/operatorCommands';
import { INVITE_CODE_ALPHABET } from '../../src/domain/inviteCode';
import { expectDetail, generousRateLimits, makeInvite } from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

const CODE = new RegExp(`^[${INVITE_CODE_ALPHABET}]{8,}$`);
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(engines)('operator commands on $name', (engine) => {
  const adminToken = randomBytes(32).toString('base64url');
  let server: TestServer;
  let commands: OperatorCommands;
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimits: generousRateLimits }, { adminToken });
    commands = databaseOperatorCommands(server.database.db);
  });
  afterAll(async () => {
    await server.close();
  });

  const validate = async (code: string) =>
    (await server.app.inject({ method: 'GET', url: `/api/auth/validate-code/${code}` })).json<{
      valid: boolean;
      message: string;
    }>();

  test('create issues a code with its uses, expiry and label', async () => {
    const view = await commands.createInvite({ uses: 3, expires: '2099-12-31', label: 'Launch party' });
    expect(view).toEqual({
      code: expect.stringMatching(CODE),
      label: 'Launch party',
      uses: 0,
      maxUses: 3,
      expiresAt: '2099-12-31T23:59:59.999Z',
      status: 'valid',
      createdAt: expect.stringMatching(ISO),
    });
    expect(await validate(view.code)).toEqual({ valid: true, message: inviteCodeMessages.valid });
  });

  test('generated codes are at least 8 unambiguous characters and all different', async () => {
    const codes = await Promise.all(Array.from({ length: 25 }, () => commands.createInvite({ uses: 1 })));
    for (const { code } of codes) {
      expect(code).toMatch(CODE);
      expect(code).not.toMatch(/[0O1IL]/);
    }
    expect(new Set(codes.map(({ code }) => code)).size).toBe(codes.length);
  });

  test('an expiry date means the code works through that whole day (UTC)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const lastDay = await commands.createInvite({ uses: 1, expires: today });
    expect(lastDay.expiresAt).toBe(`${today}T23:59:59.999Z`);
    expect(await validate(lastDay.code)).toEqual({ valid: true, message: inviteCodeMessages.valid });
    const over = await commands.createInvite({ uses: 1, expires: yesterday });
    expect(over.status).toBe('expired');
    expect(await validate(over.code)).toEqual({ valid: false, message: inviteCodeMessages.expired });
  });

  test.each([
    [{ uses: 0 }, /--uses must be a whole number/],
    [{ uses: 1.5 }, /--uses must be a whole number/],
    [{ uses: 100_001 }, /--uses must be a whole number/],
    [{ uses: Number.NaN }, /--uses must be a whole number/],
    [{ uses: 1, expires: '31/12/2099' }, /--expires wants a date like/],
    [{ uses: 1, expires: '2099-13-45' }, /is not a date/],
  ])('create refuses %j with a clear message', async (options, message) => {
    await expect(commands.createInvite(options)).rejects.toThrow(message);
  });

  test('list shows every code with its status', async () => {
    const db = server.database.db;
    const codes = {
      valid: await makeInvite(db, 'valid'),
      expired: await makeInvite(db, 'expired'),
      'used up': await makeInvite(db, 'used_up', 2),
      revoked: await makeInvite(db, 'revoked'),
    };
    const listed = new Map((await commands.listInvites()).map((view) => [view.code, view]));
    for (const [status, code] of Object.entries(codes)) expect(listed.get(code)?.status).toBe(status);
    expect(listed.get(codes['used up'])).toMatchObject({ uses: 2, maxUses: 2 });
  });

  test('revoke stops a code; validate-code then says it is revoked', async () => {
    const { code } = await commands.createInvite({ uses: 5 });
    const revoked = await commands.revokeInvite(` ${code.toLowerCase()} `);
    expect(revoked).toMatchObject({ code, status: 'revoked' });
    expect(await validate(code)).toEqual({ valid: false, message: inviteCodeMessages.revoked });
    const [first] = await server.database.db.select().from(inviteCodes).where(eq(inviteCodes.code, code));
    await commands.revokeInvite(code);
    const [again] = await server.database.db.select().from(inviteCodes).where(eq(inviteCodes.code, code));
    expect(again!.revokedAt).toEqual(first!.revokedAt);
    expect(await commands.revokeInvite('NOSUCHCODE')).toBeUndefined();
  });

  test('the waitlist lists who joined, by phone or e-mail', async () => {
    for (const payload of [{ phone_number: '07911 100700', name: 'Ada' }, { email: 'grace@example.com' }]) {
      const response = await server.app.inject({ method: 'POST', url: '/api/waitlist/join', payload });
      expect(response.statusCode).toBe(200);
    }
    const listed = await commands.listWaitlist();
    expect(listed).toEqual(
      expect.arrayContaining([
        {
          phone: '+447911100700',
          email: null,
          name: 'Ada',
          joinedAt: expect.stringMatching(ISO),
          status: 'waiting',
        },
        {
          phone: null,
          email: 'grace@example.com',
          name: null,
          joinedAt: expect.stringMatching(ISO),
          status: 'waiting',
        },
      ]),
    );
  });

  describe('admin routes', () => {
    const admin = (options: InjectOptions, token: string | null = adminToken) =>
      server.app.inject({
        ...options,
        headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...options.headers },
      });

    test('with the token from this machine they create, list, revoke and list the waitlist', async () => {
      const created = await admin({
        method: 'POST',
        url: '/api/admin/invite-codes',
        payload: { uses: 2, expires: '2099-01-31', label: 'Over the wire' },
      });
      expect(created.statusCode).toBe(201);
      const view = created.json<InviteCodeView>();
      expect(view).toMatchObject({
        code: expect.stringMatching(CODE),
        maxUses: 2,
        label: 'Over the wire',
        status: 'valid',
      });

      const listed = await admin({ method: 'GET', url: '/api/admin/invite-codes' });
      expect(listed.statusCode).toBe(200);
      expect(listed.json<InviteCodeView[]>().map(({ code }) => code)).toContain(view.code);

      const revoked = await admin({ method: 'POST', url: `/api/admin/invite-codes/${view.code}/revoke` });
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json()).toMatchObject({ code: view.code, status: 'revoked' });
      expect(await validate(view.code)).toEqual({ valid: false, message: inviteCodeMessages.revoked });

      const waitlist = await admin({ method: 'GET', url: '/api/admin/waitlist' });
      expect(waitlist.statusCode).toBe(200);
      expect(Array.isArray(waitlist.json())).toBe(true);

      for (const remoteAddress of ['::1', '::ffff:127.0.0.1']) {
        expect((await admin({ method: 'GET', url: '/api/admin/waitlist', remoteAddress })).statusCode).toBe(
          200,
        );
      }
    });

    test('bad options answer 422 with the command line message, an unknown code 404', async () => {
      const bad = await admin({ method: 'POST', url: '/api/admin/invite-codes', payload: { uses: null } });
      expectDetail(bad, 422, /--uses must be a whole number/);
      const badDate = await admin({
        method: 'POST',
        url: '/api/admin/invite-codes',
        payload: { uses: 1, expires: 'soon' },
      });
      expectDetail(badDate, 422, /--expires wants a date like/);
      expectDetail(
        await admin({ method: 'POST', url: '/api/admin/invite-codes/NOSUCHCODE/revoke' }),
        404,
        'No invite code NOSUCHCODE.',
      );
    });

    test.each([
      ['no token', null, '127.0.0.1'],
      ['a wrong token', randomBytes(32).toString('base64url'), '127.0.0.1'],
      ['the token with a character more', `${adminToken}x`, '127.0.0.1'],
      ['an empty token', '', '127.0.0.1'],
      ['the right token from another machine', adminToken, '10.0.0.1'],
      ['the right token from a public IPv6 address', adminToken, '2001:db8::1'],
    ])('%s gets 404, as if the routes did not exist', async (_label, token, remoteAddress) => {
      const before = (await commands.listInvites()).length;
      for (const options of [
        { method: 'GET', url: '/api/admin/invite-codes' },
        { method: 'GET', url: '/api/admin/waitlist' },
        { method: 'POST', url: '/api/admin/invite-codes', payload: { uses: 1 } },
      ] as const) {
        const response = await admin({ ...options, remoteAddress }, token);
        expectDetail(response, 404, `No API endpoint ${options.method} ${options.url}.`);
      }
      expect((await commands.listInvites()).length).toBe(before);
    });

    test('a forwarded-for header claiming loopback does not open the door', async () => {
      const response = await admin({
        method: 'GET',
        url: '/api/admin/invite-codes',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expectDetail(response, 404);
    });

    test('a server started without an admin token serves no admin routes', async () => {
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
