import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Database } from '../../server/db/database';
import { webhookEvents } from '../../server/db/schema';
import { enqueueEvent } from '../../server/webhooks/outbox';
import {
  defaultWebhookTiming,
  startWebhookWorker,
  type WebhookWorker,
} from '../../server/webhooks/webhookWorker';
import { engines } from './testServer';
import { eventually, newWebhookSecret } from './webhookReceiver';

/**
 * Issue 30: the worker waited for a whole batch, so one receiver that never answers held every later
 * event for its 10 s timeout. Each event now goes out on its own, a bounded number at once.
 */
jest.setTimeout(60_000);

const HANGING = 'user-that-hangs';

interface Receiver {
  url: string;
  /** user_id of every request, in the order they arrived, and when. */
  arrived: { userId: string; at: number }[];
  /** Requests not answered yet (the hanging ones). */
  open(): number;
  close(): Promise<void>;
}

/** Answers 204 at once, except to events about a user whose id starts with HANGING: never. */
async function startReceiver(): Promise<Receiver> {
  const arrived: Receiver['arrived'] = [];
  let hanging = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { user_id: string } };
      arrived.push({ userId: data.user_id, at: performance.now() });
      if (!data.user_id.startsWith(HANGING)) response.writeHead(204).end();
      else {
        hanging += 1;
        response.once('close', () => (hanging -= 1));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    arrived,
    open: () => hanging,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const silentLog = { warn: () => undefined, debug: () => undefined };

describe.each(engines)('webhook worker on $name', (engine) => {
  let database: Database;
  let receiver: Receiver;
  let worker: WebhookWorker | undefined;

  beforeAll(async () => {
    database = await engine.open();
    await database.migrate();
  });
  beforeEach(async () => {
    receiver = await startReceiver();
    await database.db.delete(webhookEvents);
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await receiver.close();
  });
  afterAll(() => database.close());

  function start() {
    worker = startWebhookWorker(
      database.db,
      { url: receiver.url, secret: newWebhookSecret(), ...defaultWebhookTiming },
      silentLog,
    );
    return worker;
  }

  test('one receiver hanging for its 10 s timeout: nine healthy events are delivered within 2 s', async () => {
    const running = start();
    await enqueueEvent(database.db, 'member.deleted', { user_id: HANGING });
    running.wake();
    await eventually('the hanging attempt', () => receiver.open() === 1, 5_000);

    const enqueuedAt = performance.now();
    const healthy = Array.from({ length: 9 }, (_, index) => `healthy-${index}`);
    for (const userId of healthy) await enqueueEvent(database.db, 'member.deleted', { user_id: userId });
    running.wake();
    await eventually(
      'the nine healthy events',
      () => healthy.every((userId) => receiver.arrived.some((request) => request.userId === userId)),
      defaultWebhookTiming.requestTimeoutMs,
    );
    const slowest = Math.max(
      ...receiver.arrived.filter((r) => r.userId !== HANGING).map((r) => r.at - enqueuedAt),
    );
    expect(slowest).toBeLessThan(2_000);
    await eventually(
      'the nine recorded as delivered',
      async () =>
        (await database.db.select().from(webhookEvents).where(eq(webhookEvents.status, 'delivered')))
          .length === 9,
      2_000,
    );
    expect(receiver.open()).toBe(1);
  });

  test('no more than ten attempts are in flight at once; the rest wait unclaimed', async () => {
    const running = start();
    for (let index = 0; index < 12; index += 1) {
      await enqueueEvent(database.db, 'member.deleted', { user_id: `${HANGING}-${index}` });
    }
    running.wake();
    await eventually('ten hanging attempts', () => receiver.open() === 10, 5_000);
    // Polls come every 2 s: give the worker two chances to (wrongly) send more.
    await new Promise((resolve) => setTimeout(resolve, 2 * defaultWebhookTiming.pollIntervalMs + 200));
    expect(receiver.arrived).toHaveLength(10);
    const rows = await database.db.select().from(webhookEvents);
    expect(rows.filter((row) => row.attempts === 0)).toHaveLength(2);
  });
});
