import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../db/database';
import { isDatabaseUnavailable } from '../db/databaseOutage';
import { claimDueEvents, markAttemptFailed, markDelivered, type WebhookEventRow } from './outbox';

export interface WebhookSettings {
  /** Where events are POSTed. */
  url: string;
  /** `whsec_<base64>`, shared with the receiver. */
  secret: string;
  /** First retry after about this long; each later one waits twice as long (with jitter), up to an hour. */
  retryBaseMs: number;
  /** Keep retrying for this long after the first attempt, then mark the event `failed`. */
  retryWindowMs: number;
  /** One attempt may take this long before it counts as a timeout. */
  requestTimeoutMs: number;
  /** How often the worker looks for due events that this process did not just write (other instances, restarts). */
  pollIntervalMs: number;
}

export const defaultWebhookTiming = {
  retryBaseMs: 5_000,
  retryWindowMs: 24 * 60 * 60 * 1000,
  requestTimeoutMs: 10_000,
  pollIntervalMs: 2_000,
} as const;

const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
/** Attempts in flight at once; enough for a receiver's bursts, few enough not to flood it. */
const MAX_DELIVERIES_AT_ONCE = 10;
const LEASE_MARGIN_MS = 5_000;

/**
 * Exponential backoff with "equal jitter": half of each delay is fixed, half random, so events that
 * failed together (a receiver outage) spread out on their way back without any retry coming at once.
 */
export function retryDelayMs(attempts: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
  return exponential / 2 + (random() * exponential) / 2;
}

export interface WebhookWorkerLog {
  warn(object: object, message: string): void;
  debug(object: object, message: string): void;
}

export interface WebhookWorker {
  /** Look for due events now (called after a change that may have written one). */
  wake(): void;
  /** Stops claiming, aborts attempts in flight (they stay due) and resolves when the worker is idle. */
  stop(): Promise<void>;
}

/**
 * Delivers the outbox at least once: an event leaves `pending` only when the receiver answered 2xx
 * (`delivered`) or the retry window ran out (`failed`). Every attempt carries the event's own id as
 * `webhook-id` and a fresh `webhook-timestamp` and signature, as Standard Webhooks asks.
 */
