import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../limits';
import { outcomeFields } from './adminAudit';

/** The webhook outbox as the operator sees it (`npm run webhooks`, the console). */

const nullable = <T extends ReturnType<typeof Type.String | typeof Type.Integer>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const WebhookEventView = Type.Object(
  {
    id: Type.String({ description: 'The `webhook-id`, the same on every attempt.' }),
    type: Type.String(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
    attempts: Type.Integer({ minimum: 0 }),
    last_status: nullable(Type.Integer({ description: 'The receiver’s last HTTP status.' })),
    last_error: nullable(Type.String({ description: 'Why the last attempt got no answer.' })),
    next_attempt_at: Type.String({ format: 'date-time' }),
    created_at: Type.String({ format: 'date-time' }),
    delivered_at: nullable(Type.String({ format: 'date-time' })),
  },
  {
    examples: [
      {
        id: 'msg_2p8Qm3VtZ1cX9hR4kL7nB0aE',
        type: 'member.linked',
        status: 'failed',
        attempts: 8,
        last_status: 503,
        last_error: null,
        next_attempt_at: '2026-11-25T10:00:00.000Z',
        created_at: '2026-11-24T10:00:00.000Z',
        delivered_at: null,
      },
    ],
  },
);
export type WebhookEventView = Static<typeof WebhookEventView>;

export const WebhookEventList = Type.Array(WebhookEventView, {
  description: 'The newest 200 events, newest first.',
  examples: [WebhookEventView.examples],
});

export const WebhookEventParams = Type.Object({
  id: Type.String({ maxLength: limits.admin.webhookEventIdMaxLength }),
});

export const WebhookRetried = Type.Object(
  { event: WebhookEventView, effect: outcomeFields.effect },
  {
    examples: [
      {
        event: { ...WebhookEventView.examples[0], status: 'pending' },
        effect: 'queued member.linked for delivery now',
      },
    ],
  },
);
export type WebhookRetried = Static<typeof WebhookRetried>;
