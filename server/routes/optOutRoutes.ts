import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { INVALID_PHONE } from '../../src/domain/fieldRules';
import { limits } from '../../src/domain/limits';
import { OPT_OUT_CONFIRMATION } from '../../src/domain/optOut';
import { toE164 } from '../../src/domain/phoneNumber';
import { HttpError } from '../httpError';
import type { PhoneOptOutList } from '../privacy/phoneOptOuts';
import { ErrorDetail, SuccessMessage } from './schemas';

/**
 * `POST /api/opt-out {phone}`: anyone may put their number on the opt-out list. The answer is the
 * same whether or not the number was nominated, registered or already on the list, so the endpoint
 * tells nobody anything about a number.
 */
export const optOutRoutes: FastifyPluginAsyncTypebox<{
  optOuts: PhoneOptOutList;
  rateLimitPerMinute: number;
}> = async (app, { optOuts, rateLimitPerMinute }) => {
  app.post(
    '/api/opt-out',
    {
      schema: {
        body: Type.Object(
          { phone: Type.String({ maxLength: limits.phoneInputMaxLength }) },
          { additionalProperties: false },
        ),
        response: { 200: SuccessMessage, 422: ErrorDetail, 429: ErrorDetail },
      },
      config: { rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const phone = toE164(request.body.phone);
      if (!phone) throw new HttpError(422, INVALID_PHONE);
      await optOuts.optOut(phone);
      return reply.header('cache-control', 'no-store').send({ success: true, message: OPT_OUT_CONFIRMATION });
    },
  );
};
