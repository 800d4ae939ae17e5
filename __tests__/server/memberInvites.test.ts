import { eq, sql } from 'drizzle-orm';
import { formatInviteTree } from '../../server/cli/inviteTreeText';
import { inviteCodes, users } from '../../server/db/schema';
import { inviteCodeMessages } from '../../server/invites/inviteCodeStore';
import { databaseOperatorCommands, type OperatorCommands } from '../../server/operator/operatorCommands';
import {
  expectDetail,
  generousRateLimits,
  inviteUses,
  makeInvite,
  pngPhoto,
  storedCounts,
  webFormData,
  webRegistration,
} from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

const APP_URL = 'https://becca.test';

interface Registered {
  access_token: string;
  user_id: string;
}

interface InvitesAnswer {
  invites: { code: string; used: boolean; share_url: string }[];
}

describe.each(engines)('member invites on $name', (engine) => {
  let server: TestServer;
  let commands: OperatorCommands;
  let photo: Buffer;
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimits: generousRateLimits, appUrl: APP_URL });
    commands = databaseOperatorCommands(server.database.db, APP_URL);
    photo = await pngPhoto();
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.database.db;

  async function register(code: string, firstName = 'Ada') {
    const response = await server.app.inject(
      webRegistration(webFormData(code, { first_name: firstName }), [photo]),
    );
    return response;
  }
  async function registered(code: string, firstName = 'Ada'): Promise<Registered> {
    const response = await register(code, firstName);
    expect(response.statusCode).toBe(201);
    return response.json<Registered>();
  }
  const myInvites = (authorization?: string) =>
    server.app.inject({
      method: 'GET',
      url: '/api/me/invites',
      headers: authorization ? { authorization } : {},
    });
  const codesOf = async (userId: string) =>
    db().select().from(inviteCodes).where(eq(inviteCodes.invitedBy, userId));

  test('a new member gets 3 one-use codes of their own, listed with share links', async () => {
    const member = await registered(await makeInvite(db()));
    const stored = await codesOf(member.user_id);
    expect(stored).toHaveLength(3);
    expect(stored.every((row) => row.maxUses === 1 && row.uses === 0 && row.revokedAt === null)).toBe(true);

    const response = await myInvites(`Bearer ${member.access_token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { invites } = response.json<InvitesAnswer>();
    expect(invites.map((invite) => invite.code).sort()).toEqual(stored.map((row) => row.code).sort());
    for (const invite of invites) {
      expect(invite).toEqual({
        code: invite.code,
        used: false,
        share_url: `${APP_URL}/join?code=${invite.code}`,
      });
    }
  });

  test('without a valid token the invites are a 401 with a detail', async () => {
    expectDetail(await myInvites(), 401, 'Please sign in to see your invites.');
    expectDetail(await myInvites('Bearer not-a-real-token'), 401);
    expectDetail(await myInvites('Basic abc'), 401);
  });

  test('a member code works once, is attributed, and shows as used to its owner', async () => {
    const ada = await registered(await makeInvite(db()));
    const [first] = (await myInvites(`Bearer ${ada.access_token}`)).json<InvitesAnswer>().invites;
    const grace = await registered(first!.code, 'Grace');

    const [graceRow] = await db().select().from(users).where(eq(users.id, grace.user_id));
    expect(graceRow!.inviteCode).toBe(first!.code);
    const [codeRow] = await db().select().from(inviteCodes).where(eq(inviteCodes.code, first!.code));
    expect(codeRow).toMatchObject({ invitedBy: ada.user_id, uses: 1, maxUses: 1 });

    const after = (await myInvites(`Bearer ${ada.access_token}`)).json<InvitesAnswer>().invites;
    expect(after.find((invite) => invite.code === first!.code)?.used).toBe(true);
    expect(after.filter((invite) => !invite.used)).toHaveLength(2);

    const before = await storedCounts(db());
    expectDetail(await register(first!.code, 'Mallory'), 403, inviteCodeMessages.used_up);
    expect(await storedCounts(db())).toEqual(before);
  });

  test('the quota is part of the registration transaction: when it fails, nothing is stored', async () => {
    const code = await makeInvite(db());
    const before = await storedCounts(db());
    const codesBefore = (await db().select().from(inviteCodes)).length;
    // A constraint that refuses member codes makes the last step of the registration fail.
    await db().execute(
      sql`ALTER TABLE invite_codes ADD CONSTRAINT test_no_member_codes CHECK (invited_by IS NULL) NOT VALID`,
    );
    try {
      expectDetail(await register(code), 500);
    } finally {
      await db().execute(sql`ALTER TABLE invite_codes DROP CONSTRAINT test_no_member_codes`);
    }
    expect(await storedCounts(db())).toEqual(before);
    expect(await inviteUses(db(), code)).toBe(0);
    expect((await db().select().from(inviteCodes)).length).toBe(codesBefore);
  });

  test('registrations at the same moment each get exactly their own 3 codes', async () => {
    const code = await makeInvite(db(), 'valid', 6);
    const answers = await Promise.all(Array.from({ length: 6 }, () => registered(code)));
    for (const answer of answers) expect(await codesOf(answer.user_id)).toHaveLength(3);
  });

  test('MEMBER_INVITES sets the quota', async () => {
    const other = await startTestServer(
      engine,
      { rateLimits: generousRateLimits, memberInvites: 5 },
      {
        database: server.database,
      },
    );
    try {
      const code = await makeInvite(db());
      const response = await other.app.inject(webRegistration(webFormData(code), [photo]));
      expect(response.statusCode).toBe(201);
      expect(await codesOf(response.json<Registered>().user_id)).toHaveLength(5);
    } finally {
      await other.close();
    }
  });

  test('invite grant adds codes to a member; bad input is refused', async () => {
    const member = await registered(await makeInvite(db()));
    expect(await commands.grantInvites(member.user_id, 2)).toEqual({ unused: 5 });
    expect(await codesOf(member.user_id)).toHaveLength(5);
    await expect(commands.grantInvites(member.user_id, 0)).rejects.toThrow(/from 1 to 100/);
    await expect(commands.grantInvites(member.user_id, 1.5)).rejects.toThrow(/from 1 to 100/);
    await expect(commands.grantInvites('00000000-0000-4000-8000-000000000000', 1)).rejects.toThrow(
      /No member/,
    );
    await expect(commands.grantInvites('not-a-uuid', 1)).rejects.toThrow(/No member/);
    expect(await codesOf(member.user_id)).toHaveLength(5);
  });

  test('invite tree shows who invited whom; revoke-branch revokes the unused codes below a member', async () => {
    const root = await makeInvite(db(), 'valid', 2);
    const ada = await registered(root, 'Ada');
    const adaCodes = (await myInvites(`Bearer ${ada.access_token}`)).json<InvitesAnswer>().invites;
    const grace = await registered(adaCodes[0]!.code, 'Grace');
    const graceCodes = (await myInvites(`Bearer ${grace.access_token}`)).json<InvitesAnswer>().invites;
    const alan = await registered(graceCodes[0]!.code, 'Alan');
    const outsider = await registered(root, 'Hedy');

    const text = formatInviteTree(await commands.inviteTree()).text;
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

    expect(await commands.revokeBranch(grace.user_id)).toEqual({ members: 2, revokedCodes: 5 });
    const revoked = async (userId: string) =>
      (await codesOf(userId)).map((row) => (row.revokedAt ? 'revoked' : row.uses ? 'used' : 'open')).sort();
    expect(await revoked(grace.user_id)).toEqual(['revoked', 'revoked', 'used']);
    expect(await revoked(alan.user_id)).toEqual(['revoked', 'revoked', 'revoked']);
    expect(await revoked(ada.user_id)).toEqual(['open', 'open', 'used']);
    expect(await revoked(outsider.user_id)).toEqual(['open', 'open', 'open']);
    // Alan's panel no longer offers revoked codes; Grace's keeps the one Alan used.
    expect((await myInvites(`Bearer ${alan.access_token}`)).json<InvitesAnswer>().invites).toEqual([]);
    expect((await myInvites(`Bearer ${grace.access_token}`)).json<InvitesAnswer>().invites).toEqual([
      expect.objectContaining({ code: graceCodes[0]!.code, used: true }),
    ]);
    expectDetail(await register(graceCodes[1]!.code), 403, inviteCodeMessages.revoked);

    expect(await commands.revokeBranch(ada.user_id)).toEqual({ members: 3, revokedCodes: 2 });
    await expect(commands.revokeBranch('00000000-0000-4000-8000-000000000000')).rejects.toThrow(/No member/);
  });
});
