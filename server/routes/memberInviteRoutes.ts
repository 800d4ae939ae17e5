import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorAnswers } from '../../src/domain/contracts/errors';
import { MemberInvites } from '../../src/domain/contracts/memberInvites';
import { joinUrl } from '../../src/domain/invitation';
import { authenticatedMemberId, requireMember } from '../auth/memberAuth';
import type { Db } from '../db/database';
import { HttpError } from '../httpError';
import { loadMemberInviteList } from '../invites/memberInviteStore';
import { linkingChatUrl } from '../registration/whatsAppLink';

const SIGN_IN = 'Please sign in to see your invites.';

/** A member's own invite codes, for the "Invite friends" panel. */
export const memberInviteRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  appUrl: string;
  assistantWhatsAppNumber: string;
}> = async (app, { db, appUrl, assistantWhatsAppNumber }) => {
  app.get(
    '/api/me/invites',
    {
      schema: {
        summary: 'My invite codes',
        operationId: 'listMyInvites',
        description:
          "The signed-in member's one-use codes to invite friends; locked (no codes) until their " +
          'WhatsApp chat is linked, with the link to do that.',
        tags: ['memberInvites'],
        security: [{ memberToken: [] }],
        response: { 200: MemberInvites, ...errorAnswers(401) },
      },
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
        whatsapp_url: list.linkingCode ? linkingChatUrl(assistantWhatsAppNumber, list.linkingCode) : null,
      };
    },
  );
};
