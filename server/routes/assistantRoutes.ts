import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { carriesBearerToken } from '../auth/bearerToken';
import {
  AssistantMember,
  AssistantMemberWithStatus,
  LinkRequest,
  Linked,
  MemberParams,
  MemberPhoto,
  Onboarded,
} from '../../src/domain/contracts/assistant';
import { errorAnswers } from '../../src/domain/contracts/errors';
import type { Db } from '../db/database';
import { HttpError } from '../httpError';
import { isMemberId } from '../../src/domain/memberProfile';
import { linkMember, markOnboarded, type LinkOutcome } from '../members/memberLifecycle';
import {
  findMemberPhoto,
  findMemberRecord,
  profileFieldsOf,
  type MemberRecord,
} from '../members/memberQueries';

export interface AssistantRouteOptions {
  db: Db;
  apiKey: string;
  /** Public address of this server, for `photo_url`. */
  appUrl: string;
  rateLimitPerMinute: number;
  /** One-use invite codes a member receives when their chat is linked. */
  memberInvites: number;
}

const MISSING_KEY = 'A valid assistant API key is required (Authorization: Bearer <ASSISTANT_API_KEY>).';
const NO_MEMBER = 'There is no member with this id.';

const linkRefusals: Record<Exclude<LinkOutcome['outcome'], 'linked'>, [403 | 404 | 410, string]> = {
  unknown_code: [404, 'This linking code does not exist.'],
  expired: [410, 'This linking code has expired. The member can ask the operator for help.'],
  wrong_number: [403, 'This linking code belongs to a different phone number.'],
};

function memberView(record: MemberRecord, appUrl: string): AssistantMember {
  return {
    ...profileFieldsOf(record),
    who_i_know: record.whoIKnow,
    photo_url: record.photos.length
      ? new URL(`/api/assistant/members/${record.id}/photo`, appUrl).toString()
      : null,
  };
}

/**
 * The API of the assistant on WhatsApp (a separate service of the same operator). Registered only
 * when ASSISTANT_API_KEY is set; every call carries that key as a bearer token.
 */
export const assistantRoutes: FastifyPluginAsyncTypebox<AssistantRouteOptions> = async (
  app,
  { db, apiKey, appUrl, rateLimitPerMinute, memberInvites },
) => {
  const rateLimit = { max: rateLimitPerMinute, timeWindow: 60_000 };

  // After the rate limit (onRequest) so that guessing keys is throttled too, before the body is checked.
  app.addHook('preValidation', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!carriesBearerToken(request.headers.authorization, apiKey)) throw new HttpError(401, MISSING_KEY);
  });

  app.post(
    '/api/assistant/link',
    {
      schema: {
        summary: "Link a member's WhatsApp chat",
        operationId: 'linkMember',
        description:
          'The member sent their linking code from their number: their chat is tied to their account, ' +
          'their invite codes are issued, and the answer says who they are.',
        tags: ['assistant'],
        security: [{ assistantKey: [] }],
        body: LinkRequest,
        response: { 200: Linked, ...errorAnswers(400, 401, 403, 404, 410, 413, 415, 429) },
      },
      config: { rateLimit },
    },
    async (request) => {
      const { linking_code: code, whatsapp_number: number } = request.body;
      const result = await linkMember(db, code, number, memberInvites);
      if (result.outcome !== 'linked') throw new HttpError(...linkRefusals[result.outcome]);
      const record = await findMemberRecord(db, result.userId);
      return { status: 'linked' as const, member: memberView(record!, appUrl) };
    },
  );

  app.get(
    '/api/assistant/members/:user_id',
    {
      schema: {
        summary: 'Read a member',
        operationId: 'getAssistantMember',
        description: 'A member as the assistant reads them, with where they are in their lifecycle.',
        tags: ['assistant'],
        security: [{ assistantKey: [] }],
        params: MemberParams,
        response: { 200: AssistantMemberWithStatus, ...errorAnswers(401, 404, 429) },
      },
      config: { rateLimit },
    },
    async (request) => {
      const record = await findMemberRecord(db, request.params.user_id);
      if (!record) throw new HttpError(404, NO_MEMBER);
      return {
        ...memberView(record, appUrl),
        status: record.status,
        registered_at: record.registeredAt.toISOString(),
        linked_at: record.linkedAt?.toISOString() ?? null,
        onboarded_at: record.onboardedAt?.toISOString() ?? null,
      };
    },
  );

  app.get(
    '/api/assistant/members/:user_id/photo',
    {
      schema: {
        summary: "A member's photo",
        operationId: 'getAssistantMemberPhoto',
        description: 'The first photo the member uploaded, resized and re-encoded when it was stored.',
        tags: ['assistant'],
        security: [{ assistantKey: [] }],
        params: MemberParams,
        response: {
          200: { description: 'The stored JPEG.', content: { 'image/jpeg': { schema: MemberPhoto } } },
          ...errorAnswers(401, 404, 429),
        },
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      const photo = await findMemberPhoto(db, request.params.user_id);
      if (!photo) throw new HttpError(404, 'This member has no photo.');
      return reply.type(photo.mime).send(photo.bytes);
    },
  );

  app.post(
    '/api/assistant/members/:user_id/onboarded',
    {
      schema: {
        summary: 'Mark a member onboarded',
        operationId: 'markMemberOnboarded',
        description:
          "The member's first conversation with the assistant is done (their chat must be linked).",
        tags: ['assistant'],
        security: [{ assistantKey: [] }],
        params: MemberParams,
        response: { 200: Onboarded, ...errorAnswers(401, 404, 409, 429) },
      },
      config: { rateLimit },
    },
    async (request) => {
      const { user_id: userId } = request.params;
      const result = isMemberId(userId) ? await markOnboarded(db, userId) : { outcome: 'not_found' as const };
      if (result.outcome === 'not_found') throw new HttpError(404, NO_MEMBER);
      if (result.outcome === 'not_linked') {
        throw new HttpError(409, 'This member has not linked their WhatsApp chat yet.');
      }
      return { status: 'onboarded' as const };
    },
  );
};
