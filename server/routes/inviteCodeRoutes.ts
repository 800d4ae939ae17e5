import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorAnswers } from '../../src/domain/contracts/errors';
import { InviteCodeParams, InviteCodeValidation } from '../../src/domain/contracts/inviteCode';
import { limits } from '../../src/domain/limits';
import type { Db } from '../db/database';
import {
  findInviteCode,
  inviteCodeMessages,
  inviteCodeState,
  recordFirstCheck,
} from '../invites/inviteCodeStore';
import type { AttemptLimit } from '../rateLimits/attemptLimits';

export interface InviteCodeRouteOptions {
  db: Db;
  /**
   * Failed checks per client: only an answer of valid:false counts, so a room of people with good
   * codes on one address is never refused while guessing a 10-letter code stays hopeless.
   */
  failedChecks: AttemptLimit;
}

export const inviteCodeRoutes: FastifyPluginAsyncTypebox<InviteCodeRouteOptions> = async (
  app,
  { db, failedChecks },
) => {
  app.get(
    '/api/auth/validate-code/:code',
    {
      schema: {
        summary: 'Check an invite code',
        operationId: 'validateInviteCode',
        description:
          'Whether the code admits a registration right now. Failed checks count against the client: ' +
          'past the limit, 429.',
        tags: ['inviteCode'],
        params: InviteCodeParams,
        response: { 200: InviteCodeValidation, ...errorAnswers(429) },
      },
      config: { attemptLimited: true },
      preHandler: async (request) => failedChecks.checkClient(request),
    },
    async (request) => {
      const code = request.params.code.trim();
      // Longer than any code we issue: not worth a query, and the answer is the same.
      const row = code.length <= limits.inviteCode.maxLength ? await findInviteCode(db, code) : undefined;
      const state = inviteCodeState(row);
      app.metrics.inviteValidations.inc({ outcome: state });
      if (state !== 'valid') await failedChecks.countClient(request);
      else if (row) await recordFirstCheck(db, row);
      return { valid: state === 'valid', message: inviteCodeMessages[state] };
    },
  );
};
