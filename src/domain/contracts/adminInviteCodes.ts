import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../limits';
import { changeFields, outcomeFields } from './adminAudit';
import {
  CalendarDay,
  FilterText,
  Filters,
  MemberId,
  Nullable,
  NullableText,
  NullableTimestamp,
  OneOf,
  Timestamp,
} from './common';

/**
 * Invite codes as the operator runs them (`npm run invite`, the console): issue one or a cohort,
 * list, revoke, grant a member more, and the invite tree with its branches.
 */

export const MAX_CODES_PER_BATCH = limits.admin.codesPerBatchMax;
export const MAX_USES_PER_CODE = limits.admin.usesPerCodeMax;

export const inviteCodeStatuses = ['valid', 'expired', 'used up', 'revoked'] as const;

export const InviteCodeView = Type.Object(
  {
    code: Type.String(),
    label: NullableText('The cohort: codes issued together share it.'),
    uses: Type.Integer({ minimum: 0 }),
    max_uses: Type.Integer({ minimum: 1 }),
    expires_at: NullableTimestamp(),
    status: OneOf(inviteCodeStatuses, 'Whether the code admits someone now, and if not why.'),
    created_at: Timestamp(),
  },
  {
    examples: [
      {
        code: 'K7MPQ4RXTW',
        label: 'London meetup',
        uses: 1,
        max_uses: 1,
        expires_at: '2026-12-31T23:59:59.999Z',
        status: 'used up',
        created_at: '2026-11-20T18:00:00.000Z',
      },
    ],
  },
);
export type InviteCodeView = Static<typeof InviteCodeView>;

export const InviteCodeQuery = Filters({
  label: FilterText('Only codes with this label.'),
  status: OneOf(inviteCodeStatuses, 'Only codes in this state.'),
});
export type InviteCodeQuery = Static<typeof InviteCodeQuery>;

export const InviteCodeList = Type.Array(InviteCodeView, {
  description: 'Codes, oldest first.',
  examples: [InviteCodeView.examples],
});

export const CreateInviteCodes = Type.Object(
  {
    count: Type.Optional(
      Type.Integer({
        format: 'int32',
        minimum: 1,
        maximum: MAX_CODES_PER_BATCH,
        description: 'How many codes (a cohort); 1 when absent.',
      }),
    ),
    uses: Type.Optional(
      Type.Integer({
        format: 'int32',
        minimum: 1,
        maximum: MAX_USES_PER_CODE,
        description: 'Uses per code; 1 when absent.',
      }),
    ),
    label: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: limits.admin.labelMaxLength,
        description: 'The cohort’s name, e.g. "London meetup".',
      }),
    ),
    expires: Type.Optional(
      CalendarDay('The last day (UTC) the codes work, YYYY-MM-DD, a real day between 2000 and 2999.'),
    ),
  },
  {
    additionalProperties: false,
    description: 'One code, or a cohort of `count` codes sharing a label.',
    examples: [{ count: 5, uses: 1, label: 'London meetup', expires: '2026-12-31' }],
  },
);
export type CreateInviteCodes = Static<typeof CreateInviteCodes>;

export const CreatedInviteCodes = Type.Object(
  { codes: Type.Array(InviteCodeView), effect: outcomeFields.effect },
  {
    examples: [
      {
        codes: [{ ...InviteCodeView.examples[0], uses: 0, status: 'valid' }],
        effect: 'created 1 code for 1 use each, label "London meetup", expires 2026-12-31',
      },
    ],
  },
);
export type CreatedInviteCodes = Static<typeof CreatedInviteCodes>;

