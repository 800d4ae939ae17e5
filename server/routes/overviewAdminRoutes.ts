import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminOverview } from '../../src/domain/contracts/adminOverview';
import type { Db } from '../db/database';
import { readAdminOverview } from '../operator/funnelQueries';
import { loopbackAdminGuard } from '../operator/loopbackAdminGuard';
import { ErrorDetail } from './schemas';

export interface OverviewAdminRouteOptions {
  db: Db;
  adminToken: string;
  appUrl: string;
}

/** The operator console's first page: the funnel per cohort, registrations per day, the waitlist. */
export const overviewAdminRoutes: FastifyPluginAsyncTypebox<OverviewAdminRouteOptions> = async (
  app,
  { db, adminToken, appUrl },
) => {
  app.get(
    '/api/admin/overview',
    {
      onRequest: loopbackAdminGuard({ adminToken, appUrl }),
      schema: {
        summary: 'How the network grows',
        description:
          'The funnel (codes issued → checked → members registered → linked → onboarded) overall and per code label, registrations per day over the last 30 days, and how long the waitlist is.',
        tags: ['admin'],
        security: [{ adminToken: [] }, { operatorSession: [] }],
        response: { 200: AdminOverview, 404: ErrorDetail },
      },
    },
    async () => readAdminOverview(db),
  );
};
