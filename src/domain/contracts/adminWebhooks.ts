import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../limits';
import { outcomeFields } from './adminAudit';
import { Count, Nullable, NullableText, NullableTimestamp, Timestamp } from './common';

/** The webhook outbox as the operator sees it (`npm run webhooks`, the console). */

export const WebhookEventView = Type.Object(
  {
    id: Type.String({ description: 'The `webhook-id`, the same on every attempt.' }),
    type: Type.String(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
    attempts: Count(),
    last_status: Nullable(Type.Integer({ description: 'The receiver’s last HTTP status.' })),
    last_error: NullableText('Why the last attempt got no answer.'),
    next_attempt_at: Timestamp(),
    created_at: Timestamp(),
    delivered_at: NullableTimestamp(),
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
