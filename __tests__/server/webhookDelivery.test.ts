import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { readSettings, type Settings } from '../../server/config';
import { webhookEvents } from '../../server/db/schema';
import {
  defaultWebhookTiming,
  retryDelayMs,
  type WebhookSettings,
} from '../../server/webhooks/webhookWorker';
import {
  generousRateLimits,
  jpegPhoto,
  makeInvite,
  uniquePhone,
  webFormData,
  webRegistration,
} from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';
import { eventually, newWebhookSecret, startWebhookReceiver, type WebhookReceiver } from './webhookReceiver';

jest.setTimeout(60_000);

const API_KEY = randomBytes(32).toString('base64url');
const auth = { authorization: `Bearer ${API_KEY}` };
/** Short enough for a test; the shape (doubling, jitter, window) is the production one. */
const RETRY_BASE_MS = 150;

function settingsFor(receiver: WebhookReceiver, secret: string, webhooks: Partial<WebhookSettings> = {}) {
  const defaults = readSettings({});
  const settings: Partial<Settings> = {
    rateLimits: generousRateLimits,
    assistant: {
      ...defaults.assistant,
      apiKey: API_KEY,
      webhooks: {
        url: receiver.url,
        secret,
        ...defaultWebhookTiming,
        retryBaseMs: RETRY_BASE_MS,
        requestTimeoutMs: 2_000,
        ...webhooks,
      },
    },
  };
  return settings;
}

async function outboxRow(server: TestServer, id: string) {
  const [row] = await server.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
  return row!;
}

test('the retry delay doubles from the base, with up to half of it random, and stops growing at an hour', () => {
  expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 1000, () => 0))).toEqual([
    500, 1000, 2000, 4000,
  ]);
  expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 1000, () => 1))).toEqual([
    1000, 2000, 4000, 8000,
  ]);
  expect(retryDelayMs(40, 5000, () => 1)).toBe(3_600_000);
  // At the production base, retries cover 24 hours in a few dozen attempts, not thousands.
  let elapsed = 0;
  let attempts = 0;
  while (elapsed < defaultWebhookTiming.retryWindowMs) elapsed += retryDelayMs(++attempts, 5000, () => 0.5);
  expect(attempts).toBeLessThan(50);
});

describe.each(engines)('webhooks on $name', (engine) => {
  let receiver: WebhookReceiver;
  let server: TestServer;
  let inviteCode: string;
  let photo: Buffer;
  const secret = newWebhookSecret();

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer(engine, settingsFor(receiver, secret));
    inviteCode = await makeInvite(server.database.db, 'valid', 100);
    photo = await jpegPhoto(80, 60);
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  async function register() {
    const phone = uniquePhone();
    const response = await server.app.inject(webRegistration(webFormData(inviteCode, { phone }), [photo]));
    expect(response.statusCode).toBe(201);
    const body = response.json<{ user_id: string; access_token: string; whatsapp_url: string }>();
    const linkingCode = new URL(body.whatsapp_url).searchParams.get('text')!.split(' ').at(-1)!;
    return { ...body, phone, linkingCode, acknowledgedAt: performance.now() };
  }

  const eventsFor = (userId: string) =>
    receiver.verified(secret).filter((event) => event.data.user_id === userId);

  test('a registration, its link and its onboarding each arrive once, signed, with no secrets', async () => {
    const member = await register();
    const [registered] = await eventually(
      'member.registered',
      () => eventsFor(member.user_id).length === 1 && eventsFor(member.user_id),
    );
    console.info(
      `${engine.name}: registration → receiver ${(registered!.receivedAt - member.acknowledgedAt).toFixed(1)} ms after the 201`,
    );
    expect(registered).toMatchObject({
      type: 'member.registered',
      data: { user_id: member.user_id, status: 'registered' },
    });
    expect(registered!.id).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);

    const request = receiver.received.find((r) => r.headers['webhook-id'] === registered!.id)!;
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(Object.keys(JSON.parse(request.body) as object).sort()).toEqual(['data', 'timestamp', 'type']);
    for (const secretValue of [member.access_token, member.linkingCode, member.phone]) {
      expect(request.body).not.toContain(secretValue);
    }
    expect(request.body.length).toBeLessThan(400); // no photo bytes

    // A tampered body or another secret fails the library's verifier.
    const { Webhook } = await import('standardwebhooks');
    expect(() =>
      new Webhook(secret).verify(request.body.replace('registered', 'onboarded'), request.headers),
    ).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(request.body, request.headers)).toThrow();

    const linked = await server.app.inject({
      method: 'POST',
      url: '/api/assistant/link',
      headers: auth,
      payload: { linking_code: member.linkingCode, whatsapp_number: member.phone },
    });
    expect(linked.statusCode).toBe(200);
    const onboard = {
      method: 'POST' as const,
      url: `/api/assistant/members/${member.user_id}/onboarded`,
      headers: auth,
    };
    expect((await server.app.inject(onboard)).statusCode).toBe(200);
    expect((await server.app.inject(onboard)).statusCode).toBe(200);
    await eventually('three events', () => eventsFor(member.user_id).length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 300)); // room for a duplicate that must not come
    expect(eventsFor(member.user_id).map((event) => event.type)).toEqual([
      'member.registered',
      'member.linked',
      'member.onboarded',
    ]);
    expect(new Set(eventsFor(member.user_id).map((event) => event.id)).size).toBe(3);
    expect(await outboxRow(server, registered!.id)).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastStatus: 204,
    });
  });

  test('a receiver answering 500 twice gets the event on the third try, with the same webhook-id', async () => {
    receiver.answerWith(500, 500);
    const member = await register();
    const attempts = await eventually('three attempts', () => {
      const requests = receiver.received.filter((r) => r.body.includes(member.user_id));
      return requests.length === 3 && requests;
    });
    expect(attempts.map((r) => r.answeredStatus)).toEqual([500, 500, 204]);
    const ids = new Set(attempts.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    // Each attempt is signed afresh and verifies on its own.
    expect(eventsFor(member.user_id)).toHaveLength(3);
    const gaps = [
      attempts[1]!.receivedAt - attempts[0]!.receivedAt,
      attempts[2]!.receivedAt - attempts[1]!.receivedAt,
    ];
    console.info(
      `${engine.name}: retry gaps with a ${RETRY_BASE_MS} ms base: ${gaps.map((gap) => gap.toFixed(0)).join(' ms, ')} ms`,
    );
    // Backoff: at least half the base before the first retry, at least half of twice the base before the second.
    expect(gaps[0]).toBeGreaterThanOrEqual(RETRY_BASE_MS / 2 - 5);
    expect(gaps[1]).toBeGreaterThanOrEqual(RETRY_BASE_MS - 5);
    const row = await eventually('delivered', async () => {
      const stored = await outboxRow(server, [...ids][0]!);
      return stored.status === 'delivered' && stored;
    });
    expect(row).toMatchObject({ attempts: 3, lastStatus: 204, lastError: null });
  });
});

