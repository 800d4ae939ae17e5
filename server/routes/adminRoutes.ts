import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db/database';
import { tokensMatch } from '../operator/adminToken';
import { hostCheck, isFromThisMachine } from '../operator/fromThisMachine';
import type { OperatorCommands } from '../operator/operatorCommands';
import { operatorFromSession } from '../operator/operatorSessions';
import { operatorAdminRoutes } from './operatorAdminRoutes';
import { overviewAdminRoutes } from './overviewAdminRoutes';
import { memberInviteAdminRoutes } from './memberInviteAdminRoutes';
import { privacyAdminRoutes } from './privacyAdminRoutes';
import { memberAdminRoutes } from './memberAdminRoutes';
import { ErrorDetail } from './schemas';

const InviteCodeView = Type.Object({
  code: Type.String(),
  label: Type.Union([Type.String(), Type.Null()]),
  uses: Type.Integer(),
  maxUses: Type.Integer(),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
  createdAt: Type.String(),
});

const WaitlistView = Type.Object({
  phone: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  name: Type.Union([Type.String(), Type.Null()]),
  joinedAt: Type.String(),
  status: Type.Union([Type.Literal('waiting'), Type.Literal('invited'), Type.Literal('joined')]),
});

/**
 * The operator's commands for a server that owns the embedded database. Three locks on the door: the
 * TCP peer must be this machine (the raw socket address, and no proxy's forwarding header), the Host
 * must name this machine or APP_URL's host (no DNS-rebinding page), and the request must carry the
 * token from DATA_DIR/admin-token. Or, from anywhere, an operator's browser session (see
 * server/operator/operatorSessions.ts), whose requests that change something must come from our own
 * origin. Without a server-owned embedded database there is no admin token: sessions only.
 */
export const adminRoutes: FastifyPluginAsyncTypebox<{
  commands: OperatorCommands;
  adminToken: string | undefined;
  appUrl: string;
  db: Db;
}> = async (app, { commands, adminToken, appUrl, db }) => {
  const hostIsOurs = hostCheck(appUrl);
  app.addHook('onRequest', async (request, reply) => {
    const presented = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const operatorCli =
      adminToken !== undefined &&
      isFromThisMachine(request) &&
      hostIsOurs(request) &&
      tokensMatch(adminToken, presented);
    if (!operatorCli && !(await operatorFromSession(request, { db, appUrl }))) {
      return reply
        .code(404)
        .send({ detail: `No API endpoint ${request.method} ${request.url.split('?')[0]}.` });
    }
  });

  app.post(
    '/api/admin/invite-codes',
    {
      schema: {
        body: Type.Object({
          // The CLI sends Number(--uses), which is null for "abc": createInvite explains what it wants.
          uses: Type.Union([Type.Number(), Type.Null()]),
          expires: Type.Optional(Type.String({ maxLength: 10 })),
          label: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        response: { 201: InviteCodeView, 422: ErrorDetail },
      },
    },
    async (request, reply) => {
      try {
        const { uses, expires, label } = request.body;
        return reply
          .code(201)
          .send(await commands.createInvite({ uses: uses ?? Number.NaN, expires, label }));
      } catch (error) {
        return reply.code(422).send({ detail: (error as Error).message });
      }
    },
  );
  app.get(
    '/api/admin/invite-codes',
    { schema: { response: { 200: Type.Array(InviteCodeView) } } },
    async () => commands.listInvites(),
  );
  app.post(
    '/api/admin/invite-codes/:code/revoke',
    {
      schema: {
        params: Type.Object({ code: Type.String({ maxLength: 40 }) }),
        response: { 200: InviteCodeView, 404: ErrorDetail },
      },
    },
    async (request, reply) => {
      const revoked = await commands.revokeInvite(request.params.code);
      return revoked ?? reply.code(404).send({ detail: `No invite code ${request.params.code}.` });
    },
  );
  await app.register(memberAdminRoutes, { commands });
  app.get('/api/admin/waitlist', { schema: { response: { 200: Type.Array(WaitlistView) } } }, async () =>
    commands.listWaitlist(),
  );
  // Registered inside this plugin so that the loopback-and-token hook above guards them too.
  await app.register(memberInviteAdminRoutes, { commands });
  await app.register(privacyAdminRoutes, { commands });
  await app.register(operatorAdminRoutes, { commands });
  await app.register(overviewAdminRoutes, { db });
};
