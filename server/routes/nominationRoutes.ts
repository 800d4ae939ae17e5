import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { limits } from '../../src/domain/limits';
import { firstNominationError, normaliseNomination } from '../../src/domain/nomination';
import { authenticatedMemberId, requireMember } from '../auth/memberAuth';
import type { Db } from '../db/database';
import { HttpError } from '../httpError';
import type { PhoneOptOutList } from '../privacy/phoneOptOuts';
import { ErrorDetail, SuccessMessage } from './schemas';

const NominationBody = Type.Object({
  firstName: Type.String({ maxLength: limits.fieldMaxLength.firstName * 2 }),
  lastName: Type.String({ maxLength: limits.fieldMaxLength.lastName * 2 }),
  instagram: Type.String({ maxLength: limits.fieldMaxLength.instagram }),
  phone: Type.String({ maxLength: limits.phoneInputMaxLength }),
});

export const nominationRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  optOuts: PhoneOptOutList;
  rateLimitPerMinute: number;
}> = async (app, { db, optOuts, rateLimitPerMinute }) => {
  app.post(
    '/api/nominate/friend',
    {
      schema: {
        body: NominationBody,
        response: { 200: SuccessMessage, 401: ErrorDetail, 422: ErrorDetail, 429: ErrorDetail },
      },
      config: {
        rateLimit: { max: rateLimitPerMinute, timeWindow: limits.rateLimits.nominateFriend.timeWindowMs },
      },
      preHandler: requireMember(db, 'Please sign in to nominate a friend.'),
    },
    async (request) => {
      const error = firstNominationError(request.body);
      if (error) throw new HttpError(422, error);
      const nomination = normaliseNomination(request.body);
      // A number on the opt-out list is not stored, and the nominator is thanked all the same.
      await optOuts.storeNomination(authenticatedMemberId(request), nomination);
      return { success: true, message: `Thank you! We'll be in touch with ${nomination.firstName}.` };
    },
  );
};
