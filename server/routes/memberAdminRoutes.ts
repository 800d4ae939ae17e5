import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { MemberOperatorCommands } from '../operator/memberOperatorCommands';
import { ErrorDetail } from './schemas';

const nullableString = Type.Union([Type.String(), Type.Null()]);

const MemberView = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  age: Type.Integer(),
  location: Type.String(),
  phone: Type.String(),
  occupation: Type.String(),
  lookingFor: Type.Array(Type.String()),
  interests: Type.Array(Type.String()),
  inviteCode: Type.String(),
  status: Type.String(),
  registeredAt: Type.String(),
  linkedAt: nullableString,
  onboardedAt: nullableString,
  linkingCodeExpiresAt: Type.String(),
  linkingCodeUsedAt: nullableString,
  whoIKnow: Type.Array(Type.Object({ kind: Type.String(), name: Type.String(), location: Type.String() })),
  photos: Type.Array(
    Type.Object({
      position: Type.Integer(),
      width: Type.Integer(),
      height: Type.Integer(),
      bytes: Type.Integer(),
    }),
  ),
});

const WebhookEventView = Type.Object({
  id: Type.String(),
  type: Type.String(),
  status: Type.String(),
  attempts: Type.Integer(),
  lastStatus: Type.Union([Type.Integer(), Type.Null()]),
  lastError: nullableString,
  nextAttemptAt: Type.String(),
  createdAt: Type.String(),
  deliveredAt: nullableString,
});

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/**
 * `npm run members` and `npm run webhooks` against a server that owns the embedded database.
 * Registered inside the admin routes, so the same loopback-and-token check guards them.
 */
export const memberAdminRoutes: FastifyPluginAsyncTypebox<{ commands: MemberOperatorCommands }> = async (
  app,
  { commands },
) => {
  app.get('/api/admin/members', { schema: { response: { 200: Type.Array(MemberView) } } }, async () =>
    commands.listMembers(),
  );
  app.get(
    '/api/admin/members/:id',
    { schema: { params: IdParams, response: { 200: MemberView, 404: ErrorDetail } } },
    async (request, reply) =>
      (await commands.showMember(request.params.id)) ??
      reply.code(404).send({ detail: `No member ${request.params.id}.` }),
  );
  app.get(
    '/api/admin/webhook-events',
    { schema: { response: { 200: Type.Array(WebhookEventView) } } },
    async () => commands.listWebhookEvents(),
  );
  app.post(
    '/api/admin/webhook-events/:id/retry',
    { schema: { params: IdParams, response: { 200: WebhookEventView, 404: ErrorDetail } } },
    async (request, reply) =>
      (await commands.retryWebhookEvent(request.params.id)) ??
      reply.code(404).send({ detail: `No webhook event ${request.params.id}.` }),
  );
};
