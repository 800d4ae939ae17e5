import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../limits';
import { REASON_MAX_LENGTH } from './adminAudit';
import { NullableText, NullableTimestamp, Timestamp } from './common';
import { PartnerFunnel } from './partner';

/** Community partners as the operator reviews them (`npm run communities`, the admin API; issue 50). */

export const communityApplicationStatuses = ['pending', 'approved', 'declined'] as const;

const nullableText = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

export const CommunityApplicationView = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    organiser_name: Type.String(),
    community_name: Type.String(),
    about: Type.String(),
    city: Type.String(),
    expected_size: Type.Integer(),
    contact_phone: Type.String({
      description: 'Masked; the approval’s wa.me link goes to the whole number.',
    }),
    status: Type.Union(communityApplicationStatuses.map((status) => Type.Literal(status))),
    applied_at: Type.String({ format: 'date-time' }),
    decided_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    community_id: nullableText('The community an approval made.'),
  },
  {
    examples: [
      {
        id: 3,
        organiser_name: 'Ada Lovelace',
        community_name: 'Hackney Founders Breakfast',
        about: 'A monthly breakfast for people building companies in east London, about forty of us.',
        city: 'London',
        expected_size: 40,
        contact_phone: '+44 7911 ••• 456',
        status: 'pending',
        applied_at: '2026-11-20T09:14:00.000Z',
        decided_at: null,
        community_id: null,
      },
    ],
  },
);
export type CommunityApplicationView = Static<typeof CommunityApplicationView>;

export const CommunityApplicationList = Type.Object(
  { community_applications: Type.Array(CommunityApplicationView) },
  {
    description: 'Every application, oldest first.',
    examples: [{ community_applications: CommunityApplicationView.examples }],
  },
);
export type CommunityApplicationList = Static<typeof CommunityApplicationList>;

export const ApplicationParams = Type.Object({
  id: Type.String({
    pattern: '^[1-9][0-9]{0,8}$',
    maxLength: 9,
    description: 'The application’s number, as `list` shows it.',
    examples: ['3'],
  }),
});
export const CommunityParams = Type.Object({
  id: Type.String({
    format: 'uuid',
    maxLength: limits.apiText.idMaxLength,
    description: 'The community, as its approval answered it.',
    examples: ['0b8c7f5e-3f0e-4d55-9d55-1f6c2d1b7a10'],
  }),
});

const reason = Type.String({
  minLength: 1,
  maxLength: REASON_MAX_LENGTH,
  description: 'Why, in the operator’s words; kept in the audit trail.',
});

export const CommunityApproval = Type.Object(
  {
    quota: Type.Optional(
      Type.Integer({
        format: 'int32',
        minimum: limits.community.quota.min,
        maximum: limits.community.quota.max,
        description: `How many people the community’s live event links may admit in all (${limits.community.defaultQuota} unless told).`,
      }),
    ),
    reason: Type.Optional(reason),
  },
  {
    additionalProperties: false,
    description: 'Approve an application: the community, its organiser’s account and a sign-in link.',
    examples: [{ quota: 60, reason: 'Met Ada at the October breakfast' }],
  },
);
export type CommunityApproval = Static<typeof CommunityApproval>;

export const CommunityDecline = Type.Object(
  { reason },
  {
    additionalProperties: false,
    description: 'Decline an application, saying why (kept in the audit trail).',
    examples: [{ reason: 'A dating club: not what Becca is for' }],
  },
);
export type CommunityDecline = Static<typeof CommunityDecline>;

const organiserSignInExample = {
  community_id: '0b8c7f5e-3f0e-4d55-9d55-1f6c2d1b7a10',
  organiser: 'ada-lovelace-3',
  sign_in_url: 'https://becca.example/partner/sign-in/…',
  whatsapp_url: 'https://wa.me/447911123456?text=…',
};

export const OrganiserSignIn = Type.Object(
  {
    community_id: Type.String({ format: 'uuid' }),
    organiser: Type.String({
      description: 'The organiser’s account name (the audit trail says `organiser:<name>`).',
    }),
    sign_in_url: Type.String({ description: 'One-use, valid 72 hours; opens /partner.' }),
    whatsapp_url: Type.String({
      description: 'A wa.me link that sends the sign-in link to the organiser’s number.',
    }),
  },
  { description: 'The organiser’s way in: send the wa.me link.', examples: [organiserSignInExample] },
);
export type OrganiserSignIn = Static<typeof OrganiserSignIn>;

export const CommunityDeclined = Type.Object(
  { id: Type.Integer(), status: Type.Literal('declined'), effect: Type.String() },
  { examples: [{ id: 3, status: 'declined', effect: 'declined community application 3' }] },
);
export type CommunityDeclined = Static<typeof CommunityDeclined>;

export const communityStatuses = ['active', 'suspended'] as const;

export const CommunityView = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    organiser: NullableText('The organiser’s account name; null once it was removed.'),
    status: Type.Union(communityStatuses.map((status) => Type.Literal(status))),
    quota: Type.Integer({ minimum: 1 }),
    uses_left: Type.Integer({ minimum: 0, description: 'Places not yet given to a live event link.' }),
    live_links: Type.Integer({ minimum: 0, description: 'Event links that still admit people.' }),
    funnel: PartnerFunnel,
    created_at: Timestamp(),
    suspended_at: NullableTimestamp('When an operator suspended it: its links stopped admitting.'),
  },
  {
    examples: [
      {
        id: '0b8c7f5e-3f0e-4d55-9d55-1f6c2d1b7a10',
        name: 'Hackney Founders Breakfast',
        organiser: 'ada-lovelace-3',
        status: 'active',
        quota: 100,
        uses_left: 70,
        live_links: 2,
        funnel: { checked: 1, registered: 12, linked: 10, onboarded: 7 },
        created_at: '2026-11-21T10:02:00.000Z',
        suspended_at: null,
      },
    ],
  },
);
export type CommunityView = Static<typeof CommunityView>;

export const CommunityList = Type.Object(
  { communities: Type.Array(CommunityView) },
  { description: 'Every community, newest first.', examples: [{ communities: CommunityView.examples }] },
);
export type CommunityList = Static<typeof CommunityList>;

export const CommunitySuspension = Type.Object(
  { reason },
  {
    additionalProperties: false,
    description: 'Suspend a community, saying why (kept in the audit trail).',
    examples: [{ reason: 'Links shared on a public forum' }],
  },
);
export type CommunitySuspension = Static<typeof CommunitySuspension>;

export const CommunitySuspended = Type.Object(
  {
    community_id: Type.String({ format: 'uuid' }),
    status: Type.Literal('suspended'),
    suspended_at: Timestamp(),
    effect: Type.String(),
  },
  {
    description: 'Its event links admit nobody now and its organiser’s sessions have ended.',
    examples: [
      {
        community_id: '0b8c7f5e-3f0e-4d55-9d55-1f6c2d1b7a10',
        status: 'suspended',
        suspended_at: '2026-11-28T16:00:00.000Z',
        effect: 'suspended community Hackney Founders Breakfast: 2 live links stopped, 1 session ended',
      },
    ],
  },
);
export type CommunitySuspended = Static<typeof CommunitySuspended>;
