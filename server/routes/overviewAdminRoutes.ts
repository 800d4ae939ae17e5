import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminOverview } from '../../src/domain/contracts/adminOverview';
import { readAdminOverview } from '../operator/funnelQueries';
import { adminPaths } from '../../src/domain/contracts/adminPaths';
import { adminOperation } from './adminOperation';
import type { AdminRouteOptions } from './adminRoutes';

/**
 * The operator console's first page: the funnel per cohort, registrations per day, the waitlist.
 * Registered inside adminRoutes, whose guard stands in front of it.
 */
export const overviewAdminRoutes: FastifyPluginAsyncTypebox<AdminRouteOptions> = async (
  app,
  { database: { db } },
) => {
  app.get(
    adminPaths.getOverview.path,
    {
      schema: adminOperation({
        summary: 'How the network grows',
        operationId: 'getOverview',
        description:
          'The funnel (codes issued → checked → members registered → linked → onboarded) overall and per code label, registrations per day over the last 30 days, and how long the waitlist is.',
        response: { 200: AdminOverview },
      }),
    },
    async () => readAdminOverview(db),
  );
};
