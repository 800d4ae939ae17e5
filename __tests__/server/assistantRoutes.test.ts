import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { inviteCodes, users, webhookEvents } from '../../server/db/schema';
import { readSettings } from '../../server/config';
import {
  codeFromWhatsAppUrl,
  generousRateLimits,
  jpegPhoto,
  makeInvite,
  uniquePhone,
  webFormData,
  webRegistration,
} from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

jest.setTimeout(60_000);

const API_KEY = randomBytes(32).toString('base64url');
const auth = { authorization: `Bearer ${API_KEY}` };

interface Registered {
  userId: string;
  phone: string;
  linkingCode: string;
}

async function storedMember(server: TestServer, userId: string) {
  const [row] = await server.database.db.select().from(users).where(eq(users.id, userId));
  return row!;
}

async function heldCodes(server: TestServer, userId: string): Promise<string[]> {
  const rows = await server.database.db
    .select({ code: inviteCodes.code })
    .from(inviteCodes)
    .where(eq(inviteCodes.invitedBy, userId));
  return rows.map((row) => row.code).sort();
}

async function eventsOfType(server: TestServer, type: string) {
  const rows = await server.database.db.select().from(webhookEvents).where(eq(webhookEvents.type, type));
  return rows.map((row) => JSON.parse(row.body) as { type: string; data: { user_id: string } });
}

describe('the assistant API without ASSISTANT_API_KEY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engines[0]!);
  });
  afterAll(() => server.close());

  test.each([
    ['POST', '/api/assistant/link'],
    ['GET', '/api/assistant/members/00000000-0000-4000-8000-000000000000'],
  ] as const)('%s %s does not exist (404), even with a key', async (method, url) => {
    const response = await server.app.inject({
      method,
      url,
      headers: auth,
      payload: method === 'POST' ? {} : undefined,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: expect.stringMatching(/No API endpoint/) });
  });

  test('a short key is refused at start-up', () => {
    expect(() => readSettings({ ASSISTANT_API_KEY: 'short' })).toThrow(/at least 32 characters/);
    expect(() => readSettings({ WEBHOOK_URL: 'http://127.0.0.1/x' })).toThrow(/set together/);
    expect(() => readSettings({ WEBHOOK_URL: 'http://127.0.0.1/x', WEBHOOK_SECRET: 'plain' })).toThrow(
      /whsec_/,
    );
  });
});

