import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../limits';
import { changeFields, outcomeFields } from './adminAudit';

/** The waitlist as the operator runs it (`npm run waitlist`, the console): list, export, invite, purge. */

export const waitlistStatuses = ['waiting', 'invited', 'joined'] as const;
export type WaitlistStatus = (typeof waitlistStatuses)[number];

const nullableText = Type.Union([Type.String(), Type.Null()]);

export const WaitlistEntryView = Type.Object(
  {
    phone: nullableText,
    email: nullableText,
    name: nullableText,
    joined_at: Type.String({ format: 'date-time', description: 'When they joined the waitlist.' }),
    status: Type.Union(
      waitlistStatuses.map((status) => Type.Literal(status)),
      { description: 'waiting → invited (sent a code) → joined (registered).' },
    ),
  },
  {
    examples: [
      {
        phone: '+447912345678',
        email: null,
        name: 'Ada',
        joined_at: '2026-10-02T09:14:00.000Z',
        status: 'waiting',
      },
    ],
  },
);
export type WaitlistEntryView = Static<typeof WaitlistEntryView>;

export const WaitlistQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Union(
        waitlistStatuses.map((status) => Type.Literal(status)),
        { description: 'Only entries in this state.' },
      ),
    ),
  },
  { additionalProperties: false },
);
export type WaitlistQuery = Static<typeof WaitlistQuery>;

/** An entry as the list shows it: its id (to invite it), the phone and e-mail masked. */
export const WaitlistListEntry = Type.Object(
  {
    id: Type.Integer({
      minimum: 1,
      description: 'The entry, for `POST /api/admin/waitlist/invitations` `{id}`.',
    }),
    phone: Type.Union([Type.String(), Type.Null()], {
      description: 'Masked: country code, first and last digits only.',
    }),
    email: Type.Union([Type.String(), Type.Null()], { description: 'Masked: first letter and domain.' }),
    name: nullableText,
    joined_at: WaitlistEntryView.properties.joined_at,
    status: WaitlistEntryView.properties.status,
  },
  {
    examples: [
      {
        id: 7,
        phone: '+44 7912 ••• 678',
        email: null,
        name: 'Ada',
        joined_at: '2026-10-02T09:14:00.000Z',
        status: 'waiting',
      },
    ],
  },
);
export type WaitlistListEntry = Static<typeof WaitlistListEntry>;

export const WaitlistList = Type.Array(WaitlistListEntry, {
  description: 'Entries, oldest first, as a list shows them (phones and e-mails masked).',
  examples: [WaitlistListEntry.examples],
});

export const WaitlistExport = Type.Object(
  { entries: Type.Array(WaitlistEntryView), effect: outcomeFields.effect },
  {
    description: 'Every entry, for a CSV; the export is recorded in the audit trail.',
    examples: [{ entries: WaitlistEntryView.examples, effect: 'exported 1 waitlist entry' }],
  },
);
export type WaitlistExport = Static<typeof WaitlistExport>;

export const WaitlistInvite = Type.Union(
  [
    Type.Object(
      {
        phone: Type.String({
          minLength: 1,
          maxLength: limits.admin.typedPhoneMaxLength,
          description: 'A number on the waitlist, as typed.',
        }),
        reason: changeFields.reason,
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        id: Type.Integer({
          format: 'int32',
          minimum: 1,
          maximum: limits.admin.waitlistEntryIdMax,
          description: 'An entry of the list, by its id.',
        }),
        reason: changeFields.reason,
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        next: Type.Integer({
          format: 'int32',
          minimum: 1,
          maximum: limits.admin.inviteNextMax,
          description: 'The N longest-waiting numbers.',
        }),
        reason: changeFields.reason,
      },
      { additionalProperties: false },
    ),
  ],
  {
    description: 'One number (as typed, or an entry’s id), or the next N waiting.',
    examples: [{ next: 10, reason: 'Room for ten at the December dinner' }],
  },
);
export type WaitlistInvite = Static<typeof WaitlistInvite>;

export const WaitlistInvitation = Type.Object({
  phone: Type.String(),
  code: Type.String({ description: 'A one-use code bound to that number.' }),
  share_url: Type.String({ description: 'The /join link with the code.' }),
  whatsapp_url: Type.String({ description: 'A wa.me link to that number with the invitation typed in.' }),
});
export type WaitlistInvitation = Static<typeof WaitlistInvitation>;

export const WaitlistInvitations = Type.Object(
  { invitations: Type.Array(WaitlistInvitation), effect: outcomeFields.effect },
  {
    examples: [
      {
        invitations: [
          {
            phone: '+447912345678',
            code: 'K7MPQ4RXTW',
            share_url: 'https://becca.example.org/join?code=K7MPQ4RXTW',
            whatsapp_url: 'https://wa.me/447912345678?text=You%E2%80%99re%20invited',
          },
        ],
        effect: 'invited 1 waitlist entry',
      },
    ],
  },
);
export type WaitlistInvitations = Static<typeof WaitlistInvitations>;

export const PurgeRequest = Type.Object(
  {
    older_than_days: Type.Integer({
      format: 'int32',
      minimum: 1,
      maximum: limits.admin.retentionDaysMax,
      description: 'Rows older than this go.',
    }),
    ...changeFields,
  },
  {
    additionalProperties: false,
    examples: [{ older_than_days: 365, reason: 'Yearly retention', dry_run: true }],
  },
);
export type PurgeRequest = Static<typeof PurgeRequest>;

export const PurgeOutcome = Type.Object(
  {
    count: Type.Integer({ minimum: 0, description: 'Rows deleted, or that would be in a dry run.' }),
    cutoff: Type.String({ format: 'date-time' }),
    ...outcomeFields,
  },
  {
    examples: [
      {
        count: 4,
        cutoff: '2025-11-25T10:00:00.000Z',
        effect: 'deleted 4 waitlist entries older than 365 days',
        dry_run: false,
      },
    ],
  },
);
export type PurgeOutcome = Static<typeof PurgeOutcome>;
