import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminOverview } from '../../src/domain/contracts/adminOverview';
import type { Db } from '../db/database';
import { readAdminOverview } from '../operator/funnelQueries';
import { ErrorDetail } from './schemas';

/**
 * The operator console's first page: the funnel per cohort, registrations per day, the waitlist.
 * Registered inside adminRoutes, whose guard stands in front of it.
 */
export const overviewAdminRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/admin/overview',
    {
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