export function startWebhookWorker(
  db: Db,
  settings: WebhookSettings,
  log: WebhookWorkerLog,
  /** False while the outbox may not exist yet (migrations not applied): nothing is claimed. */
  isReady: () => boolean = () => true,
): WebhookWorker {
  const signer = new Webhook(settings.secret);
  // Longer than an attempt can take (its timeout, then one write), so a claimed event is never sent
  // twice at once. No longer than that: an event claimed by a process that then died waits it out.
  const leaseMs = settings.requestTimeoutMs + LEASE_MARGIN_MS;
  const inFlight = new Set<AbortController>();
  const retryTimers = new Set<NodeJS.Timeout>();
  const deliveries = new Set<Promise<void>>();
  let stopped = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let wakeRequested = false;

  async function deliver(event: WebhookEventRow): Promise<void> {
    const controller = new AbortController();
    // Claimed while the server was stopping: recorded as not sent, due again for the next process.
    if (stopped) controller.abort();
    inFlight.add(controller);
    const attemptAt = new Date();
    let httpStatus: number | null = null;
    let error: string;
    try {
      const response = await fetch(settings.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Becca-Webhooks/1',
          'webhook-id': event.id,
          'webhook-timestamp': String(Math.floor(attemptAt.getTime() / 1000)),
          'webhook-signature': signer.sign(event.id, attemptAt, event.body),
        },
        body: event.body,
        redirect: 'manual',
        signal: AbortSignal.any([controller.signal, AbortSignal.timeout(settings.requestTimeoutMs)]),
      });
      // The answer's body means nothing to us; do not hold the connection open reading it.
      await response.body?.cancel().catch(() => undefined);
      httpStatus = response.status;
      if (response.ok) {
        await markDelivered(db, event.id, response.status);
        log.debug({ eventId: event.id, attempts: event.attempts }, 'webhook delivered');
        return;
      }
      error = `answered ${response.status}`;
    } catch (caught) {
      const name = (caught as Error).name;
      error = name === 'TimeoutError' ? 'timed out' : stopped ? 'server shut down' : describe(caught);
    } finally {
      inFlight.delete(controller);
    }
    const firstAttemptAt = event.firstAttemptAt ?? attemptAt;
    const delay = stopped ? 0 : retryDelayMs(event.attempts, settings.retryBaseMs);
    const retryAt = new Date(Date.now() + delay);
    const giveUp = !stopped && Date.now() - firstAttemptAt.getTime() >= settings.retryWindowMs;
    await markAttemptFailed(db, event.id, { httpStatus, error, retryAt: giveUp ? undefined : retryAt });
    log.warn(
      { eventId: event.id, type: event.type, attempts: event.attempts, status: httpStatus, error },
      giveUp ? 'webhook failed for good' : 'webhook attempt failed; will retry',
    );
    if (!giveUp && !stopped) {
      const timer = setTimeout(() => {
        retryTimers.delete(timer);
        wake();
      }, delay);
      timer.unref();
      retryTimers.add(timer);
    }
  }

  /**
   * Each event is delivered on its own, up to MAX_DELIVERIES_AT_ONCE together: a receiver that hangs
   * costs only its own event's timeout, and the others go out meanwhile. Only as many events are
   * claimed as there are free places, so no claimed event waits (its lease running out) behind
   * another's attempt; each finished attempt wakes the worker to claim the next.
   */
  function startDelivery(event: WebhookEventRow): void {
    const delivery = deliver(event)
      .catch((caught: unknown) =>
        log.warn({ eventId: event.id, error: describe(caught) }, 'webhook attempt could not be recorded'),
      )
      .finally(() => {
        deliveries.delete(delivery);
        wake();
      });
    deliveries.add(delivery);
  }

  async function claimWhileRoom(): Promise<void> {
    while (!stopped && isReady()) {
      const room = MAX_DELIVERIES_AT_ONCE - deliveries.size;
      if (room <= 0) return;
      const claimed = await claimDueEvents(db, room, leaseMs);
      for (const event of claimed) startDelivery(event);
      if (claimed.length < room) return;
    }
  }

  function schedule(delayMs: number) {
    clearTimeout(pollTimer);
    pollTimer = setTimeout(tick, delayMs);
    pollTimer.unref();
  }

  function tick() {
    if (stopped) return;
    if (running) {
      wakeRequested = true;
      return;
    }
    running = claimWhileRoom()
      .catch((caught: unknown) => {
        // An outage is logged once by whoever meets it first (server/db/databaseOutage.ts), not every poll.
        const level = isDatabaseUnavailable(caught) ? 'debug' : 'warn';
        log[level]({ error: describe(caught) }, 'webhook worker could not read the outbox');
      })
      .finally(() => {
        running = undefined;
        const again = wakeRequested;
        wakeRequested = false;
        if (!stopped) schedule(again ? 0 : settings.pollIntervalMs);
      });
  }

  function wake() {
    if (stopped) return;
    if (running) wakeRequested = true;
    else schedule(0);
  }

  schedule(0);
  return {
    wake,
    stop: async () => {
      stopped = true;
      clearTimeout(pollTimer);
      for (const timer of retryTimers) clearTimeout(timer);
      for (const controller of inFlight) controller.abort();
      await running;
      await Promise.all(deliveries);
    },
  };
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Runs the worker for the life of `app`: woken after every successful change request (its event is
 * committed by then, so it goes out at once rather than at the next poll), stopped when the app closes.
 */
export function attachWebhookWorker(
  app: FastifyInstance,
  db: Db,
  settings: WebhookSettings,
  isReady?: () => boolean,
): WebhookWorker {
  const worker = startWebhookWorker(db, settings, app.log, isReady);
  app.addHook('onResponse', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 300) worker.wake();
    done();
  });
  app.addHook('onClose', () => worker.stop());
  return worker;
}
