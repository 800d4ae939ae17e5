import { eq } from 'drizzle-orm';
import { phoneForLists } from '../../src/domain/phoneNumber';
import { inviteCodes, waitlist } from '../../server/db/schema';
import {
  expectDetail,
  generousRateLimits,
  makeInvite,
  pngPhoto,
  webFormData,
  webRegistration,
} from './fixtures';
import { adminApi, type AdminApi } from './adminApi';
import { engines, startTestServer, type TestServer } from './testServer';

const APP_URL = 'https://becca.test';
const ADMIN_TOKEN = 'test-admin-token-for-waitlist-invites';

describe.each(engines)('waitlist invite on $name', (engine) => {
  let server: TestServer;
  let admin: AdminApi;
  beforeAll(async () => {
    server = await startTestServer(
      engine,
      { rateLimits: generousRateLimits, appUrl: APP_URL },
      { adminToken: ADMIN_TOKEN },
    );
    admin = adminApi(server, ADMIN_TOKEN);
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.database.db;
  const joinWaitlist = async (phone: string) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/waitlist/join',
      payload: { phone_number: phone },
    });
    expect(response.statusCode).toBe(200);
  };
  // The list shows each phone masked, as phoneForLists makes it.
  const statusOf = async (phone: string) =>
    (await admin.waitlist()).find((row) => row.phone === phoneForLists(phone))?.status;
  const registerWith = async (code: string, phone: string) =>
    server.app.inject(webRegistration(webFormData(code, { phone }), [await pngPhoto()]));
  const adminInvite = (body: object) =>
    server.app.inject({
      method: 'POST',
      url: '/api/admin/waitlist/invitations',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: body,
      remoteAddress: '127.0.0.1',
    });

  test('a waiting number is invited with a one-use code and a wa.me link, then joins', async () => {
    await joinWaitlist('07911 200001');
    expect(await statusOf('+447911200001')).toBe('waiting');

    // As the operator would type it: national form, spaces.
    const [invitation] = await admin.inviteFromWaitlist({ phone: '07911 200001' });
    expect(invitation!.phone).toBe('+447911200001');
    expect(invitation!.share_url).toBe(`${APP_URL}/join?code=${invitation!.code}`);
    const link = new URL(invitation!.whatsapp_url);
    expect(`${link.origin}${link.pathname}`).toBe('https://wa.me/447911200001');
    expect(link.searchParams.get('text')).toMatch(/invited/);
    expect(link.searchParams.get('text')).toContain(invitation!.share_url);
    expect(await statusOf('+447911200001')).toBe('invited');

    const [code] = await db().select().from(inviteCodes).where(eq(inviteCodes.code, invitation!.code));
    const [entry] = await db().select().from(waitlist).where(eq(waitlist.phone, '+447911200001'));
    expect(code).toMatchObject({ maxUses: 1, uses: 0, waitlistId: entry!.id, invitedBy: null });

    // Inviting again sends the same open code rather than making a second one.
    const [again] = await admin.inviteFromWaitlist({ phone: '+44 7911 200001' });
    expect(again!.code).toBe(invitation!.code);

    const response = await registerWith(invitation!.code, '+447911200001');
    expect(response.statusCode).toBe(201);
    expect(await statusOf('+447911200001')).toBe('joined');
    expect((await registerWith(invitation!.code, '+447911200099')).statusCode).toBe(403);
  });

  test('a waiting number that registers with any other code becomes joined too', async () => {
    await joinWaitlist('+447911200002');
    expect((await registerWith(await makeInvite(db()), '+447911200002')).statusCode).toBe(201);
    expect(await statusOf('+447911200002')).toBe('joined');
  });

  test('a number already registered gets a clear message and no code', async () => {
    await joinWaitlist('+447911200003');
    expect((await registerWith(await makeInvite(db()), '+447911200003')).statusCode).toBe(201);
    const codesBefore = (await db().select().from(inviteCodes)).length;
    await expect(admin.inviteFromWaitlist({ phone: '07911 200003' })).rejects.toThrow(
      /\+447911200003 is already registered/,
    );
    expect((await db().select().from(inviteCodes)).length).toBe(codesBefore);
  });

  test('bad numbers and numbers not on the waitlist are refused', async () => {
    await expect(admin.inviteFromWaitlist({ phone: 'call me' })).rejects.toThrow(/not a valid phone number/);
    await expect(admin.inviteFromWaitlist({ phone: '07911 200999' })).rejects.toThrow(
      /\+447911200999 is not on the waitlist/,
    );
    await expect(admin.inviteFromWaitlist({ next: 0 })).rejects.toMatchObject({ status: 400 });
  });

  test('--next N invites the N longest-waiting numbers, once', async () => {
    for (const phone of ['+447911200011', '+447911200012', '+447911200013']) await joinWaitlist(phone);
    const waiting = (await admin.waitlist()).filter((row) => row.status === 'waiting' && row.phone);
    const first = await admin.inviteFromWaitlist({ next: 2 });
    const masked = (invitations: { phone: string }[]) => invitations.map(({ phone }) => phoneForLists(phone));
    expect(masked(first)).toEqual(waiting.slice(0, 2).map((row) => row.phone));
    const rest = await admin.inviteFromWaitlist({ next: 100 });
    expect(masked(rest)).toEqual(waiting.slice(2).map((row) => row.phone));
    expect(await admin.inviteFromWaitlist({ next: 5 })).toEqual([]);
  });

  test('through the loopback admin route: the same invitation, and refusals as a detail', async () => {
    await joinWaitlist('+447911200021');
    const response = await adminInvite({ phone: '07911 200021' });
    expect(response.statusCode).toBe(200);
    const [invitation] = response.json<{ invitations: { phone: string; whatsapp_url: string }[] }>()
      .invitations;
    expect(invitation!.whatsapp_url).toMatch(/^https:\/\/wa\.me\/447911200021\?text=/);
    expect(await statusOf('+447911200021')).toBe('invited');
    expectDetail(await adminInvite({ phone: '07911 200998' }), 422, /not on the waitlist/);
    expectDetail(await adminInvite({ next: null }), 400, /next/);
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/admin/waitlist/invitations',
          payload: { next: 1 },
        })
      ).statusCode,
    ).toBe(404);
  });
});
