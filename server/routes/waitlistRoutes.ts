import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorAnswers } from '../../src/domain/contracts/errors';
import { WaitlistJoinRequest, WaitlistJoined } from '../../src/domain/contracts/waitlist';
import { INVALID_PHONE } from '../../src/domain/fieldRules';
import { limits } from '../../src/domain/limits';
import { waitlistPhoneToE164 } from '../../src/domain/phoneNumber';
import { isVisiblyBlank } from '../../src/domain/textRules';
import {
  INVALID_EMAIL,
  isPlausibleEmail,
  normaliseEmail,
  validateWaitlistName,
} from '../../src/domain/waitlist';
import type { Db } from '../db/database';
import { HttpError } from '../httpError';
import { joinWaitlistByEmail, joinWaitlistByPhone } from '../waitlist/waitlistStore';

/** The same answer whether or not the number was already there, so nobody can probe who is waiting. */
const JOINED = "You're on the waitlist. We'll text you when a place opens up.";
const JOINED_BY_EMAIL = "You're on the waitlist. We'll write to you when a place opens up.";

export const waitlistRoutes: FastifyPluginAsyncTypebox<{ db: Db; rateLimitPerMinute: number }> = async (
  app,
  { db, rateLimitPerMinute },
) => {
  app.post(
    '/api/waitlist/join',
    {
      schema: {
        summary: 'Join the waitlist',
        operationId: 'joinWaitlist',
        description:
          'Leave a phone number (or, from the test harness, an e-mail address) to be told when a place ' +
          'opens. The answer is the same whether or not it was already there.',
        tags: ['waitlist'],
        body: WaitlistJoinRequest,
        response: { 200: WaitlistJoined, ...errorAnswers(400, 413, 415, 422, 429) },
      },
      config: {
        rateLimit: { max: rateLimitPerMinute, timeWindow: limits.rateLimits.waitlistJoin.timeWindowMs },
      },
    },
    async (request) => {
      const { phone_number: phoneNumber, name, email } = request.body;
      if (phoneNumber !== undefined) {
        const phone =
          phoneNumber.length <= limits.waitlistPhoneMaxLength ? waitlistPhoneToE164(phoneNumber) : null;
        if (!phone) throw new HttpError(422, INVALID_PHONE);
        const nameError = validateWaitlistName(name ?? undefined);
        if (nameError) throw new HttpError(422, nameError);
        // A name of nothing but invisible characters is no name at all.
        await joinWaitlistByPhone(db, phone, name && !isVisiblyBlank(name) ? name.trim() : undefined);
        return { success: true, message: JOINED };
      }
      if (email !== undefined) {
        if (!isPlausibleEmail(email)) throw new HttpError(422, INVALID_EMAIL);
        await joinWaitlistByEmail(db, normaliseEmail(email));
        return { success: true, message: JOINED_BY_EMAIL };
      }
      throw new HttpError(422, 'Please enter a phone number to join the waitlist.');
    },
  );
};
