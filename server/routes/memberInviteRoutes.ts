import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { joinUrl } from '../../src/domain/invitation';
import { authenticatedMemberId, requireMember } from '../auth/memberAuth';
import type { Db } from '../db/database';
import { listMemberInvites } from '../invites/memberInviteStore';
import { ErrorDetail } from './schemas';

const MemberInvites = Type.Object({
  invites: Type.Array(Type.Object({ code: Type.String(), used: Type.Boolean(), share_url: Type.String() })),
});

/** A member's own invite codes, for the "Invite friends" panel. */
export const memberInviteRoutes: FastifyPluginAsyncTypebox<{ db: Db; appUrl: string }> = async (
  app,
  { db, appUrl },
) => {
  app.get(
    '/api/me/invites',
    {
      schema: { response: { 200: MemberInvites, 401: ErrorDetail } },
      preHandler: requireMember(db, 'Please sign in to see your invites.'),
    },
    async (request, reply) => {
      const invites = await listMemberInvites(db, authenticatedMemberId(request));
      // Codes are credentials: no shared cache may keep them.
      void reply.header('cache-control', 'no-store');
      return {
        invites: invites.map(({ code, used }) => ({ code, used, share_url: joinUrl(appUrl, code) })),
      };
    },
  );
};
