import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';

const HealthOk = Type.Object({ status: Type.Literal('ok') }, { examples: [{ status: 'ok' }] });
const HealthDown = Type.Object(
  { status: Type.Literal('error'), detail: Type.String() },
  { examples: [{ status: 'error', detail: 'The database is not answering.' }] },
);

export const healthRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Is this instance serving?',
        description: 'Answers after a real query to the database: for load balancers and probes.',
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
        await database.ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database did not answer');
        return reply.code(503).send({ status: 'error' as const, detail: 'The database is not answering.' });
      }
    },
  );
};
