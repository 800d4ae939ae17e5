import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { WebhookEventView } from '../../src/domain/contracts/adminWebhooks';
import type { Db } from '../db/database';
import { rowToWire } from '../db/rowToWire';
import { webhookEvents } from '../db/schema';
import type {
  WebhookEventBody,
  WebhookEventData,
  WebhookEventType,
} from '../../src/domain/contracts/webhookEvents';

// The event types and their bodies are a contract with the receivers, written once beside the others.
export {
  webhookEventTypes,
  type WebhookEventBody,
  type WebhookEventType,
} from '../../src/domain/contracts/webhookEvents';

export type WebhookEventRow = typeof webhookEvents.$inferSelect;
export type WebhookEventStatus = WebhookEventRow['status'];

function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/**
 * Records an event in the outbox. Call it with the transaction that makes the change the event
 * reports: the event then exists exactly when the change does (a crash after commit still delivers
 * it; a rollback leaves no event for something that did not happen). `data` must carry no secrets:
 * no photo bytes, no access token, no linking code.
 */
export async function enqueueEvent<Type extends WebhookEventType>(
  tx: Db,
  type: Type,
  data: WebhookEventData<Type>,
  occurredAt = new Date(),
): Promise<string> {
  const id = newMessageId();
  const body = { type, timestamp: occurredAt.toISOString(), data } as WebhookEventBody<Type>;
  await tx.insert(webhookEvents).values({ id, type, body: JSON.stringify(body) });
  return id;
}

/**
 * Takes up to `limit` due events for one worker. `FOR UPDATE SKIP LOCKED` lets workers on several
 * instances claim at the same moment without waiting on, or taking, each other's rows; the claim then
 * pushes `next_attempt_at` past the lease, so nobody else takes the event while this worker sends it.
 * If the worker dies, the lease runs out and another worker (or this one, restarted) tries again.
 */
export async function claimDueEvents(db: Db, limit: number, leaseMs: number): Promise<WebhookEventRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.status, 'pending'), lte(webhookEvents.nextAttemptAt, sql`now()`)))
      .orderBy(asc(webhookEvents.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(webhookEvents)
      .set({
        nextAttemptAt: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
        attempts: sql`${webhookEvents.attempts} + 1`,
        firstAttemptAt: sql`coalesce(${webhookEvents.firstAttemptAt}, now())`,
        lastAttemptAt: sql`now()`,
      })
      .where(
        inArray(
          webhookEvents.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

export async function markDelivered(db: Db, id: string, httpStatus: number): Promise<void> {
  await db
    .update(webhookEvents)
    .set({ status: 'delivered', lastStatus: httpStatus, lastError: null, deliveredAt: sql`now()` })
    .where(eq(webhookEvents.id, id));
}

/** A failed attempt: try again at `retryAt`, or give up (`failed`) when `retryAt` is undefined. */
export async function markAttemptFailed(
  db: Db,
  id: string,
  outcome: { httpStatus: number | null; error: string; retryAt: Date | undefined },
): Promise<void> {
  await db
    .update(webhookEvents)
    .set({
      status: outcome.retryAt ? 'pending' : 'failed',
      nextAttemptAt: outcome.retryAt ?? sql`now()`,
      lastStatus: outcome.httpStatus,
      lastError: outcome.error.slice(0, 300),
    })
    .where(and(eq(webhookEvents.id, id), eq(webhookEvents.status, 'pending')));
}

export async function listWebhookEvents(db: Db, limit = 200): Promise<WebhookEventRow[]> {
  return db.select().from(webhookEvents).orderBy(desc(webhookEvents.createdAt)).limit(limit);
}

/**
 * The operator's retry: due now, with a fresh retry window. A delivered event is sent again with the
 * same id (receivers deduplicate on it), for a receiver that lost what it had acknowledged.
 */
export async function retryWebhookEvent(db: Db, id: string): Promise<WebhookEventRow | undefined> {
  const [row] = await db
    .update(webhookEvents)
    .set({ status: 'pending', nextAttemptAt: sql`now()`, firstAttemptAt: null, deliveredAt: null })
    .where(eq(webhookEvents.id, id))
    .returning();
  return row;
}

const webhookEventWire = rowToWire<WebhookEventRow>()([
  'id',
  'type',
  'status',
  'attempts',
  'lastStatus',
  'lastError',
  'nextAttemptAt',
  'createdAt',
  'deliveredAt',
]);

/** What the operator sees of an event (the admin API's WebhookEventView). */
export function toWebhookEventView(row: WebhookEventRow): WebhookEventView {
  return webhookEventWire(row);
}
