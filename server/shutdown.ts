import type { FastifyInstance } from 'fastify';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from './db/databaseOutage';
import { HttpError } from './httpError';
import type { Readiness } from './readiness';
import { DRAINING } from './routes/healthRoutes';

export interface ShutdownPlan {
  app: FastifyInstance;
  /** Closes the database: for the embedded one, CHECKPOINT first. */
  closeDatabase(): Promise<void>;
  /** Whatever else must go (Redis, the admin token, the lock file); must not throw. */
  releaseResources(): void;
  /** Resolves once the log lines written so far are out of the process (buffered logging). */
  flushLogs?(): Promise<void>;
  /** /health reports draining through it. */
  readiness?: Readiness;
  /**
   * After the signal, /health answers 503 this long while everything else is still served, so a
   * balancer stops sending requests here before the listener closes (SHUTDOWN_DRAIN_SECONDS).
   */
  drainMs?: number;
  /** From the signal, in-flight requests get this long to finish before their connections are closed. */
  graceMs?: number;
  /** The process is gone by then, whatever is still pending. */
  deadlineMs?: number;
  exit?: (code: number) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
/** However long the drain, requests that were in flight when the listener closed get at least this. */
const MIN_GRACE_AFTER_DRAIN_MS = 1_000;

/**
 * SIGTERM/SIGINT with a deadline a supervisor can rely on (most kill at 10 s): drain (`drainMs` of
 * /health answering 503 while serving; a second signal ends it early), stop accepting, give
 * in-flight requests `graceMs`, then close every connection still open (a stalled upload would
 * otherwise hold the process for minutes), CHECKPOINT and close the database, release the lock, exit.
 * A last timer exits at `deadlineMs` even if the database never answers. Answers the shutdown itself
 * (what a signal runs), for tests.
 */
export function installShutdown({
  app,
  closeDatabase,
  releaseResources,
  flushLogs = () => Promise.resolve(),
  readiness,
  drainMs = 0,
  graceMs = 8_000,
  deadlineMs = 9_500,
  exit = (code) => process.exit(code),
}: ShutdownPlan): (signal: string) => Promise<void> {
  let closing = false;
  /** From app.close() on: a request that still arrives (on a kept-alive connection) is refused. */
  let refusing = false;
  let endDrain: (() => void) | undefined;

  // A keep-alive connection whose request was in flight at the signal would otherwise stay open
  // after its answer (Fastify's keepAliveTimeout: 72 s) and hold the close up.
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (closing) reply.header('connection', 'close');
    done();
  });
  // Fastify's own answer while closing (return503OnClosing) is a fixed body of its own; this one is
  // `{detail}` with Retry-After like every other 503, and goes through the security headers' hook.
  app.addHook('onRequest', async () => {
    if (refusing)
      throw new HttpError(503, DRAINING, { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) });
  });

  const shutdown = async (signal: string) => {
    if (closing) {
      endDrain?.();
      return;
    }
    closing = true;
    const started = Date.now();
    setTimeout(() => {
      app.log.error(`shutdown passed its ${deadlineMs} ms deadline: exiting without a clean close`);
      releaseResources();
      exit(1);
    }, deadlineMs).unref();
    let exitCode = 0;
    try {
      if (drainMs > 0) {
        if (readiness) readiness.draining = true;
        app.log.info(`${signal} received: /health answers 503 for ${drainMs} ms while still serving (drain)`);
        await new Promise<void>((resolve) => {
          endDrain = resolve;
          setTimeout(resolve, drainMs).unref();
        });
      }
      const grace = Math.max(MIN_GRACE_AFTER_DRAIN_MS, graceMs - (Date.now() - started));
      const what = drainMs > 0 ? 'drain over, no longer accepting' : `${signal} received`;
      app.log.info(`${what}: finishing in-flight requests (up to ${grace} ms), then closing`);
      refusing = true;
      const closed = app.close();
      const finished = await Promise.race([closed.then(() => true), sleep(grace).then(() => false)]);
      if (!finished) {
        app.log.warn('in-flight requests did not finish in time: closing their connections');
        app.server.closeAllConnections();
        await Promise.race([closed, sleep(500)]);
      }
      await closeDatabase();
      app.log.info(`database checkpointed and closed ${Date.now() - started} ms after ${signal}`);
    } catch (error) {
      exitCode = 1;
      app.log.error({ err: error }, 'shutdown failed');
    } finally {
      releaseResources();
      // Every request's line, and the ones above, out before the process goes (bounded: the deadline).
      await flushLogs().catch(() => undefined);
      exit(exitCode);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  return shutdown;
}
