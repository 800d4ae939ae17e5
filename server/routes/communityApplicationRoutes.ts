import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  checkCommunityApplication,
  COMMUNITY_APPLICATION_RECEIVED,
} from '../../src/domain/communityApplication';
import {
  CommunityApplicationReceived,
  CommunityApplicationRequest,
} from '../../src/domain/contracts/communityApplication';
import { errorAnswers } from '../../src/domain/contracts/errors';
import { limits } from '../../src/domain/limits';
import { storeCommunityApplication } from '../communities/communityApplicationStore';
import type { Db } from '../db/database';
import { HttpError } from '../httpError';

/**
 * "Partner with Becca" on /communities. Rate-limited as the waitlist is (WAITLIST_RATE_LIMIT per
 * client per minute): both are open forms that store what a stranger types.
 */
export const communityApplicationRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  rateLimitPerMinute: number;
}> = async (app, { db, rateLimitPerMinute }) => {
  app.post(
    '/api/community-applications',
    {
      schema: {
        summary: 'Apply to partner with Becca',
        operationId: 'applyAsCommunity',
        description:
          'An organiser tells us about their community; an operator approves (the organiser gets a sign-in link on WhatsApp) or declines it. The answer is the same whether or not this community had applied already.',
        tags: ['communities'],
        body: CommunityApplicationRequest,
        response: { 202: CommunityApplicationReceived, ...errorAnswers(400, 413, 415, 422, 429) },
      },
      config: {
        rateLimit: { max: rateLimitPerMinute, timeWindow: limits.rateLimits.waitlistJoin.timeWindowMs },
      },
    },
    async (request, reply) => {
      const checked = checkCommunityApplication(request.body);
      if (!checked.ok) throw new HttpError(422, checked.message);
      await storeCommunityApplication(db, checked.application);
      return reply.code(202).send({ success: true, message: COMMUNITY_APPLICATION_RECEIVED });
    },
  );
};
