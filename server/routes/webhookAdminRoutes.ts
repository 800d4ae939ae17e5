import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  WebhookEventList,
  WebhookEventParams,
  WebhookRetried,
} from '../../src/domain/contracts/adminWebhooks';
import { performOperatorAction } from './operatorAction';
import { actorOf } from '../admin/operatorActor';
import { HttpError } from '../httpError';
import { listWebhookEvents, retryWebhookEvent, toWebhookEventView } from '../webhooks/outbox';
import { adminPaths } from '../../src/domain/contracts/adminPaths';
import { adminOperation } from './adminOperation';
import type { AdminRouteOptions } from './adminRoutes';

/** `npm run webhooks` and the console's webhooks: the outbox's recent events, and a retry. */
export const webhookAdminRoutes: FastifyPluginAsyncTypebox<AdminRouteOptions> = async (
  app,
  { database: { db } },
) => {
  app.get(
    adminPaths.listWebhookEvents.path,
    {
      schema: adminOperation({
        summary: 'Recent webhook events',
        operationId: 'listWebhookEvents',
        description: 'The newest 200 events with their delivery state, attempts and last answer.',
        response: { 200: WebhookEventList },
      }),
    },
    async () => (await listWebhookEvents(db)).map(toWebhookEventView),
  );

  app.post(
    adminPaths.retryWebhookEvent.path,
    {
      schema: adminOperation({
        summary: 'Send a webhook event again',
        operationId: 'retryWebhookEvent',
        description: 'Due now, with a fresh retry window and the same `webhook-id`.',
        params: WebhookEventParams,
        response: { 200: WebhookRetried },
      }),
    },
    async (request) => {
      const { id } = request.params;
      const { result, effect } = await performOperatorAction(
        db,
        { actor: actorOf(request), action: 'webhooks.retry', target: id },
        false,
        async (tx) => {
          const row = await retryWebhookEvent(tx, id);
          if (!row) throw new HttpError(404, `No webhook event ${id}.`);
          return { result: toWebhookEventView(row), effect: `queued ${row.type} for delivery now` };
        },
      );
      return { event: result, effect };
    },
  );
};
