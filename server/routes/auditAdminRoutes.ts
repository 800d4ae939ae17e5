import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditList, AuditQuery } from '../../src/domain/contracts/adminAudit';
import { listAudit } from '../admin/auditTrail';
import { adminOperation } from './adminOperation';
import type { AdminRouteOptions } from './adminRoutes';

/** `npm run audit -- list` and the console's audit log: who did what, to what, when and why. */
export const auditAdminRoutes: FastifyPluginAsyncTypebox<AdminRouteOptions> = async (
  app,
  { database: { db } },
) => {
  app.get(
    '/api/admin/audit',
    {
      schema: adminOperation({
        summary: 'The operators’ audit trail',
        operationId: 'listAuditEntries',
        description:
          'Every operator action that changed something or exported personal data, filtered by action, target, actor and day.',
        querystring: AuditQuery,
        response: { 200: AuditList },
      }),
    },
    async (request) => listAudit(db, request.query),
  );
};
