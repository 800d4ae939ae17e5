import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { accessTokens, networkEntries, userPhotos, users } from '../../server/db/schema';
import { limits } from '../../src/domain/limits';
import { inviteCodeMessages } from '../../server/invites/inviteCodeStore';
import {
  expectDetail,
  generousRateLimits,
  inviteUses,
  jpegPhoto,
  legacyRegistration,
  makeInvite,
  multipartBody,
  photoPart,
  pngPhoto,
  storedCounts,
  uniquePhone,
  webFormData,
  webRegistration,
} from './fixtures';
import { PHOTO_BEFORE_INVITE } from '../../server/registration/registrationRequest';
import { engines, startTestServer, type TestServer } from './testServer';

const PHONE_TAKEN = 'This phone number is already registered. Sign in instead, or use another number.';

let sidewaysJpeg: Buffer; // 200×100 pixels, EXIF orientation 6, GPS and copyright tags
let png: Buffer;
beforeAll(async () => {
  sidewaysJpeg = await jpegPhoto(200, 100, { orientation: 6, exif: true });
  png = await pngPhoto(40, 30);
  const sent = await sharp(sidewaysJpeg).metadata();
  expect([sent.width, sent.height, sent.orientation]).toEqual([200, 100, 6]);
  expect(sent.exif?.includes(Buffer.from('secret copyright'))).toBe(true);
});

interface Registered {
  success: true;
  message: string;
  access_token: string;
  user_id: string;
  whatsapp_url: string;
}

function expectRegistered(response: LightMyRequestResponse): Registered {
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 201 });
  const body = response.json<Registered>();
  expect(Object.keys(body).sort()).toEqual(['access_token', 'message', 'success', 'user_id', 'whatsapp_url']);
  expect(body.success).toBe(true);
  expect(body.message).toMatch(/\w/);
  expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
  expect(body.user_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(body.whatsapp_url).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
  return body;
}

