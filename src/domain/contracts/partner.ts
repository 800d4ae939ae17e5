import { Type, type Static } from '@sinclair/typebox';
import { CALENDAR_DATE_PATTERN } from '../calendarDate';
import { limits } from '../limits';

/**
 * The organiser's area (`/api/partner/*`, issue 50): their community's counts and event links. Counts
 * only, by design: no answer here carries a member's name, phone, photo or id.
 */

export const PartnerFunnel = Type.Object(
  {
    checked: Type.Integer({ minimum: 0, description: 'Links whose code someone opened and checked.' }),
    registered: Type.Integer({ minimum: 0, description: 'People who registered through them.' }),
    linked: Type.Integer({ minimum: 0, description: 'Of those, who started their WhatsApp chat.' }),
    onboarded: Type.Integer({ minimum: 0, description: 'Of those, who finished onboarding.' }),
  },
  { description: 'How far people came, counted; never who.' },
);
export type PartnerFunnel = Static<typeof PartnerFunnel>;

export const eventLinkStatuses = ['active', 'used_up', 'expired', 'revoked'] as const;

export const EventLinkRequest = Type.Object(
  {
    label: Type.String({
      maxLength: limits.apiText.communityTextMaxLength,
      description: 'The event’s name.',
    }),
    max_uses: Type.Integer({
      format: 'int32',
      minimum: 1,
      maximum: limits.community.quota.max,
      description: 'How many people may register through it.',
    }),
    expires_on: Type.String({
      pattern: CALENDAR_DATE_PATTERN,
      maxLength: 10,
      description: 'Its last day (YYYY-MM-DD, UTC): it works through that day.',
    }),
  },
  {
    additionalProperties: false,
    description: 'A capped, expiring invite link for one event, counted against the community’s quota.',
    examples: [{ label: 'November breakfast', max_uses: 30, expires_on: '2026-11-30' }],
  },
);
export type EventLinkRequest = Static<typeof EventLinkRequest>;

const eventLinkFields = {
  code: Type.String(),
  label: Type.String(),
  max_uses: Type.Integer({ minimum: 1 }),
  uses: Type.Integer({ minimum: 0 }),
  status: Type.Union(eventLinkStatuses.map((status) => Type.Literal(status))),
  expires_on: Type.String({ pattern: CALENDAR_DATE_PATTERN }),
  share_url: Type.String({
    description: 'The /join address with the code filled in: for the QR and the chat.',
  }),
};
const linkExample = {
  code: 'KXQ7MDPWRT',
  label: 'November breakfast',
  max_uses: 30,
  uses: 12,
  status: 'active' as const,
  expires_on: '2026-11-30',
  share_url: 'https://becca.example/join?code=KXQ7MDPWRT',
};

export const EventLink = Type.Object(eventLinkFields, {
  description: 'One event link.',
  examples: [linkExample],
});
export type EventLink = Static<typeof EventLink>;

export const EventLinkWithFunnel = Type.Object({ ...eventLinkFields, funnel: PartnerFunnel });
export type EventLinkWithFunnel = Static<typeof EventLinkWithFunnel>;

const funnelExample = { checked: 1, registered: 12, linked: 10, onboarded: 7 };

export const EventLinkList = Type.Object(
  { event_links: Type.Array(EventLinkWithFunnel) },
  {
    description: 'The community’s event links, newest first, each with its counts.',
    examples: [{ event_links: [{ ...linkExample, funnel: funnelExample }] }],
  },
);
export type EventLinkList = Static<typeof EventLinkList>;

export const EventLinkParams = Type.Object({
  code: Type.String({ maxLength: limits.inviteCode.maxLength + 10 }),
});

export const PartnerCommunity = Type.Object(
  {
    community_id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    quota: Type.Integer({ minimum: 1 }),
    uses_left: Type.Integer({
      minimum: 0,
      description:
        'Places not yet given to a link: the quota less the caps of live links and what ended links used.',
    }),
    funnel: PartnerFunnel,
  },
  {
    description: 'The organiser’s community and its counts across every link.',
    examples: [
      {
        community_id: '0b8c7f5e-3f0e-4d55-9d55-1f6c2d1b7a10',
        name: 'Hackney Founders Breakfast',
        quota: 100,
        uses_left: 70,
        funnel: funnelExample,
      },
    ],
  },
);
export type PartnerCommunity = Static<typeof PartnerCommunity>;
