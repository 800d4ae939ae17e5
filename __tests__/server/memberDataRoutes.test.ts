import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/database';
import { inviteCodes, privacyCounters, userPhotos, webhookEvents } from '../../server/db/schema';
import { grantMemberInvites } from '../../server/invites/memberInviteStore';
import { MEMBERS_ERASED_COUNTER } from '../../server/members/memberErasure';
import {
  expectDetail,
  generousRateLimits,
  inviteUses,
  jpegPhoto,
  makeInvite,
  pngPhoto,
  uniquePhone,
  webFormData,
  webRegistration,
} from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

interface Member {
  userId: string;
  token: string;
  phone: string;
  code: string;
}

/** Every row of every table in the schema that mentions `needle` anywhere, as text. */
async function rowsMentioning(db: Db, needle: string): Promise<string[]> {
  const tables = (await db.execute(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  const found: string[] = [];
  for (const { table_name: table } of tables.rows) {
    const result = (await db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} AS t WHERE t::text ILIKE ${`%${needle}%`}`,
    )) as unknown as { rows: { n: number }[] };
    if (Number(result.rows[0]?.n) > 0) found.push(table);
  }
  return found;
}

describe.each(engines)('a member’s own data on $name', (engine) => {
  let server: TestServer;
  let ada: Member;
  let bob: Member;

  const register = async (overrides: Record<string, unknown>, photo: Buffer): Promise<Member> => {
    const code = await makeInvite(server.database.db, 'valid', 3);
    const phone = uniquePhone();
    const response = await server.app.inject(
      webRegistration(webFormData(code, { phone, ...overrides }), [photo]),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json<{ user_id: string; access_token: string }>();
    return { userId: body.user_id, token: body.access_token, phone, code };
  };
  const asMember = (member: Member | null, method: 'GET' | 'DELETE', url: string) =>
    server.app.inject({ method, url, headers: member ? { authorization: `Bearer ${member.token}` } : {} });
  const nominate = (member: Member, firstName: string, phone: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/nominate/friend',
      headers: { authorization: `Bearer ${member.token}` },
      payload: { firstName, lastName: 'Friend', instagram: '@friend', phone },
    });

  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimits: generousRateLimits });
    ada = await register(
      {
        first_name: 'Adelheid',
        last_name: 'Quarterfield',
        who_i_know_groups: [
          {
            id: 'g1',
            group_name: 'Rowing club',
            location: 'Oxford',
            position: { x: 0.2, y: 0.4 },
            kind: 'group',
          },
        ],
      },
      await jpegPhoto(80, 60),
    );
    bob = await register({ first_name: 'Bartholomew', last_name: 'Zinnober' }, await pngPhoto());
    // Codes to invite friends come when a member's number is proven, or from the operator.
    await grantMemberInvites(server.database.db, ada.userId, 3);
    expect((await nominate(ada, 'Cressida', '07911 200001')).statusCode).toBe(200);
    expect((await nominate(bob, 'Dorotheus', '07911 200002')).statusCode).toBe(200);
    // Bob put Ada forward too, under a name of his choosing: her number, in his nomination.
    expect((await nominate(bob, 'Addie', ada.phone)).statusCode).toBe(200);
    // She had waited on the list before joining: that entry holds her number too.
    const waited = await server.app.inject({
      method: 'POST',
      url: '/api/waitlist/join',
      payload: { phone_number: ada.phone, name: 'Adelheid' },
    });
    expect(waited.statusCode).toBe(200);
  });
  afterAll(async () => {
    await server.close();
  });

  test.each([
    ['GET', '/api/me'],
    ['GET', '/api/me/export'],
    ['DELETE', '/api/me'],
  ] as const)('%s %s without a key, or with a made-up one, is 401 with a detail', async (method, url) => {
    expectDetail(await asMember(null, method, url), 401);
    const forged = { ...ada, token: 'A'.repeat(43) };
    expectDetail(await asMember(forged, method, url), 401);
  });

  test('GET /api/me answers the profile, and no-store', async () => {
    const response = await asMember(ada, 'GET', '/api/me');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      user_id: ada.userId,
      first_name: 'Adelheid',
      last_name: 'Quarterfield',
      age: 36,
      location: 'London',
      phone: ada.phone,
      occupation: expect.any(String),
      looking_for: ['Friendship'],
      interests: [],
      who_i_know: [{ kind: 'group', name: 'Rowing club', location: 'Oxford', position: { x: 0.2, y: 0.4 } }],
      status: 'registered',
      registered_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  test('the export is a JSON attachment with everything of the member and nothing of anyone else', async () => {
    const response = await asMember(ada, 'GET', '/api/me/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="becca-my-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json<Record<string, unknown> & { photos: { data_url: string }[] }>();
    expect(data).toMatchObject({
      profile: { user_id: ada.userId, first_name: 'Adelheid', phone: ada.phone },
      nominations: [
        { first_name: 'Cressida', last_name: 'Friend', instagram: 'friend', phone: '+447911200001' },
      ],
      invite_code_used: { code: ada.code },
      invite_codes_held: Array.from({ length: 3 }, () => ({
        code: expect.any(String),
        used: false,
        created_at: expect.any(String),
      })),
      whatsapp_linking_code: expect.stringMatching(/^[A-Z0-9]{8}$/),
      access_keys: [{ issued_at: expect.any(String), expires_at: expect.any(String) }],
      waitlist_entry: {
        phone: ada.phone,
        name: 'Adelheid',
        joined_waitlist_at: expect.any(String),
        invited_at: null,
        registered_at: null,
      },
    });
    // The photo is the stored bytes, as a data URL.
    const [stored] = await server.database.db
      .select()
      .from(userPhotos)
      .where(eq(userPhotos.userId, ada.userId));
    expect(data.photos).toHaveLength(1);
    expect(data.photos[0]).toMatchObject({
      mime: stored!.mime,
      width: stored!.width,
      height: stored!.height,
    });
    const [, base64] = data.photos[0]!.data_url.split(`data:${stored!.mime};base64,`);
    expect(Buffer.from(base64!, 'base64').equals(stored!.bytes)).toBe(true);
    // Nothing of Bob: not his id, name, phone, nominee or invite code; and never the key itself.
    for (const other of [bob.userId, 'Bartholomew', bob.phone, 'Dorotheus', '200002', bob.code, ada.token]) {
      expect(response.body).not.toContain(other);
    }
  });

  test('DELETE /api/me erases the member everywhere, keeps a count, and the key stops working', async () => {
    const db = server.database.db;
    const usesBefore = await inviteUses(db, ada.code);
    const held = await db.select().from(inviteCodes).where(eq(inviteCodes.invitedBy, ada.userId));
    expect(held).toHaveLength(3);
    const response = await asMember(ada, 'DELETE', '/api/me');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    // The random user id survives in one place only: the member.deleted event telling the assistant.
    const events = await db.select().from(webhookEvents);
    const aboutAda = events.filter((event) => event.body.includes(ada.userId));
    expect(aboutAda.map((event) => [event.type, JSON.parse(event.body).data])).toEqual([
      ['member.deleted', { user_id: ada.userId }],
    ]);
    expect(await rowsMentioning(db, ada.userId)).toEqual(['webhook_events']);
    for (const needle of [
      ada.phone,
      ada.phone.slice(1),
      'Adelheid',
      'Quarterfield',
      'Cressida',
      'Rowing club',
      'Addie',
    ]) {
      expect({ needle, tables: await rowsMentioning(db, needle) }).toEqual({ needle, tables: [] });
    }
    expectDetail(await asMember(ada, 'GET', '/api/me'), 401);
    expectDetail(await asMember(ada, 'DELETE', '/api/me'), 401);

    // Bob and his nomination are untouched; the organiser's code keeps its row and its count.
    expect((await asMember(bob, 'GET', '/api/me')).statusCode).toBe(200);
    expect(await rowsMentioning(db, 'Dorotheus')).toEqual(['nominations']);
    expect(await inviteUses(db, ada.code)).toBe(usesBefore);
    const [counter] = await db
      .select()
      .from(privacyCounters)
      .where(eq(privacyCounters.name, MEMBERS_ERASED_COUNTER));
    expect(counter?.value).toBe(1);
    expect(await db.select().from(inviteCodes).where(eq(inviteCodes.code, ada.code))).toHaveLength(1);
    // The codes she was given and nobody used are gone with her.
    for (const { code } of held) {
      expect(await db.select().from(inviteCodes).where(eq(inviteCodes.code, code))).toEqual([]);
    }
  });

  test('the same phone registers again with a new code, as a new member', async () => {
    const code = await makeInvite(server.database.db, 'valid', 1);
    const again = await server.app.inject(
      webRegistration(webFormData(code, { phone: ada.phone, first_name: 'Adelheid' }), [await pngPhoto()]),
    );
    expect(again.statusCode).toBe(201);
    const body = again.json<{ user_id: string; access_token: string }>();
    expect(body.user_id).not.toBe(ada.userId);
    const profile = await asMember({ ...ada, token: body.access_token }, 'GET', '/api/me');
    expect(profile.json()).toMatchObject({ phone: ada.phone, first_name: 'Adelheid' });
    const exported = await asMember({ ...ada, token: body.access_token }, 'GET', '/api/me/export');
    expect(exported.json()).toMatchObject({ nominations: [] });
  });
});