describe.each(engines)('webhooks that never get through on $name', (engine) => {
  test('a receiver that keeps failing is retried until the window closes, then the event is failed', async () => {
    const receiver = await startWebhookReceiver();
    receiver.answerWith(...Array<number>(100).fill(503));
    const secret = newWebhookSecret();
    const server = await startTestServer(
      engine,
      settingsFor(receiver, secret, { retryBaseMs: 50, retryWindowMs: 600 }),
    );
    try {
      const invite = await makeInvite(server.database.db);
      const response = await server.app.inject(webRegistration(webFormData(invite), [await jpegPhoto()]));
      expect(response.statusCode).toBe(201);
      const [row] = await eventually('the event to fail', async () => {
        const rows = await server.database.db.select().from(webhookEvents);
        return rows[0]?.status === 'failed' && rows;
      });
      expect(row!.attempts).toBeGreaterThanOrEqual(3);
      expect(row!.lastStatus).toBe(503);
      expect(receiver.received).toHaveLength(row!.attempts);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([row!.id]));
      const failedAt = receiver.received.length;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received).toHaveLength(failedAt); // failed means no more attempts
    } finally {
      await server.close();
      await receiver.close();
    }
  });
});

describe.each(engines)('two instances sharing one $name database', (engine) => {
  test('deliver every event exactly once between them, never the same one at the same time', async () => {
    // A slow receiver keeps deliveries in flight long enough for the two workers to compete.
    const receiver = await startWebhookReceiver(0, 40);
    const secret = newWebhookSecret();
    const first = await startTestServer(engine, settingsFor(receiver, secret));
    const second = await startTestServer(engine, settingsFor(receiver, secret), { database: first.database });
    try {
      const invite = await makeInvite(first.database.db, 'valid', 100);
      const photo = await jpegPhoto(40, 30);
      const registrations = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? second : first).app.inject(webRegistration(webFormData(invite), [photo])),
        ),
      );
      expect(registrations.map((r) => r.statusCode)).toEqual(Array<number>(12).fill(201));
      await eventually('12 deliveries', () => receiver.received.length >= 12);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const ids = receiver.verified(secret).map((event) => event.id);
      expect(ids).toHaveLength(12);
      expect(new Set(ids).size).toBe(12);
      const rows = await first.database.db.select().from(webhookEvents);
      expect(rows.map((row) => [row.status, row.attempts])).toEqual(Array(12).fill(['delivered', 1]));
    } finally {
      await second.close();
      await first.close();
      await receiver.close();
    }
  });
});
