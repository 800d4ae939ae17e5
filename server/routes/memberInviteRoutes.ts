import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { joinUrl } from '../../src/domain/invitation';
import { authenticatedMemberId, requireMember } from '../auth/memberAuth';
import type { Db } from '../db/database';
import { HttpError } from '../httpError';
import { loadMemberInviteList, memberInviteStatuses } from '../invites/memberInviteStore';
import { whatsAppUrl } from '../registration/whatsAppLink';
import { ErrorDetail } from './schemas';

const SIGN_IN = 'Please sign in to see your invites.';

const MemberInvites = Type.Object({
  invites: Type.Array(
    Type.Object({
      code: Type.String(),
      status: Type.Union(memberInviteStatuses.map((status) => Type.Literal(status))),
      /** Kept for clients of the first version: true once a friend joined with it. */
      used: Type.Boolean(),
      share_url: Type.String(),
    }),
  ),
  /** False until the member's WhatsApp chat is linked: their codes are issued then. */
  unlocked: Type.Boolean(),
  /** While locked, the member's wa.me link to message Becca (null once unlocked, or when it expired). */
  whatsapp_url: Type.Union([Type.String(), Type.Null()]),
});

/** A member's own invite codes, for the "Invite friends" panel. */
export const memberInviteRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  appUrl: string;
  assistantWhatsAppNumber: string;
}> = async (app, { db, appUrl, assistantWhatsAppNumber }) => {
  app.get(
    '/api/me/invites',
    {
      schema: { response: { 200: MemberInvites, 401: ErrorDetail } },
      preHandler: requireMember(db, SIGN_IN),
    },
    async (request, reply) => {
      const list = await loadMemberInviteList(db, authenticatedMemberId(request));
      // Erased between the key check and now: the key is gone with them.
      if (!list) throw new HttpError(401, SIGN_IN);
      // Codes are credentials: no shared cache may keep them.
      void reply.header('cache-control', 'no-store');
      return {
        invites: list.invites.map(({ code, status }) => ({
          code,
          status,
          used: status === 'used',
          share_url: joinUrl(appUrl, code),
        })),
        unlocked: list.unlocked,
        whatsapp_url: list.linkingCode ? whatsAppUrl(assistantWhatsAppNumber, list.linkingCode) : null,
      };
    },
  );
};
