import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorAnswers } from '../../src/domain/contracts/errors';
import { FriendNomination, NominationThanks } from '../../src/domain/contracts/nomination';
import { limits } from '../../src/domain/limits';
import { firstNominationError, normaliseNomination } from '../../src/domain/nomination';
import { authenticatedMemberId, requireMember } from '../auth/memberAuth';
import type { Db } from '../db/database';
import { HttpError } from '../httpError';
import type { PhoneOptOutList } from '../privacy/phoneOptOuts';

export const nominationRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  optOuts: PhoneOptOutList;
  rateLimitPerMinute: number;
}> = async (app, { db, optOuts, rateLimitPerMinute }) => {
  app.post(
    '/api/nominate/friend',
    {
      schema: {
        summary: 'Nominate a friend',
        operationId: 'nominateFriend',
        description:
          'A signed-in member suggests a friend for Becca to invite. A number on the opt-out list is ' +
          'not stored, and the member is thanked all the same.',
        tags: ['nomination'],
        security: [{ memberToken: [] }],
        body: FriendNomination,
        response: { 200: NominationThanks, ...errorAnswers(400, 413, 415, 401, 422, 429) },
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
