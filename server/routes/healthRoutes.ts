import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';

const HealthOk = Type.Object({ status: Type.Literal('ok') }, { examples: [{ status: 'ok' }] });
const HealthDown = Type.Object(
  { status: Type.Literal('error'), detail: Type.String() },
  { examples: [{ status: 'error', detail: 'The database is not answering.' }] },
);

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

export const healthRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  const ping = sharedWhileInFlight(() => database.ping());
  app.get(
    '/health',
    {
      schema: {
        summary: 'Is this instance serving?',
        operationId: 'getHealth',
        description:
          'Answers after a real query to the database: for load balancers and probes. Probes that arrive while a query is in flight share its answer.',
        tags: ['operations'],
        response: { 200: HealthOk, 503: HealthDown },
      },
      config: { rateLimit: false },
      // Fifteen bytes of JSON: nothing to compress, so no compression hook either.
      compress: false,
      // Probes call this every few seconds on every instance: a log line each drowns the rest (and
      // cost a fifth of its throughput). A failing check still logs its error.
      logLevel: 'warn',
    },
    async (request, reply) => {
      try {
        await ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database did not answer');
        return reply.code(503).send({ status: 'error' as const, detail: 'The database is not answering.' });
      }
    },
  );
};
