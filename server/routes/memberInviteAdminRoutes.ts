import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { limits } from '../../src/domain/limits';
import type { OperatorCommands } from '../operator/operatorCommands';
import { ErrorDetail } from './schemas';

const UserIdParams = Type.Object({ userId: Type.String({ maxLength: 64 }) });

const InviteTree = Type.Object({
  codes: Type.Array(
    Type.Object({
      code: Type.String(),
      label: Type.Union([Type.String(), Type.Null()]),
      invitedBy: Type.Union([Type.String(), Type.Null()]),
      waitlistPhone: Type.Union([Type.String(), Type.Null()]),
      uses: Type.Integer(),
      maxUses: Type.Integer(),
      revoked: Type.Boolean(),
    }),
  ),
  members: Type.Array(
    Type.Object({
      id: Type.String(),
      firstName: Type.Union([Type.String(), Type.Null()]),
      inviteCode: Type.String(),
      registeredAt: Type.Union([Type.String(), Type.Null()]),
      erased: Type.Boolean(),
    }),
  ),
});

const WaitlistInvitation = Type.Object({
  phone: Type.String(),
  code: Type.String(),
  shareUrl: Type.String(),
  whatsappUrl: Type.String(),
});

/**
 * `npm run invite -- grant | tree | revoke-branch` and `npm run waitlist -- invite` for a server that
 * owns the embedded database. Only ever registered inside `adminRoutes`, behind its guard.
 */
export const memberInviteAdminRoutes: FastifyPluginAsyncTypebox<{ commands: OperatorCommands }> = async (
  app,
  { commands },
) => {
  // The operator's own mistakes (an unknown member, a bad number) come back as one sentence.
  const refused = (error: unknown) => Object.assign(new Error((error as Error).message), { statusCode: 422 });

  app.post(
    '/api/admin/members/:userId/invite-grants',
    {
      schema: {
        params: UserIdParams,
        // Number(N) from the CLI: null for "abc", and grantInvites explains what it wants.
        body: Type.Object({ count: Type.Union([Type.Number(), Type.Null()]) }),
        response: { 200: Type.Object({ unused: Type.Integer() }), 422: ErrorDetail },
      },
    },
    async (request) =>
      commands.grantInvites(request.params.userId, request.body.count ?? Number.NaN).catch((error) => {
        throw refused(error);
      }),
  );
  app.get('/api/admin/invite-tree', { schema: { response: { 200: InviteTree } } }, async () =>
    commands.inviteTree(),
  );
  app.post(
    '/api/admin/members/:userId/branch-revocation',
    {
      schema: {
        params: UserIdParams,
        response: {
          200: Type.Object({ members: Type.Integer(), revokedCodes: Type.Integer() }),
          422: ErrorDetail,
        },
      },
    },
    async (request) =>
      commands.revokeBranch(request.params.userId).catch((error) => {
        throw refused(error);
      }),
  );
  app.post(
    '/api/admin/waitlist/invitations',
    {
      schema: {
        body: Type.Union([
          Type.Object({ phone: Type.String({ maxLength: limits.phoneInputMaxLength }) }),
          Type.Object({ next: Type.Union([Type.Number(), Type.Null()]) }),
        ]),
        response: { 200: Type.Array(WaitlistInvitation), 422: ErrorDetail },
      },
    },
    async (request) => {
      const target = 'phone' in request.body ? request.body : { next: request.body.next ?? Number.NaN };
      return commands.inviteFromWaitlist(target).catch((error) => {
        throw refused(error);
      });
    },
  );
};
