import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditList, AuditQuery } from '../../src/domain/contracts/adminAudit';
import { errorAnswers } from '../../src/domain/contracts/errors';
import { calendarDateProblem } from '../../src/domain/calendarDate';
import { listAudit } from '../admin/auditTrail';
import { HttpError } from '../httpError';
import { adminPaths } from '../../src/domain/contracts/adminPaths';
import { adminOperation } from './adminOperation';
import type { AdminRouteOptions } from './adminRoutes';

/**
 * `npm run audit -- list` and the console's audit log: who did what, to what, when and why. Reading
 * the trail is not itself recorded: it holds no personal data, and a row per look would bury the rest.
 */
export const auditAdminRoutes: FastifyPluginAsyncTypebox<AdminRouteOptions> = async (
  app,
  { database: { db }, auditHashKey },
) => {
  app.get(
    adminPaths.listAuditEntries.path,
    {
      schema: adminOperation({
        summary: 'The operators’ audit trail',
        operationId: 'listAuditEntries',
        description:
          'Every operator action that changed something or read personal data, every sign-in and sign-out, and every attempt a role refused, filtered by action, target, actor, session and day.',
        querystring: AuditQuery,
        response: { 200: AuditList, ...errorAnswers(422) },
      }),
    },
    async (request) => {
      const { since } = request.query;
      const problem = since === undefined ? undefined : calendarDateProblem('The day', since);
      if (problem) throw new HttpError(422, problem);
      return listAudit(db, auditHashKey, request.query);
    },
  );
};
