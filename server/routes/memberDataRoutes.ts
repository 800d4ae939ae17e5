import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authenticatedMemberId, requireMember } from '../auth/memberAuth';
import type { Database, Db } from '../db/database';
import { HttpError } from '../httpError';
import { memberExport, memberProfile } from '../members/memberData';
import { eraseMember } from '../members/memberErasure';
import { memberProfileFields, MemberStatus, whoIKnowEntryFields } from './memberSchemas';
import { ErrorDetail } from './schemas';

const SIGN_IN = 'Please sign in again to see your account.';

const Timestamp = Type.String({ format: 'date-time' });

const MemberProfile = Type.Object({
  ...memberProfileFields,
  phone: Type.String(),
  who_i_know: Type.Array(
    Type.Object({
      ...whoIKnowEntryFields,
      position: Type.Object({ x: Type.Number(), y: Type.Number() }),
    }),
  ),
  status: MemberStatus,
  registered_at: Timestamp,
});

const MemberExport = Type.Object({
  exported_at: Timestamp,
  profile: MemberProfile,
  photos: Type.Array(
    Type.Object({
      position: Type.Integer(),
      mime: Type.String(),
      width: Type.Integer(),
      height: Type.Integer(),
      data_url: Type.String(),
      uploaded_at: Timestamp,
    }),
  ),
  nominations: Type.Array(
    Type.Object({
      first_name: Type.String(),
      last_name: Type.String(),
      instagram: Type.String(),
      phone: Type.String(),
      nominated_at: Timestamp,
    }),
  ),
  invite_code_used: Type.Object({ code: Type.String(), used_at: Timestamp }),
  invite_codes_held: Type.Array(
    Type.Object({ code: Type.String(), used: Type.Boolean(), created_at: Timestamp }),
  ),
  whatsapp_linking_code: Type.String(),
  linked_at: Type.Union([Timestamp, Type.Null()]),
  onboarded_at: Type.Union([Timestamp, Type.Null()]),
  access_keys: Type.Array(Type.Object({ issued_at: Timestamp, expires_at: Timestamp })),
  /** The waitlist entry of their number, if they waited before joining. */
  waitlist_entry: Type.Union([
    Type.Object({
      phone: Type.Union([Type.String(), Type.Null()]),
      name: Type.Union([Type.String(), Type.Null()]),
      joined_waitlist_at: Timestamp,
      invited_at: Type.Union([Timestamp, Type.Null()]),
      registered_at: Type.Union([Timestamp, Type.Null()]),
    }),
    Type.Null(),
  ]),
});

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
    { schema: { response: { 200: MemberProfile, 401: ErrorDetail } }, preHandler },
    async (request) => {
      const profile = await memberProfile(db, authenticatedMemberId(request));
      if (!profile) throw new HttpError(401, SIGN_IN);
      return profile;
    },
  );

  app.get(
    '/api/me/export',
    { schema: { response: { 200: MemberExport, 401: ErrorDetail } }, preHandler },
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
    { schema: { response: { 204: Type.Null(), 401: ErrorDetail } }, preHandler },
    async (request, reply) => {
      // Two devices deleting at once: the second finds nobody, and the member is gone either way.
      await eraseMember(db, authenticatedMemberId(request), forgetDeletedRows);
      return reply.code(204).send(null);
    },
  );
};
