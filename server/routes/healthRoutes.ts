import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';
import type { DatabaseOutage } from '../db/databaseOutage';
import type { Readiness } from '../readiness';
import { RetryAfterHeader, withHeaders } from '../../src/domain/contracts/headers';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../db/databaseOutage';

const HealthOk = Type.Object({ status: Type.Literal('ok') }, { examples: [{ status: 'ok' }] });
const HealthDown = withHeaders(
  Type.Object(
    { status: Type.Literal('error'), detail: Type.String() },
    { examples: [{ status: 'error', detail: 'The database is not answering.' }] },
  ),
  { 'Retry-After': RetryAfterHeader },
);

export const NOT_MIGRATED = 'The database is not ready yet: migrations are not applied.';
export const DRAINING = 'This instance is shutting down.';

/**
 * Runs `check` for whoever asks, but never twice at once: a caller that arrives while a check is in
 * flight gets that check's outcome. A flood of probes then costs the database one query at a time
 * instead of a queue of them ahead of everyone else's work (the embedded database has one connection).
 */
function sharedWhileInFlight(check: () => Promise<void>): () => Promise<void> {
  let inFlight: Promise<void> | undefined;
  return () => {
    inFlight ??= check().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}

export interface HealthRoutesOptions {
  database: Database;
  readiness: Readiness;
  outage: DatabaseOutage;
}

export const healthRoutes: FastifyPluginAsyncTypebox<HealthRoutesOptions> = async (
  app,
  { database, readiness, outage },
) => {
  const ping = sharedWhileInFlight(() => database.ping());
  const probe = {
    config: { rateLimit: false },
    // Fifteen bytes of JSON: nothing to compress, so no compression hook either.
    compress: false,
    // Probes call these every few seconds on every instance: a log line each drowns the rest (and
    // cost a fifth of its throughput). A failing check still logs its error.
    logLevel: 'warn',
  } as const;
  app.get(
    '/health',
    {
      ...probe,
      schema: {
        summary: 'Should this instance be sent requests? (readiness)',
        operationId: 'getHealth',
        description:
          'Answers 200 after a real query to the database, once the migrations are applied; 503 while the ' +
          'database does not answer, before the migrations are applied, and while the instance drains ' +
          'before a shutdown (SHUTDOWN_DRAIN_SECONDS). For load balancers and readiness probes. Probes ' +
          'that arrive while a query is in flight share its answer.',
        tags: ['operations'],
        response: { 200: HealthOk, 503: HealthDown },
      },
    },
    async (request, reply) => {
      const down = (detail: string) =>
        reply
          .code(503)
          .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
          .send({ status: 'error' as const, detail });
      if (readiness.draining) return down(DRAINING);
      if (!readiness.migrated) return down(NOT_MIGRATED);
      try {
        await ping();
        // The app's logger: this route's own level (warn) would drop the line that ends an outage.
        outage.answered(app.log);
        return { status: 'ok' as const };
      } catch (error) {
        // Logged once when an outage starts, not at every probe.
        outage.failed(error, request.log);
        return down('The database is not answering.');
      }
    },
  );
  app.get(
    '/health/live',
    {
      ...probe,
      schema: {
        summary: 'Is this process alive? (liveness)',
        operationId: 'getLiveness',
        description:
          'Answers 200 whenever the process can answer at all, without asking the database: for an ' +
          'orchestrator deciding whether to restart the process. A database outage or a drain does not ' +
          'make it fail (see /health for those).',
        tags: ['operations'],
        response: { 200: HealthOk },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
};
