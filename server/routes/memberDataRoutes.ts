import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authenticatedMemberId, requireMember } from '../auth/memberAuth';
import type { Database, Db } from '../db/database';
import { HttpError } from '../httpError';
import { memberExport, memberProfile } from '../members/memberData';
import { eraseMember } from '../members/memberErasure';
import { errorAnswers } from '../../src/domain/contracts/errors';
import { ContentDispositionHeader, withHeaders } from '../../src/domain/contracts/headers';
import { MemberExport, MemberProfile } from '../../src/domain/contracts/member';

const SIGN_IN = 'Please sign in again to see your account.';

/**
 * A member's own data: `GET /api/me`, `GET /api/me/export` (a JSON download) and `DELETE /api/me`.
 * A key whose member is gone is 401 like any unknown key (the key rows go with the member).
 */
export const memberDataRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  forgetDeletedRows: Database['forgetDeletedRows'];
}> = async (app, { db, forgetDeletedRows }) => {
  const preHandler = requireMember(db, SIGN_IN);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/me',
    {
      schema: {
        summary: 'My profile',
        operationId: 'getMe',
        description: 'The signed-in member as they registered.',
        tags: ['member'],
        security: [{ memberToken: [] }],
        response: { 200: MemberProfile, ...errorAnswers(401) },
      },
      preHandler,
    },
    async (request) => {
      const profile = await memberProfile(db, authenticatedMemberId(request));
      if (!profile) throw new HttpError(401, SIGN_IN);
      return profile;
    },
  );

  app.get(
    '/api/me/export',
    {
      schema: {
        summary: 'Download my data',
        operationId: 'exportMyData',
        description: 'Everything we hold about the signed-in member, as a JSON file to keep.',
        tags: ['member'],
        security: [{ memberToken: [] }],
        response: {
          200: withHeaders(MemberExport, { 'Content-Disposition': ContentDispositionHeader }),
          ...errorAnswers(401),
        },
      },
      preHandler,
    },
    async (request, reply) => {
      const data = await memberExport(db, authenticatedMemberId(request));
      if (!data) throw new HttpError(401, SIGN_IN);
      const day = data.exported_at.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="becca-my-data-${day}.json"`)
        .send(data);
    },
  );

  app.delete(
    '/api/me',
    {
      schema: {
        summary: 'Delete my account',
        operationId: 'deleteMe',
        description: 'Erases the member and everything of theirs now; their keys stop working.',
        tags: ['member'],
        security: [{ memberToken: [] }],
        response: { 204: Type.Null({ description: 'Deleted.' }), ...errorAnswers(401) },
      },
      preHandler,
    },
    async (request, reply) => {
      // Two devices deleting at once: the second finds nobody, and the member is gone either way.
      await eraseMember(db, authenticatedMemberId(request), forgetDeletedRows);
      return reply.code(204).send(null);
    },
  );
};
