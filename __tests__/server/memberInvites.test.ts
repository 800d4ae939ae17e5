import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { formatInviteTree } from '../../server/cli/inviteTreeText';
import { readSettings } from '../../server/config';
import { erasedInviteNodes, inviteCodes, users } from '../../server/db/schema';
import { inviteCodeMessages } from '../../server/invites/inviteCodeStore';
import type { MemberDetail } from '../../src/domain/contracts/adminMembers';
import {
  codeFromWhatsAppUrl,
  expectDetail,
  generousRateLimits,
  pngPhoto,
  makeInvite,
  storedCounts,
  uniquePhone,
  webFormData,
  webRegistration,
} from './fixtures';
import { adminApi, newAdminToken, type AdminApi } from './adminApi';
import { engines, startTestServer, type TestServer } from './testServer';

jest.setTimeout(60_000);

const APP_URL = 'https://becca.test';
const API_KEY = randomBytes(32).toString('base64url');

interface Member {
  access_token: string;
  user_id: string;
  whatsapp_url: string;
  phone: string;
}

interface InvitesAnswer {
  invites: { code: string; status: string; used: boolean; share_url: string }[];
  unlocked: boolean;
  whatsapp_url: string | null;
}

describe.each(engines)('member invites on $name', (engine) => {
  let server: TestServer;
  let admin: AdminApi;
  const adminToken = newAdminToken();
  let photo: Buffer;
  const settingsFor = (memberInvites = 3) => ({
    rateLimits: generousRateLimits,
    appUrl: APP_URL,
    memberInvites,
    assistant: { ...readSettings({}).assistant, apiKey: API_KEY, rateLimitPerMinute: 10_000 },
  });
  beforeAll(async () => {
    server = await startTestServer(engine, settingsFor(), { adminToken });
    admin = adminApi(server, adminToken);
    photo = await pngPhoto();
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.database.db;

  const register = (code: string, firstName = 'Ada', phone = uniquePhone()) =>
    server.app.inject(webRegistration(webFormData(code, { first_name: firstName, phone }), [photo]));

  async function registered(code: string, firstName = 'Ada'): Promise<Member> {
    const phone = uniquePhone();
    const response = await register(code, firstName, phone);
    expect(response.statusCode).toBe(201);
    return { ...response.json<Omit<Member, 'phone'>>(), phone };
  }

  const link = (member: Member, on: TestServer = server) =>
    on.app.inject({
      method: 'POST',
      url: '/api/assistant/link',
      headers: { authorization: `Bearer ${API_KEY}` },
      payload: { linking_code: codeFromWhatsAppUrl(member.whatsapp_url), whatsapp_number: member.phone },
    });

  /** Registered and proven: the assistant linked their chat, so their codes exist. */
  async function linkedMember(code: string, firstName = 'Ada'): Promise<Member> {
    const member = await registered(code, firstName);
    expect((await link(member)).statusCode).toBe(200);
    return member;
  }

  const myInvites = (authorization?: string) =>
    server.app.inject({
      method: 'GET',
      url: '/api/me/invites',
      headers: authorization ? { authorization } : {},
    });
  const invitesOf = async (member: Member) =>
    (await myInvites(`Bearer ${member.access_token}`)).json<InvitesAnswer>();
  const codesOf = async (userId: string) =>
    db().select().from(inviteCodes).where(eq(inviteCodes.invitedBy, userId));

  test('a new member has no codes until their number is proven; linking issues 3, listed with share links', async () => {
    const member = await registered(await makeInvite(db()));
    expect(await codesOf(member.user_id)).toEqual([]);
    const locked = await myInvites(`Bearer ${member.access_token}`);
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toEqual({ invites: [], unlocked: false, whatsapp_url: member.whatsapp_url });

    expect((await link(member)).statusCode).toBe(200);
    const stored = await codesOf(member.user_id);
    expect(stored).toHaveLength(3);
    expect(stored.every((row) => row.maxUses === 1 && row.uses === 0 && row.revokedAt === null)).toBe(true);

    const response = await myInvites(`Bearer ${member.access_token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const answer = response.json<InvitesAnswer>();
    expect(answer.unlocked).toBe(true);
    expect(answer.whatsapp_url).toBeNull();
    expect(answer.invites.map((invite) => invite.code).sort()).toEqual(stored.map((row) => row.code).sort());
    for (const invite of answer.invites) {
      expect(invite).toEqual({
        code: invite.code,
        status: 'unused',
        used: false,
        share_url: `${APP_URL}/join?code=${invite.code}`,
      });
    }
  });

  test('a made-up number cannot mint codes: registrations alone never create any', async () => {
    const code = await makeInvite(db(), 'valid', 3);
    const before = (await db().select().from(inviteCodes)).length;
    for (let i = 0; i < 3; i += 1) await registered(code);
    expect((await db().select().from(inviteCodes)).length).toBe(before);
  });

  test('without a valid token the invites are a 401 with a detail', async () => {
    expectDetail(await myInvites(), 401, 'Please sign in to see your invites.');
    expectDetail(await myInvites('Bearer not-a-real-token'), 401);
    expectDetail(await myInvites('Basic abc'), 401);
  });

  test('a member code works once, is attributed, and shows as used to its owner', async () => {
    const ada = await linkedMember(await makeInvite(db()));
    const [first] = (await invitesOf(ada)).invites;
    const grace = await registered(first!.code, 'Grace');

    const [graceRow] = await db().select().from(users).where(eq(users.id, grace.user_id));
    expect(graceRow!.inviteCode).toBe(first!.code);
    const [codeRow] = await db().select().from(inviteCodes).where(eq(inviteCodes.code, first!.code));
    expect(codeRow).toMatchObject({ invitedBy: ada.user_id, uses: 1, maxUses: 1 });

    const after = (await invitesOf(ada)).invites;
    expect(after.find((invite) => invite.code === first!.code)).toMatchObject({ status: 'used', used: true });
    expect(after.filter((invite) => invite.status === 'unused')).toHaveLength(2);

    const before = await storedCounts(db());
    expectDetail(await register(first!.code, 'Mallory'), 403, inviteCodeMessages.used_up);
    expect(await storedCounts(db())).toEqual(before);
  });

  test('each code says what it is: expired and revoked codes are shown so, and grant counts only usable ones', async () => {
    const ada = await linkedMember(await makeInvite(db()));
    const [toExpire, toRevoke] = (await invitesOf(ada)).invites;
    await db()
      .update(inviteCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(inviteCodes.code, toExpire!.code));
    await admin.revokeCodes([toRevoke!.code]);

    const statuses = Object.fromEntries((await invitesOf(ada)).invites.map((i) => [i.code, i.status]));
    expect(statuses[toExpire!.code]).toBe('expired');
    expect(statuses[toRevoke!.code]).toBe('revoked');
    expect(Object.values(statuses).filter((status) => status === 'unused')).toHaveLength(1);
    expectDetail(await register(toExpire!.code), 403, inviteCodeMessages.expired);

    expect(await admin.grant(ada.user_id, 2)).toMatchObject({ unused: 3 });
  });

  test('the quota is part of the link transaction: when it fails, the member stays unlinked and can retry', async () => {
    const member = await registered(await makeInvite(db()));
    // A constraint that refuses member codes makes the last step of the link fail.
    await db().execute(
      sql`ALTER TABLE invite_codes ADD CONSTRAINT test_no_member_codes CHECK (invited_by IS NULL) NOT VALID`,
    );
    try {
      expect((await link(member)).statusCode).toBe(500);
    } finally {
      await db().execute(sql`ALTER TABLE invite_codes DROP CONSTRAINT test_no_member_codes`);
    }
    const [row] = await db().select().from(users).where(eq(users.id, member.user_id));
    expect([row!.status, row!.linkedAt, row!.linkingCodeUsedAt]).toEqual(['registered', null, null]);
    expect(await codesOf(member.user_id)).toEqual([]);
    expect((await link(member)).statusCode).toBe(200);
    expect(await codesOf(member.user_id)).toHaveLength(3);
  });

  test('the same link sent several times at once issues the quota exactly once', async () => {
    const member = await registered(await makeInvite(db()));
    const answers = await Promise.all(Array.from({ length: 4 }, () => link(member)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await codesOf(member.user_id)).toHaveLength(3);
  });

  test('MEMBER_INVITES sets the quota', async () => {
    const other = await startTestServer(engine, settingsFor(5), { database: server.database });
    try {
      const member = await registered(await makeInvite(db()));
      expect((await link(member, other)).statusCode).toBe(200);
      expect(await codesOf(member.user_id)).toHaveLength(5);
    } finally {
      await other.close();
    }
  });

  test('invite grant adds codes to a member, linked or not; bad input is refused', async () => {
    const member = await linkedMember(await makeInvite(db()));
    expect(await admin.grant(member.user_id, 2)).toMatchObject({ unused: 5 });
    expect(await codesOf(member.user_id)).toHaveLength(5);
    await expect(admin.grant(member.user_id, 0)).rejects.toMatchObject({ status: 400 });
    await expect(admin.grant(member.user_id, 1.5)).rejects.toMatchObject({ status: 400 });
    await expect(admin.grant('00000000-0000-4000-8000-000000000000', 1)).rejects.toThrow(/No member/);
    await expect(admin.grant('not-a-uuid', 1)).rejects.toThrow(/No member/);
    expect(await codesOf(member.user_id)).toHaveLength(5);

    // The operator's grant is theirs to give: an unproven member's panel lists it while still locked.
    const unproven = await registered(await makeInvite(db()));
    expect(await admin.grant(unproven.user_id, 1)).toMatchObject({ unused: 1 });
    const answer = await invitesOf(unproven);
    expect(answer.unlocked).toBe(false);
    expect(answer.invites).toEqual([expect.objectContaining({ status: 'unused' })]);
  });

  test('invite tree shows who invited whom; revoke-branch revokes the unused codes below a member', async () => {
    const root = await makeInvite(db(), 'valid', 2);
    const ada = await linkedMember(root, 'Ada');
    const adaCodes = (await invitesOf(ada)).invites;
    const grace = await linkedMember(adaCodes[0]!.code, 'Grace');
    const graceCodes = (await invitesOf(grace)).invites;
    const alan = await linkedMember(graceCodes[0]!.code, 'Alan');
    const outsider = await linkedMember(root, 'Hedy');

    const text = formatInviteTree(await admin.tree()).text;
    const lines = text.split('\n');
    const at = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
    const rootLine = at(new RegExp(`^${root}  test valid  2/2 uses$`));
    const adaLine = at(new RegExp(`^[├└]─ Ada \\(${ada.user_id}\\) registered \\d{4}-\\d\\d-\\d\\d$`));
    const adaCodeLine = at(new RegExp(`^[│ ] {2}[├└]─ ${adaCodes[0]!.code}  used$`));
    const graceLine = at(new RegExp(`^[│ ] {2}[│ ] {2}└─ Grace \\(${grace.user_id}\\)`));
    const alanLine = at(new RegExp(`Alan \\(${alan.user_id}\\)`));
    expect(rootLine).toBeGreaterThanOrEqual(0);
    expect(
      [adaLine, adaCodeLine, graceLine, alanLine].every((line, i, all) => line > (all[i - 1] ?? rootLine)),
    ).toBe(true);
    expect(text).toContain(`${adaCodes[1]!.code}  unused`);

    expect(await admin.revokeBranch(grace.user_id)).toMatchObject({ members: 2, revoked_codes: 5 });
    const revoked = async (userId: string) =>
      (await codesOf(userId)).map((row) => (row.revokedAt ? 'revoked' : row.uses ? 'used' : 'open')).sort();
    expect(await revoked(grace.user_id)).toEqual(['revoked', 'revoked', 'used']);
    expect(await revoked(alan.user_id)).toEqual(['revoked', 'revoked', 'revoked']);
    expect(await revoked(ada.user_id)).toEqual(['open', 'open', 'used']);
    expect(await revoked(outsider.user_id)).toEqual(['open', 'open', 'open']);
    // Their panels say which codes were revoked; Grace's keeps the one Alan used as used.
    expect((await invitesOf(alan)).invites.map((invite) => invite.status)).toEqual([
      'revoked',
      'revoked',
      'revoked',
    ]);
    expect(
      (await invitesOf(grace)).invites.find((invite) => invite.code === graceCodes[0]!.code),
    ).toMatchObject({ status: 'used', used: true });
    expectDetail(await register(graceCodes[1]!.code), 403, inviteCodeMessages.revoked);

    expect(await admin.revokeBranch(ada.user_id)).toMatchObject({ members: 3, revoked_codes: 2 });
    await expect(admin.revokeBranch('00000000-0000-4000-8000-000000000000')).rejects.toThrow(/No member/);
  });

  test('the tree survives erasure: A → B → C with B erased, revoke-branch A still reaches C', async () => {
    const a = await linkedMember(await makeInvite(db(), 'valid', 1), 'Ann');
    const b = await linkedMember((await invitesOf(a)).invites[0]!.code, 'Bea');
    const bCode = (await invitesOf(b)).invites[0]!.code;
    const c = await linkedMember(bCode, 'Cal');
    const cCodes = (await invitesOf(c)).invites.map((invite) => invite.code);

    const erased = await server.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { authorization: `Bearer ${b.access_token}` },
    });
    expect(erased.statusCode).toBe(204);

    // B's place is an anonymous node: no name, number or user id of theirs.
    const [bCodeRow] = await db().select().from(inviteCodes).where(eq(inviteCodes.code, bCode));
    expect(bCodeRow!.invitedBy).toBeNull();
    const [node] = await db()
      .select()
      .from(erasedInviteNodes)
      .where(eq(erasedInviteNodes.id, bCodeRow!.invitedByErased!));
    expect(Object.keys(node!).sort()).toEqual(['id', 'inviteCode']);
    expect(node!.id).not.toBe(b.user_id);
    const text = formatInviteTree(await admin.tree()).text;
    expect(text).not.toContain('Bea');
    expect(text).not.toContain(b.user_id);
    const lines = text.split('\n');
    const erasedLine = lines.findIndex((line) => line.endsWith('(erased member)'));
    const calLine = lines.findIndex((line) => line.includes(`Cal (${c.user_id})`));
    expect(erasedLine).toBeGreaterThan(lines.findIndex((line) => line.includes(`Ann (${a.user_id})`)));
    expect(calLine).toBeGreaterThan(erasedLine);

    expect(await admin.revokeBranch(a.user_id)).toMatchObject({ members: 2, revoked_codes: 5 });
    const cStored = await db().select().from(inviteCodes).where(eq(inviteCodes.invitedBy, c.user_id));
    expect(cStored.every((row) => row.revokedAt !== null)).toBe(true);
    const before = await storedCounts(db());
    expectDetail(await register(cCodes[0]!), 403, inviteCodeMessages.revoked);
    expect(await storedCounts(db())).toEqual(before);
  });

  test('the member page: who invited them (an operator, a member, an erased member) and their invites', async () => {
    const shown = (userId: string) => admin.call<MemberDetail>('GET', `/api/admin/members/${userId}`);
    const a = await linkedMember(await makeInvite(db(), 'valid', 1), 'Ann');
    const aCodes = (await invitesOf(a)).invites.map((invite) => invite.code);
    const b = await linkedMember(aCodes[0]!, 'Bea');
    const bCode = (await invitesOf(b)).invites[0]!.code;
    const c = await linkedMember(bCode, 'Cal');

    const ann = await shown(a.user_id);
    expect(ann.invited_by).toBeNull();
    expect(ann.invites.map((invite) => [invite.code, invite.status, invite.uses])).toEqual(
      aCodes.map((code, i) => [code, i === 0 ? 'used up' : 'valid', i === 0 ? 1 : 0]),
    );
    expect((await shown(b.user_id)).invited_by).toEqual({ id: a.user_id, first_name: 'Ann', erased: false });

    const erased = await server.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { authorization: `Bearer ${b.access_token}` },
    });
    expect(erased.statusCode).toBe(204);
    const cal = await shown(c.user_id);
    expect(cal.invited_by).toEqual({ id: expect.any(String), first_name: null, erased: true });
    expect(cal.invited_by!.id).not.toBe(b.user_id);
  });
});
