import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
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
import { ErrorDetail, SuccessMessage } from './schemas';

/** The same answer whether or not the number was already there, so nobody can probe who is waiting. */
const JOINED = "You're on the waitlist. We'll text you when a place opens up.";
const JOINED_BY_EMAIL = "You're on the waitlist. We'll write to you when a place opens up.";

const WaitlistBody = Type.Object(
  {
    phone_number: Type.Optional(Type.String({ maxLength: limits.phoneInputMaxLength })),
    name: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
    email: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);

export const waitlistRoutes: FastifyPluginAsyncTypebox<{ db: Db; rateLimitPerMinute: number }> = async (
  app,
  { db, rateLimitPerMinute },
) => {
  app.post(
    '/api/waitlist/join',
    {
      schema: {
        body: WaitlistBody,
        response: { 200: SuccessMessage, 422: ErrorDetail, 429: ErrorDetail },
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
