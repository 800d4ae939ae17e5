import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OPERATOR_NAME_MAX_LENGTH } from '../../src/domain/operatorName';
import type { OperatorAccountCommands } from '../operator/operatorAccountCommands';
import { ErrorDetail } from './schemas';

const OperatorView = Type.Object({
  name: Type.String(),
  addedAt: Type.String(),
  lastSeenAt: Type.Union([Type.String(), Type.Null()]),
  sessions: Type.Integer(),
});

const SignInLink = Type.Object({ name: Type.String(), link: Type.String(), expiresAt: Type.String() });

// Bounded here; the name rule itself (server/operator/operatorAccounts.ts) explains a refusal in a 422.
const Name = Type.String({ minLength: 1, maxLength: OPERATOR_NAME_MAX_LENGTH * 4 });

/**
 * The routes behind `npm run operators`. Registered inside adminRoutes, so its guard (the loopback
 * admin token, or an operator's session with the same-origin check) stands in front of them.
 */
export const operatorAdminRoutes: FastifyPluginAsyncTypebox<{ commands: OperatorAccountCommands }> = async (
  app,
  { commands },
) => {
  app.get('/api/admin/operators', { schema: { response: { 200: Type.Array(OperatorView) } } }, async () =>
    commands.listOperators(),
  );
  app.post(
    '/api/admin/operators',
    {
      schema: {
        body: Type.Object({ name: Name }, { additionalProperties: false }),
        response: { 201: OperatorView, 409: ErrorDetail, 422: ErrorDetail },
      },
    },
    async (request, reply) => reply.code(201).send(await commands.addOperator(request.body.name)),
  );
  app.delete(
    '/api/admin/operators/:name',
    {
      schema: {
        params: Type.Object({ name: Name }),
        response: { 200: Type.Object({ removed: Type.Literal(true) }), 404: ErrorDetail, 422: ErrorDetail },
      },
    },
    async (request) => commands.removeOperator(request.params.name),
  );
  app.post(
    '/api/admin/operators/:name/sign-in-links',
    {
      schema: {
        params: Type.Object({ name: Name }),
        response: { 201: SignInLink, 404: ErrorDetail, 422: ErrorDetail },
      },
    },
    async (request, reply) => reply.code(201).send(await commands.createSignInLink(request.params.name)),
  );
};
