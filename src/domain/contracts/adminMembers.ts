import { Type, type Static } from '@sinclair/typebox';
import { outcomeFields } from './adminAudit';
import { InviteCodeView } from './adminInviteCodes';
import { exampleEntry, exampleMember } from './examples';
import { MemberStatus, storedProfileProperties } from './member';
import {
  EntryKind,
  FilterText,
  Filters,
  MemberId,
  NullableText,
  NullableTimestamp,
  Timestamp,
} from './common';
import { WIRE_FIELD_NAMES, registrationFieldValuesOf } from '../registrationFields';

/** Members as the operator sees them (`npm run members`, the console): never the photo bytes. */

const exampleView = {
  id: exampleMember.user_id,
  ...registrationFieldValuesOf(exampleMember),
  looking_for: exampleMember.looking_for,
  interests: exampleMember.interests,
  invite_code: 'K7MPQ4RXTW',
  status: 'linked',
  registered_at: '2026-11-21T09:30:00.000Z',
  linked_at: '2026-11-21T09:41:00.000Z',
  onboarded_at: null,
  linking_code_expires_at: '2026-11-28T09:30:00.000Z',
  linking_code_used_at: '2026-11-21T09:41:00.000Z',
  who_i_know: [{ kind: exampleEntry.kind, name: exampleEntry.name, location: exampleEntry.location }],
  photos: [{ position: 0, width: 960, height: 1280, bytes: 184_320 }],
};

export const MemberView = Type.Object(
  {
    id: Type.String(),
    ...storedProfileProperties(WIRE_FIELD_NAMES),
    invite_code: Type.String({ description: 'The code they registered with.' }),
    status: MemberStatus,
    registered_at: Timestamp(),
    linked_at: NullableTimestamp(),
    onboarded_at: NullableTimestamp(),
    linking_code_expires_at: Timestamp(),
    linking_code_used_at: NullableTimestamp(),
    who_i_know: Type.Array(
      Type.Object({
        kind: EntryKind,
        name: Type.String(),
        location: Type.String(),
      }),
    ),
    photos: Type.Array(
      Type.Object({
        position: Type.Integer(),
        width: Type.Integer(),
        height: Type.Integer(),
        bytes: Type.Integer(),
      }),
    ),
  },
  { description: 'Everything stored about a member but the photo bytes.', examples: [exampleView] },
);
export type MemberView = Static<typeof MemberView>;

export const MemberInviter = Type.Object(
  {
    id: Type.String({ description: 'The inviter’s member id, or an erased inviter’s anonymous node.' }),
    first_name: NullableText('Null for an erased inviter.'),
    erased: Type.Boolean({ description: 'The inviter has erased their account since.' }),
  },
  { description: 'The member whose quota held the code this member registered with.' },
);
export type MemberInviter = Static<typeof MemberInviter>;

const exampleDetail = {
  ...exampleView,
  invited_by: { id: '9b2e4c1d-5a6f-4e7b-8c9d-0e1f2a3b4c5d', first_name: 'Grace', erased: false },
  invites: [
    {
      code: 'P3NXQ8RTVW',
      label: null,
      uses: 0,
      max_uses: 1,
      expires_at: null,
      status: 'valid',
      created_at: '2026-11-21T09:42:00.000Z',
    },
  ],
};

/** One member for the console's member page: the view, who invited them and the codes they hold. */
export const MemberDetail = Type.Object(
  {
    ...MemberView.properties,
    invited_by: Type.Union([MemberInviter, Type.Null()], {
      description: 'Null when they joined with an operator’s code.',
    }),
    invites: Type.Array(InviteCodeView, { description: 'The codes of their own quota, oldest first.' }),
  },
  {
    description:
      'Everything stored about a member but the photo bytes, with who invited them and their invites.',
    examples: [exampleDetail],
  },
);
export type MemberDetail = Static<typeof MemberDetail>;

export const MemberQuery = Filters({
  search: FilterText('Part of a first or last name, or a whole member id.'),
});
export type MemberQuery = Static<typeof MemberQuery>;

/**
 * A member as a list shows them: names, status, dates and the code they came with; the phone masked
 * (`+44 7912 ••• 678`). The whole record is one member's read, which the audit trail records.
 */
export const MemberSummary = Type.Object(
  {
    id: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    phone: Type.String({ description: 'Masked: country code, first and last digits only.' }),
    invite_code: Type.String({ description: 'The code they registered with.' }),
    status: MemberStatus,
    registered_at: Timestamp(),
    linked_at: NullableTimestamp(),
    onboarded_at: NullableTimestamp(),
  },
  {
    description: 'A member in a list: no full phone, no profile.',
    examples: [
      {
        id: exampleView.id,
        first_name: exampleView.first_name,
        last_name: exampleView.last_name,
        phone: '+44 7911 ••• 456',
        invite_code: exampleView.invite_code,
        status: exampleView.status,
        registered_at: exampleView.registered_at,
        linked_at: exampleView.linked_at,
        onboarded_at: exampleView.onboarded_at,
      },
    ],
  },
);
export type MemberSummary = Static<typeof MemberSummary>;

export const MemberList = Type.Array(MemberSummary, {
  description: 'Members, oldest first, as a list shows them (phones masked).',
  examples: [MemberSummary.examples],
});

export const MemberIdParams = Type.Object({
  id: MemberId(),
});

export const MemberExportList = Type.Object(
  { members: Type.Array(MemberView), effect: outcomeFields.effect },
  {
    description: 'Every member, for a CSV; the export is recorded in the audit trail.',
    examples: [{ members: [exampleView], effect: 'exported 1 member' }],
  },
);
export type MemberExportList = Static<typeof MemberExportList>;

export const MemberErased = Type.Object(
  { erased: Type.Boolean({ description: 'True: gone (or, in a dry run, would be).' }), ...outcomeFields },
  {
    examples: [
      {
        erased: true,
        effect: 'erased a member: 1 photo, 1 network entry, 0 nominations, 2 unused invite codes',
        dry_run: false,
      },
    ],
  },
);
export type MemberErased = Static<typeof MemberErased>;
