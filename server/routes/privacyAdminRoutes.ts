import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PrivacyOperatorCommands } from '../operator/privacyOperatorCommands';
import { ErrorDetail } from './schemas';

const PurgeBody = Type.Object(
  { olderThanDays: Type.Integer({ minimum: 1, maximum: 36_500 }), apply: Type.Boolean() },
  { additionalProperties: false },
);

const PurgeResult = Type.Object({ count: Type.Integer(), cutoff: Type.String(), deleted: Type.Boolean() });

/**
 * Loopback routes behind `npm run waitlist -- purge`, `npm run nominations -- purge` and
 * `npm run members -- delete` when a server owns the embedded database. Registered inside
 * adminRoutes, so its loopback-and-token check guards them too.
 */
export const privacyAdminRoutes: FastifyPluginAsyncTypebox<{ commands: PrivacyOperatorCommands }> = async (
  app,
  { commands },
) => {
  app.post(
    '/api/admin/waitlist/purge',
    { schema: { body: PurgeBody, response: { 200: PurgeResult } } },
    async (request) => commands.purgeWaitlist(request.body),
  );
  app.post(
    '/api/admin/nominations/purge',
    { schema: { body: PurgeBody, response: { 200: PurgeResult } } },
    async (request) => commands.purgeNominations(request.body),
  );
  app.delete(
    '/api/admin/members/:id',
    {
      schema: {
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: Type.Object({ deleted: Type.Boolean() }), 404: ErrorDetail },
      },
    },
    async (request, reply) => {
      const result = await commands.deleteMember(request.params.id);
      return result.deleted ? result : reply.code(404).send({ detail: `No member ${request.params.id}.` });
    },
  );
};
