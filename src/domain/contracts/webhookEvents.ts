import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { limits } from '../limits';
import { Timestamp } from './common';

/**
 * The events we POST to the assistant's webhook (Standard Webhooks), one schema per event type.
 * The outbox writes these bodies and the OpenAPI document publishes them under `webhooks`: a
 * receiver reads the same shapes the server is held to. No event carries secrets: no photo bytes,
 * no access token, no linking code.
 */

const UserId = Type.String({
  maxLength: limits.apiText.idMaxLength,
  description: "The member's id, as in the assistant's API.",
});
const BoundedTimestamp = (description: string) =>
  Timestamp({ maxLength: limits.apiText.dateMaxLength, description });

/** How a member came in: whose code they registered with (issue 50). No code, no person. */
const RegistrationSource = Type.Union(
  [
    Type.Object({ kind: Type.Literal('operator_code') }, { additionalProperties: false }),
    Type.Object({ kind: Type.Literal('member_invite') }, { additionalProperties: false }),
    Type.Object({ kind: Type.Literal('waitlist_invitation') }, { additionalProperties: false }),
    Type.Object(
      {
        kind: Type.Literal('community'),
        community_id: Type.String({
          maxLength: limits.apiText.idMaxLength,
          description: 'The community (a UUID).',
        }),
        link_label: Type.String({
          maxLength: limits.community.eventLinkLabelMaxLength,
          description: 'The event link’s label, as its organiser named it.',
        }),
      },
      { additionalProperties: false },
    ),
  ],
  {
    description:
      'How the member came in: an operator’s code, a member’s invite, a waitlist invitation, or a community’s event link (its id and label).',
  },
);

const MemberRegistered = Type.Object(
  {
    user_id: UserId,
    status: Type.Literal('registered'),
    registered_at: BoundedTimestamp('When the registration was stored.'),
    source: RegistrationSource,
  },
  { additionalProperties: false },
);

const MemberLinked = Type.Object(
  {
    user_id: UserId,
    // Linking never moves a member back: one already onboarded (some other way) stays onboarded.
    status: Type.Union([Type.Literal('linked'), Type.Literal('onboarded')]),
    linked_at: BoundedTimestamp('When the assistant matched the chat to the member.'),
  },
  { additionalProperties: false },
);

const MemberOnboarded = Type.Object(
  {
    user_id: UserId,
    status: Type.Literal('onboarded'),
    onboarded_at: BoundedTimestamp('When the first conversation (or call) was done.'),
  },
  { additionalProperties: false },
);

/** The member erased their data: forget them. Nothing but the id is left to send. */
const MemberDeleted = Type.Object({ user_id: UserId }, { additionalProperties: false });

/** Every event type we send, with what its `data` carries. A new event is added here (and to docs/api.md). */
export const webhookEventData = {
  'member.registered': MemberRegistered,
  'member.linked': MemberLinked,
  'member.onboarded': MemberOnboarded,
  'member.deleted': MemberDeleted,
} as const satisfies Record<string, TSchema>;

export type WebhookEventType = keyof typeof webhookEventData;
export const webhookEventTypes = Object.keys(webhookEventData) as WebhookEventType[];

export type WebhookEventData<Type extends WebhookEventType = WebhookEventType> = Static<
  (typeof webhookEventData)[Type]
>;

export type WebhookEventBody<Type extends WebhookEventType = WebhookEventType> = {
  [One in Type]: { type: One; timestamp: string; data: WebhookEventData<One> };
}[Type];

const MEMBER_ID = '6f1c2a9e-4b7d-4e0a-9c3b-2d5e8f1a7b40';
const exampleBodies: { [Type in WebhookEventType]: WebhookEventBody<Type> } = {
  'member.registered': {
    type: 'member.registered',
    timestamp: '2026-03-14T09:26:53.589Z',
    data: {
      user_id: MEMBER_ID,
      status: 'registered',
      registered_at: '2026-03-14T09:26:53.589Z',
      source: {
        kind: 'community',
        community_id: '0b8c7f5e-3f0e-4d55-9d55-1f6c2d1b7a10',
        link_label: 'November breakfast',
      },
    },
  },
  'member.linked': {
    type: 'member.linked',
    timestamp: '2026-03-14T09:31:02.114Z',
    data: { user_id: MEMBER_ID, status: 'linked', linked_at: '2026-03-14T09:31:02.114Z' },
  },
  'member.onboarded': {
    type: 'member.onboarded',
    timestamp: '2026-03-15T18:04:40.002Z',
    data: { user_id: MEMBER_ID, status: 'onboarded', onboarded_at: '2026-03-15T18:04:40.002Z' },
  },
  'member.deleted': {
    type: 'member.deleted',
    timestamp: '2026-04-02T11:15:00.000Z',
    data: { user_id: MEMBER_ID },
  },
};

/** What receivers get: Standard Webhooks' recommended envelope around one event's data. */
export function webhookEventBody<Type extends WebhookEventType>(type: Type) {
  return Type.Object(
    {
      type: Type.Literal(type),
      timestamp: BoundedTimestamp('When the change happened (not when this attempt was made).'),
      data: webhookEventData[type],
    },
    { additionalProperties: false, examples: [exampleBodies[type]] },
  );
}

/** The headers every delivery carries (https://www.standardwebhooks.com). */
export const standardWebhookHeaders = {
  'webhook-id': {
    description: "The event's id (`msg_…`), the same on every retry: deduplicate on it.",
    example: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
  },
  'webhook-timestamp': {
    description: 'When this attempt was signed, in Unix seconds; refuse one far from your clock.',
    example: '1773480413',
  },
  'webhook-signature': {
    description:
      'Space-separated `v1,<base64 HMAC-SHA256>` signatures of `<webhook-id>.<webhook-timestamp>.<body>` with WEBHOOK_SECRET.',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
} as const;