export const RevokeInviteCodes = Type.Object(
  {
    codes: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: limits.admin.typedCodeMaxLength }), {
        minItems: 1,
        maxItems: MAX_CODES_PER_BATCH,
        description: 'These codes (any unknown one refuses the whole request).',
      }),
    ),
    label: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: limits.admin.labelMaxLength,
        description: 'Or: every code of this cohort that still admits someone.',
      }),
    ),
    ...changeFields,
  },
  {
    additionalProperties: false,
    description: 'Codes to revoke, by code or by cohort, with why.',
    examples: [{ label: 'London meetup', reason: 'The event is over', dry_run: true }],
  },
);
export type RevokeInviteCodes = Static<typeof RevokeInviteCodes>;

export const RevokedInviteCodes = Type.Object(
  { codes: Type.Array(InviteCodeView), ...outcomeFields },
  {
    description: 'The codes as they are (or would be) after the revocation.',
    examples: [
      {
        codes: [{ ...InviteCodeView.examples[0], uses: 0, status: 'revoked' }],
        effect: 'revoked 1 code',
        dry_run: false,
      },
    ],
  },
);
export type RevokedInviteCodes = Static<typeof RevokedInviteCodes>;

export const UserIdParams = Type.Object({
  user_id: MemberId(),
});

export const GrantInvites = Type.Object(
  {
    count: Type.Integer({
      format: 'int32',
      minimum: 1,
      maximum: limits.admin.grantMax,
      description: 'How many more one-use codes.',
    }),
    reason: changeFields.reason,
  },
  { additionalProperties: false, examples: [{ count: 3, reason: 'Hosts the Camden chess evening' }] },
);
export type GrantInvites = Static<typeof GrantInvites>;

export const GrantedInvites = Type.Object(
  {
    unused: Type.Integer({ minimum: 0, description: 'Unused codes the member now holds.' }),
    effect: outcomeFields.effect,
  },
  { examples: [{ unused: 5, effect: 'granted 3 codes (5 unused now)' }] },
);
export type GrantedInvites = Static<typeof GrantedInvites>;

export const BranchRevocation = Type.Object(
  {
    members: Type.Integer({ minimum: 0, description: 'Members in the branch.' }),
    revoked_codes: Type.Integer({ minimum: 0, description: 'Unused codes revoked.' }),
    ...outcomeFields,
  },
  {
    examples: [{ members: 3, revoked_codes: 7, effect: 'revoked 7 codes across 3 members', dry_run: false }],
  },
);
export type BranchRevocation = Static<typeof BranchRevocation>;

export const InviteTree = Type.Object(
  {
    codes: Type.Array(
      Type.Object({
        code: Type.String(),
        label: NullableText(),
        invited_by: NullableText(
          'The member (or erased member’s node) whose quota it is; null for the operator’s.',
        ),
        waitlist_phone: NullableText('The waitlist number it was made for, masked as lists show phones.'),
        uses: Type.Integer(),
        max_uses: Type.Integer(),
        revoked: Type.Boolean(),
        community: Nullable(
          Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() }),
          'The community whose event link it is (issue 50); null for every other code.',
        ),
      }),
    ),
    members: Type.Array(
      Type.Object({
        id: Type.String(),
        first_name: NullableText(),
        invite_code: Type.String({ description: 'The code they joined with.' }),
        registered_at: NullableTimestamp(),
        erased: Type.Boolean({ description: 'An erased member: an anonymous node, no name.' }),
      }),
    ),
  },
  {
    description: 'Every code and every member with the code they used: who invited whom.',
    examples: [
      {
        codes: [
          {
            code: 'K7MPQ4RXTW',
            label: 'London meetup',
            invited_by: null,
            waitlist_phone: null,
            uses: 1,
            max_uses: 1,
            revoked: false,
            community: null,
          },
        ],
        members: [
          {
            id: '3f1c2a9e-8b7d-4e6f-9a0b-1c2d3e4f5a6b',
            first_name: 'Ada',
            invite_code: 'K7MPQ4RXTW',
            registered_at: '2026-11-21T09:30:00.000Z',
            erased: false,
          },
        ],
      },
    ],
  },
);
export type InviteTree = Static<typeof InviteTree>;
