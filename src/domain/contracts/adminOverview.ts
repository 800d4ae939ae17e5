import { Type, type Static } from '@sinclair/typebox';
import { REGISTRATION_DAYS } from '../funnel';
import { Count, NullableText, NullableTimestamp } from './common';

/**
 * `GET /api/admin/overview`: how the network grows, for the operator console's first page. The
 * server declares this schema for its answer and the console's RTK Query endpoint is typed from it
 * (types only: the console takes the stages from src/domain/funnel.ts, and no TypeBox with them).
 */

export const FunnelCounts = Type.Object(
  {
    issued: Count('Invite codes created.'),
    checked: Count('Of those codes, how many someone checked and found valid at least once.'),
    registered: Count(
      'Members who registered with those codes (members who erased their account are not counted).',
    ),
    linked: Count('Of those members, how many linked their WhatsApp chat.'),
    onboarded: Count('Of those members, how many finished onboarding with the assistant.'),
  },
  {
    description:
      'Codes issued → codes checked → members registered → members linked → members onboarded. The first two count codes, the rest count people: a code that admits several people can have more registrations than codes.',
  },
);
export type FunnelCounts = Static<typeof FunnelCounts>;

export const CohortFunnel = Type.Object(
  {
    label: NullableText('The codes’ label (`invite create --label`); null for codes issued without one.'),
    counts: FunnelCounts,
  },
  { description: 'One cohort: the codes that share a label.' },
);
export type CohortFunnel = Static<typeof CohortFunnel>;

export const CommunityFunnel = Type.Object(
  {
    community_id: Type.String({ description: 'The community’s id (a UUID).' }),
    name: Type.String({ description: 'The community’s name.' }),
    counts: FunnelCounts,
  },
  { description: 'One community partner (issue 50): the event links its organiser made.' },
);
export type CommunityFunnel = Static<typeof CommunityFunnel>;

export const RegistrationDay = Type.Object({
  date: Type.String({ format: 'date', description: 'A day in UTC, YYYY-MM-DD.' }),
  registrations: Count('Members who registered that day and still have an account.'),
});
export type RegistrationDay = Static<typeof RegistrationDay>;

export const WaitlistSummary = Type.Object({
  waiting: Count('Entries not yet sent an invitation.'),
  oldest_waiting_since: NullableTimestamp(
    'When the longest-waiting entry joined the waitlist; null when nobody is waiting.',
  ),
});
export type WaitlistSummary = Static<typeof WaitlistSummary>;

export const AdminOverview = Type.Object(
  {
    funnel: Type.Object({
      overall: FunnelCounts,
      cohorts: Type.Array(CohortFunnel, { description: 'Every label, the most recently issued first.' }),
      communities: Type.Array(CommunityFunnel, {
        description:
          'Every community with an event link, the most recently issued first: the same codes are also in `cohorts`, under their labels.',
      }),
    }),
    registrations_per_day: Type.Array(RegistrationDay, {
      description: `The last ${REGISTRATION_DAYS} days, oldest first, today last; a day without registrations is 0.`,
    }),
    waitlist: WaitlistSummary,
  },
  {
    description: 'The funnel overall, per cohort and per community, registrations per day, and the waitlist.',
    examples: [
      {
        funnel: {
          overall: { issued: 40, checked: 31, registered: 27, linked: 20, onboarded: 14 },
          cohorts: [
            {
              label: 'London meetup',
              counts: { issued: 30, checked: 24, registered: 21, linked: 16, onboarded: 12 },
            },
            { label: null, counts: { issued: 10, checked: 7, registered: 6, linked: 4, onboarded: 2 } },
          ],
          communities: [
            {
              community_id: '0b8c7f5e-3f0e-4d55-9d55-1f6c2d1b7a10',
              name: 'Hackney Founders Breakfast',
              counts: { issued: 2, checked: 2, registered: 12, linked: 10, onboarded: 7 },
            },
          ],
        },
        registrations_per_day: [
          { date: '2026-11-24', registrations: 3 },
          { date: '2026-11-25', registrations: 5 },
        ],
        waitlist: { waiting: 12, oldest_waiting_since: '2026-10-02T09:14:00.000Z' },
      },
    ],
  },
);
export type AdminOverview = Static<typeof AdminOverview>;