describe.each(engines)('POST /api/auth/register on $name', (engine) => {
  let server: TestServer;
  let sharedCode: string; // many uses; refused requests must not consume any
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimits: generousRateLimits });
    sharedCode = await makeInvite(server.database.db, 'valid', 1000);
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.database.db;
  const register = (formData: Record<string, unknown> | string, photos: readonly Buffer[] = [png]) =>
    server.app.inject(webRegistration(formData, photos));

  test('the web form registers a user and stores exactly what was sent', async () => {
    const code = await makeInvite(db(), 'valid', 3);
    const phone = uniquePhone();
    const local = `0${phone.slice(3, 7)} ${phone.slice(7)}`; // "07911 1xxxxx"
    const formData = webFormData(` ${code.toLowerCase()} `, {
      phone: local,
      looking_for: ['Friendship', 'Network'],
      interests: ['Climbing in the Alps with my sister'],
    });
    const body = expectRegistered(await register(formData, [sidewaysJpeg, png]));

    const [user] = await db().select().from(users).where(eq(users.id, body.user_id));
    expect(user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      age: 36,
      location: 'London',
      phone,
      inviteCode: code,
      status: 'registered',
      lookingFor: ['Friendship', 'Network'],
      interests: ['Climbing in the Alps with my sister'],
    });
    // The WhatsApp link carries the user's one-time linking code.
    const text = new URL(body.whatsapp_url).searchParams.get('text') ?? '';
    expect(text).toContain(user!.linkingCode);
    expect(user!.linkingCode).toMatch(/^[A-Z0-9]{6,}$/);

    const photos = await db()
      .select()
      .from(userPhotos)
      .where(eq(userPhotos.userId, body.user_id))
      .orderBy(asc(userPhotos.position));
    expect(photos.map((photo) => [photo.position, photo.mime, photo.width, photo.height])).toEqual([
      [0, 'image/jpeg', 100, 200], // turned upright from EXIF orientation 6
      [1, 'image/jpeg', 40, 30],
    ]);
    for (const photo of photos) {
      const meta = await sharp(photo.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', photo.width, photo.height]);
      expect([meta.exif, meta.icc, meta.xmp, meta.iptc, meta.orientation]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      expect(photo.bytes.includes(Buffer.from('secret'))).toBe(false);
    }

    const entries = await db()
      .select()
      .from(networkEntries)
      .where(eq(networkEntries.userId, body.user_id))
      .orderBy(asc(networkEntries.position));
    expect(entries.map(({ kind, name, location, x, y }) => ({ kind, name, location, x, y }))).toEqual([
      { kind: 'group', name: 'Chess club', location: 'London', x: 0.25, y: 0.5 },
      { kind: 'person', name: 'Grace', location: 'New York', x: 0.75, y: 0.25 },
    ]);

    const tokens = await db().select().from(accessTokens).where(eq(accessTokens.userId, body.user_id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.tokenHash).toBe(createHash('sha256').update(body.access_token).digest('hex'));
    expect(tokens[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const everyTokenColumn = await db().execute(sql`SELECT * FROM access_tokens`);
    expect(JSON.stringify(everyTokenColumn)).not.toContain(body.access_token);

    expect(await inviteUses(db(), code)).toBe(1);
  });

  test('a large photo is stored with its longest side at the limit, in proportion', async () => {
    const code = await makeInvite(db(), 'valid', 1);
    const large = await jpegPhoto(3000, 2000);
    const body = expectRegistered(await register(webFormData(code), [large]));
    const [photo] = await db().select().from(userPhotos).where(eq(userPhotos.userId, body.user_id));
    const longest = limits.photos.maxDimensionAfterResize;
    expect([photo!.width, photo!.height]).toEqual([longest, Math.round((longest * 2000) / 3000)]);
    const meta = await sharp(photo!.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', photo!.width, photo!.height]);
  });

  test('the older multipart form registers too, with the same answers', async () => {
    const code = await makeInvite(db(), 'valid', 2);
    const phone = uniquePhone();
    const whoIKnow = [
      { id: 'a', group: 'Running club', location: 'Leeds', x: 10, y: 20, isPart2Entry: false },
      { id: 'b', group: 'My aunt', location: 'York', x: 30, y: 40, isPart2Entry: true },
    ];
    const response = await server.app.inject(
      legacyRegistration(
        {
          firstName: 'Grace',
          lastName: 'Hopper',
          age: '29',
          location: 'Leeds',
          phone,
          occupation: 'What is your occupation?: Compiler writer and rear admiral, retired.',
          whoIKnow: JSON.stringify(whoIKnow),
          invite_code: code.toLowerCase(),
        },
        sidewaysJpeg,
      ),
    );
    const body = expectRegistered(response);
    const [user] = await db().select().from(users).where(eq(users.id, body.user_id));
    expect(user).toMatchObject({
      firstName: 'Grace',
      age: 29,
      phone,
      occupation: 'Compiler writer and rear admiral, retired.',
      inviteCode: code,
    });
    const entries = await db().select().from(networkEntries).where(eq(networkEntries.userId, body.user_id));
    expect(entries.map((entry) => [entry.kind, entry.name]).sort()).toEqual([
      ['group', 'Running club'],
      ['person', 'My aunt'],
    ]);
    expect(await db().select().from(userPhotos).where(eq(userPhotos.userId, body.user_id))).toHaveLength(1);
    expect(await inviteUses(db(), code)).toBe(1);
  });

  test('photos are judged by their bytes, not their names or types', async () => {
    const body = multipartBody([
      { name: 'form_data', value: JSON.stringify(webFormData(sharedCode)) },
      photoPart(png, 'notes.txt', 'text/plain'),
      photoPart(sidewaysJpeg, 'photo', 'application/octet-stream'),
    ]);
    const response = await server.app.inject({ method: 'POST', url: '/api/auth/register', ...body });
    const { user_id } = expectRegistered(response);
    expect(await db().select().from(userPhotos).where(eq(userPhotos.userId, user_id))).toHaveLength(2);
  });

  test('unicode names and SQL metacharacters are stored exactly as sent', async () => {
    const names = [
      ['Zoë', "Robert'); DROP TABLE users;--"],
      ['Łukasz', 'Ó Súilleabháin'],
      ['山田', '太郎 👋'],
    ];
    for (const [first_name, last_name] of names) {
      const location = "O'Fallon; SELECT 1 --";
      const body = expectRegistered(
        await register(webFormData(sharedCode, { first_name, last_name, location })),
      );
      const [user] = await db().select().from(users).where(eq(users.id, body.user_id));
      expect([user!.firstName, user!.lastName, user!.location]).toEqual([first_name, last_name, location]);
    }
    expect((await storedCounts(db())).users).toBeGreaterThanOrEqual(3);
  });

  describe('refusals store nothing and consume no invite use', () => {
    let before: Awaited<ReturnType<typeof storedCounts>>;
    beforeEach(async () => {
      before = await storedCounts(db());
    });
    afterEach(async () => {
      expect(await storedCounts(db())).toEqual(before);
    });

    test.each([
      ['missing', undefined, 'An invite code is required to register.'],
      ['blank', '   ', 'An invite code is required to register.'],
      ['unknown', 'NOPE234567', inviteCodeMessages.unknown],
      ['expired', 'expired', inviteCodeMessages.expired],
      ['used up', 'used_up', inviteCodeMessages.used_up],
      ['revoked', 'revoked', inviteCodeMessages.revoked],
    ] as const)('an invite that is %s answers 403', async (_label, kind, detail) => {
      const code =
        kind === 'expired' || kind === 'used_up' || kind === 'revoked' ? await makeInvite(db(), kind) : kind;
      before = await storedCounts(db());
      const formData = webFormData(code ?? '');
      if (code === undefined) delete formData.invite_code;
      expectDetail(await register(formData), 403, detail);
    });

    test('the older form without an invite code answers 403', async () => {
      const fields = { firstName: 'A', lastName: 'B', age: '30', location: 'L', phone: uniquePhone() };
      expectDetail(await server.app.inject(legacyRegistration(fields, png)), 403, PHOTO_BEFORE_INVITE);
    });

    test('a phone number registered before answers 409, however it is written', async () => {
      const code = await makeInvite(db(), 'valid', 5);
      const phone = uniquePhone();
      expectRegistered(await register(webFormData(code, { phone })));
      before = await storedCounts(db());
      expectDetail(await register(webFormData(code, { phone })), 409, PHONE_TAKEN);
      const local = `0${phone.slice(3)}`;
      expectDetail(
        await register(webFormData(code, { phone: local, first_name: 'Other' })),
        409,
        PHONE_TAKEN,
      );
      expect(await inviteUses(db(), code)).toBe(1);
    });

    const required: [string, Record<string, unknown>][] = [
      ['First name is required', { first_name: '  ' }],
      ['Last name is required', { last_name: '' }],
      ['Age is required', { age: null }],
      ['Location is required', { location: '' }],
      ['Phone number is required', { phone: ' ' }],
      ['Occupation is required', { occupation: '' }],
      ['At least one photo is required', {}],
      ['Social connections are required', { who_i_know_groups: [] }],
    ];
    test.each(required.map(([message], index) => [message, index] as const))(
      'with every field from here on missing, the first message is %j',
      async (message, index) => {
        const missing = Object.assign({}, ...required.slice(index).map(([, blank]) => blank));
        const photos = index <= 6 ? [] : [png];
        expectDetail(await register(webFormData(sharedCode, missing), photos), 422, message);
      },
    );

    test.each([
      ['age 17', { age: 17 }, 'Please enter a valid age (18-100)'],
      ['age 101', { age: 101 }, 'Please enter a valid age (18-100)'],
      ['age 18.5', { age: 18.5 }, 'Please enter a valid age (18-100)'],
      ['age -1', { age: -1 }, 'Please enter a valid age (18-100)'],
      ['age "17" as text', { age: '17' }, 'Please enter a valid age (18-100)'],
      ['a short occupation', { occupation: 'Engineer' }, 'Required (at least 30 characters)'],
      ['an invalid phone', { phone: '12345' }, 'Please enter a valid phone number'],
      ['letters in the phone', { phone: '07911 12345a' }, 'Please enter a valid phone number'],
      ['an unknown looking_for', { looking_for: ['Money'] }, /^Choose what you are looking for from: /],
      [
        'four groups',
        {
          who_i_know_groups: [1, 2, 3, 4].map((n) => ({
            id: `g${n}`,
            group_name: `G${n}`,
            location: 'L',
            position: { x: 0, y: 0 },
            kind: 'group',
          })),
        },
        'At most 3 groups can be added',
      ],
      [
        'a nameless connection',
        {
          who_i_know_groups: [
            { id: 'g', group_name: ' ', location: 'L', position: { x: 0, y: 0 }, kind: 'group' },
          ],
        },
        'Each connection needs a name',
      ],
    ])('%s answers 422 with its rule', async (_label, overrides, detail) => {
      expectDetail(await register(webFormData(sharedCode, overrides)), 422, detail);
    });

    test('a fourth photo answers 422 "Upload at most 3 photos"', async () => {
      expectDetail(
        await register(webFormData(sharedCode), [png, png, png, png]),
        422,
        'Upload at most 3 photos',
      );
    });

    test('three photos are accepted', async () => {
      expectRegistered(await register(webFormData(sharedCode), [png, png, png]));
      const after = await storedCounts(db());
      expect(after.photos - before.photos).toBe(3);
      before = after; // this one was meant to be stored
    });
  });
});
