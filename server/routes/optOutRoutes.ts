import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorAnswers } from '../../src/domain/contracts/errors';
import { OptOutDone, OptOutRequest } from '../../src/domain/contracts/optOut';
import { INVALID_PHONE } from '../../src/domain/fieldRules';
import { OPT_OUT_CONFIRMATION } from '../../src/domain/optOut';
import { toE164 } from '../../src/domain/phoneNumber';
import { HttpError } from '../httpError';
import type { PhoneOptOutList } from '../privacy/phoneOptOuts';

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
        summary: 'Never be nominated again',
        operationId: 'optOut',
        description:
          'Puts a number on the opt-out list and deletes any nomination of it. The answer is the same ' +
          'for every valid number, so it tells nobody whether the number was known.',
        tags: ['optOut'],
        body: OptOutRequest,
        response: { 200: OptOutDone, ...errorAnswers(400, 413, 415, 422, 429) },
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
