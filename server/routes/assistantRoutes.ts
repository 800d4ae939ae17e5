import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import { carriesBearerToken } from '../auth/bearerToken';
import type { Db } from '../db/database';
import { HttpError } from '../httpError';
import { linkMember, markOnboarded, type LinkOutcome } from '../members/memberLifecycle';
import { findMemberPhoto, findMemberRecord, isMemberId, type MemberRecord } from '../members/memberQueries';
import { memberProfileFields, MemberStatus, whoIKnowEntryFields } from './memberSchemas';
import { ErrorDetail } from './schemas';

export interface AssistantRouteOptions {
  db: Db;
  apiKey: string;
  /** Public address of this server, for `photo_url`. */
  appUrl: string;
  rateLimitPerMinute: number;
  /** One-use invite codes a member receives when their chat is linked. */
  memberInvites: number;
}

const nullableDate = Type.Union([Type.String(), Type.Null()]);

const memberFields = {
  ...memberProfileFields,
  who_i_know: Type.Array(Type.Object(whoIKnowEntryFields)),
  /** Needs the same bearer key; null when the member has no photo. */
  photo_url: Type.Union([Type.String(), Type.Null()]),
};
const Member = Type.Object(memberFields);
const MemberWithStatus = Type.Object({
  ...memberFields,
  status: MemberStatus,
  registered_at: Type.String(),
  linked_at: nullableDate,
  onboarded_at: nullableDate,
});

const LinkRequest = Type.Object(
  {
    linking_code: Type.String({ minLength: 1, maxLength: 64 }),
    whatsapp_number: Type.String({ minLength: 1, maxLength: 40 }),
  },
  { additionalProperties: false },
);
const MemberParams = Type.Object({ user_id: Type.String({ maxLength: 64 }) });

const MISSING_KEY = 'A valid assistant API key is required (Authorization: Bearer <ASSISTANT_API_KEY>).';
const NO_MEMBER = 'There is no member with this id.';

const linkRefusals: Record<Exclude<LinkOutcome['outcome'], 'linked'>, [403 | 404 | 410, string]> = {
  unknown_code: [404, 'This linking code does not exist.'],
  expired: [410, 'This linking code has expired. The member can ask the operator for help.'],
  wrong_number: [403, 'This linking code belongs to a different phone number.'],
};

function memberView(record: MemberRecord, appUrl: string): Static<typeof Member> {
  return {
    user_id: record.id,
    first_name: record.firstName,
    last_name: record.lastName,
    age: record.age,
    location: record.location,
    occupation: record.occupation,
    looking_for: record.lookingFor,
    interests: record.interests,
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
        body: LinkRequest,
        response: {
          200: Type.Object({ status: Type.Literal('linked'), member: Member }),
          400: ErrorDetail,
          401: ErrorDetail,
          403: ErrorDetail,
          404: ErrorDetail,
          410: ErrorDetail,
          429: ErrorDetail,
        },
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
        params: MemberParams,
        response: { 200: MemberWithStatus, 401: ErrorDetail, 404: ErrorDetail, 429: ErrorDetail },
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
        params: MemberParams,
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The stored JPEG' }),
          401: ErrorDetail,
          404: ErrorDetail,
          429: ErrorDetail,
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
        params: MemberParams,
        response: {
          200: Type.Object({ status: Type.Literal('onboarded') }),
          401: ErrorDetail,
          404: ErrorDetail,
          409: ErrorDetail,
          429: ErrorDetail,
        },
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