describe.each(engines)('the assistant API on $name', (engine) => {
  let server: TestServer;
  let inviteCode: string;
  let photo: Buffer;

  beforeAll(async () => {
    const defaults = readSettings({});
    server = await startTestServer(engine, {
      rateLimits: generousRateLimits,
      assistant: { ...defaults.assistant, apiKey: API_KEY, rateLimitPerMinute: 10_000 },
      appUrl: 'https://becca.example',
    });
    inviteCode = await makeInvite(server.database.db, 'valid', 100);
    photo = await jpegPhoto(80, 60);
  });
  afterAll(() => server.close());

  async function register(overrides: Record<string, unknown> = {}): Promise<Registered> {
    const phone = uniquePhone();
    const response = await server.app.inject(
      webRegistration(webFormData(inviteCode, { phone, ...overrides }), [photo]),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json<{ user_id: string; whatsapp_url: string }>();
    return { userId: body.user_id, phone, linkingCode: codeFromWhatsAppUrl(body.whatsapp_url) };
  }

  const link = (linking_code: string, whatsapp_number: string, headers: InjectOptions['headers'] = auth) =>
    server.app.inject({
      method: 'POST',
      url: '/api/assistant/link',
      headers,
      payload: { linking_code, whatsapp_number },
    });

  test.each([
    ['no Authorization header', {}],
    ['a wrong key', { authorization: `Bearer ${API_KEY.slice(0, -1)}x` }],
    ['a key of another length', { authorization: `Bearer ${API_KEY}${API_KEY}` }],
    ['the key without "Bearer"', { authorization: API_KEY }],
  ])('%s → 401 with a detail, and nothing changes', async (_case, headers) => {
    const member = await register();
    for (const response of [
      await link(member.linkingCode, member.phone, headers),
      await server.app.inject({ method: 'GET', url: `/api/assistant/members/${member.userId}`, headers }),
      await server.app.inject({
        method: 'GET',
        url: `/api/assistant/members/${member.userId}/photo`,
        headers,
      }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: expect.stringContaining('API key') });
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect((await storedMember(server, member.userId)).linkingCodeUsedAt).toBeNull();
  });

  test('linking with the code from the wa.me text and the registered number returns the profile', async () => {
    const member = await register({ first_name: 'Grace', last_name: 'Hopper', age: 41 });
    // WhatsApp reports bare international digits; the member typed +44 7911 …: both are one number.
    const response = await link(member.linkingCode.toLowerCase(), member.phone.replace('+', ''));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 'linked',
      member: {
        user_id: member.userId,
        first_name: 'Grace',
        last_name: 'Hopper',
        age: 41,
        location: 'London',
        occupation: expect.any(String),
        looking_for: ['Friendship'],
        interests: [],
        who_i_know: [
          { kind: 'group', name: 'Chess club', location: 'London' },
          { kind: 'person', name: 'Grace', location: 'New York' },
        ],
        photo_url: `https://becca.example/api/assistant/members/${member.userId}/photo`,
      },
    });
    const stored = await storedMember(server, member.userId);
    expect(stored.status).toBe('linked');
    expect(stored.linkedAt).toBeInstanceOf(Date);
    expect(stored.linkingCodeUsedAt).toEqual(stored.linkedAt);
    const linked = (await eventsOfType(server, 'member.linked')).filter(
      (e) => e.data.user_id === member.userId,
    );
    expect(linked).toEqual([
      {
        type: 'member.linked',
        timestamp: stored.linkedAt!.toISOString(),
        data: { user_id: member.userId, status: 'linked', linked_at: stored.linkedAt!.toISOString() },
      },
    ]);

    // The assistant retrying after a lost answer: the same 200 and body, no second event or codes.
    const codesAfterFirst = await heldCodes(server, member.userId);
    expect(codesAfterFirst).toHaveLength(3);
    const second = await link(member.linkingCode, member.phone);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(response.json());
    expect((await storedMember(server, member.userId)).linkedAt).toEqual(stored.linkedAt);
    expect(
      (await eventsOfType(server, 'member.linked')).filter((e) => e.data.user_id === member.userId),
    ).toHaveLength(1);
    expect(await heldCodes(server, member.userId)).toEqual(codesAfterFirst);

    // Any other number is told 403 as for an unused code: it cannot learn the code was used.
    const stranger = await link(member.linkingCode, uniquePhone());
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ detail: expect.stringMatching(/different phone number/) });
  });

  test('another number → 403 and the code stays unused, so the member can still link', async () => {
    const member = await register();
    const other = uniquePhone();
    for (const number of [other, 'not a number', '+1']) {
      const refused = await link(member.linkingCode, number);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: expect.stringMatching(/different phone number/) });
    }
    const stored = await storedMember(server, member.userId);
    expect([stored.status, stored.linkingCodeUsedAt, stored.linkedAt]).toEqual(['registered', null, null]);
    expect((await link(member.linkingCode, member.phone)).statusCode).toBe(200);
  });

  test('an unknown code → 404; an expired one → 410 and stays unused', async () => {
    const unknown = await link('ZZZZZZZZ', uniquePhone());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: expect.stringMatching(/does not exist/) });

    const member = await register();
    const stored = await storedMember(server, member.userId);
    const lifetimeDays = (stored.linkingCodeExpiresAt.getTime() - stored.createdAt.getTime()) / 86_400_000;
    expect(Math.round(lifetimeDays)).toBe(30);
    await server.database.db
      .update(users)
      .set({ linkingCodeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, member.userId));
    const expired = await link(member.linkingCode, member.phone);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ detail: expect.stringMatching(/expired/) });
    expect((await storedMember(server, member.userId)).linkingCodeUsedAt).toBeNull();
  });

  test.each([
    ['no body fields', {}],
    ['an extra field', { linking_code: 'ABCDEFGH', whatsapp_number: '+447911123456', admin: true }],
    ['a number instead of text', { linking_code: 12345678, whatsapp_number: '+447911123456' }],
    ['an over-long code', { linking_code: 'A'.repeat(65), whatsapp_number: '+447911123456' }],
  ])('a link body with %s → 400 with a detail', async (_case, payload) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/assistant/link',
      headers: auth,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.stringMatching(/^Invalid request/) });
  });

  test('GET member shows the status; the photo is the stored JPEG; unknown ids are 404', async () => {
    const member = await register();
    const shown = await server.app.inject({
      method: 'GET',
      url: `/api/assistant/members/${member.userId}`,
      headers: auth,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      user_id: member.userId,
      status: 'registered',
      registered_at: expect.any(String),
      linked_at: null,
      onboarded_at: null,
    });
    expect(shown.body).not.toContain(member.linkingCode);

    const photoResponse = await server.app.inject({
      method: 'GET',
      url: `/api/assistant/members/${member.userId}/photo`,
      headers: auth,
    });
    expect(photoResponse.statusCode).toBe(200);
    expect(photoResponse.headers['content-type']).toBe('image/jpeg');
    expect(photoResponse.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const url of [`/api/assistant/members/${id}`, `/api/assistant/members/${id}/photo`]) {
        const missing = await server.app.inject({ method: 'GET', url, headers: auth });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ detail: expect.any(String) });
      }
    }
  });

  test('onboarded needs a linked member, moves the status once and is idempotent', async () => {
    const member = await register();
    const onboard = () =>
      server.app.inject({
        method: 'POST',
        url: `/api/assistant/members/${member.userId}/onboarded`,
        headers: auth,
      });

    const tooEarly = await onboard();
    expect(tooEarly.statusCode).toBe(409);
    expect((await storedMember(server, member.userId)).status).toBe('registered');

    expect((await link(member.linkingCode, member.phone)).statusCode).toBe(200);
    const first = await onboard();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'onboarded' });
    const stored = await storedMember(server, member.userId);
    expect(stored.status).toBe('onboarded');
    expect(stored.onboardedAt!.getTime()).toBeGreaterThanOrEqual(stored.linkedAt!.getTime());

    const again = await onboard();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'onboarded' });
    expect((await storedMember(server, member.userId)).onboardedAt).toEqual(stored.onboardedAt);
    const events = (await eventsOfType(server, 'member.onboarded')).filter(
      (e) => e.data.user_id === member.userId,
    );
    expect(events).toHaveLength(1);

    const unknown = await server.app.inject({
      method: 'POST',
      url: '/api/assistant/members/00000000-0000-4000-8000-000000000000/onboarded',
      headers: auth,
    });
    expect(unknown.statusCode).toBe(404);
  });

  test('every registration writes exactly one member.registered event, and a refused one writes none', async () => {
    const member = await register();
    const taken = await server.app.inject(
      webRegistration(webFormData(inviteCode, { phone: member.phone }), [photo]),
    );
    expect(taken.statusCode).toBe(409);
    const registered = (await eventsOfType(server, 'member.registered')).filter(
      (event) => event.data.user_id === member.userId,
    );
    expect(registered).toHaveLength(1);
    const all = await server.database.db.select().from(webhookEvents);
    const userIds = (await server.database.db.select({ id: users.id }).from(users))
      .map((row) => row.id)
      .sort();
    expect(
      all
        .filter((row) => row.type === 'member.registered')
        .map((row) => (JSON.parse(row.body) as { data: { user_id: string } }).data.user_id)
        .sort(),
    ).toEqual(userIds);
  });
});

describe('the assistant API is rate-limited', () => {
  let server: TestServer;
  beforeAll(async () => {
    const defaults = readSettings({});
    server = await startTestServer(engines[0]!, {
      assistant: { ...defaults.assistant, apiKey: API_KEY, rateLimitPerMinute: 3 },
    });
  });
  afterAll(() => server.close());

  test('past the limit, wrong keys and right keys alike get 429 with a detail', async () => {
    const call = (authorization: string) =>
      server.app.inject({
        method: 'GET',
        url: '/api/assistant/members/00000000-0000-4000-8000-000000000000',
        headers: { authorization },
      });
    const statuses = [];
    for (const key of ['wrong', 'wrong', API_KEY, API_KEY, 'wrong']) {
      statuses.push((await call(`Bearer ${key}`)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 404, 429, 429]);
    expect((await call(`Bearer ${API_KEY}`)).json()).toEqual({ detail: expect.stringMatching(/Too many/) });
  });
});
