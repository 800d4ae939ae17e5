import { Type, type Static } from '@sinclair/typebox';
import { outcomeFields } from './adminAudit';
import { exampleEntry, exampleMember } from './examples';
import { MemberStatus } from './member';

/** Members as the operator sees them (`npm run members`, the console): never the photo bytes. */

const Timestamp = Type.String({ format: 'date-time' });
const nullableTimestamp = Type.Union([Timestamp, Type.Null()]);

const exampleView = {
  id: exampleMember.user_id,
  firstName: exampleMember.first_name,
  lastName: exampleMember.last_name,
  age: exampleMember.age,
  location: exampleMember.location,
  phone: exampleMember.phone,
  occupation: exampleMember.occupation,
  lookingFor: exampleMember.looking_for,
  interests: exampleMember.interests,
  inviteCode: 'K7MPQ4RXTW',
  status: 'linked',
  registeredAt: '2026-11-21T09:30:00.000Z',
  linkedAt: '2026-11-21T09:41:00.000Z',
  onboardedAt: null,
  linkingCodeExpiresAt: '2026-11-28T09:30:00.000Z',
  linkingCodeUsedAt: '2026-11-21T09:41:00.000Z',
  whoIKnow: [{ kind: exampleEntry.kind, name: exampleEntry.name, location: exampleEntry.location }],
  photos: [{ position: 0, width: 960, height: 1280, bytes: 184_320 }],
};

export const MemberView = Type.Object(
  {
    id: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    age: Type.Integer(),
    location: Type.String(),
    phone: Type.String(),
    occupation: Type.String(),
    lookingFor: Type.Array(Type.String()),
    interests: Type.Array(Type.String()),
    inviteCode: Type.String({ description: 'The code they registered with.' }),
    status: MemberStatus,
    registeredAt: Timestamp,
    linkedAt: nullableTimestamp,
    onboardedAt: nullableTimestamp,
    linkingCodeExpiresAt: Timestamp,
    linkingCodeUsedAt: nullableTimestamp,
    whoIKnow: Type.Array(
      Type.Object({
        kind: Type.Union([Type.Literal('group'), Type.Literal('person')]),
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

export const MemberQuery = Type.Object(
  {
    search: Type.Optional(
      Type.String({ maxLength: 200, description: 'Part of a first or last name, or a whole member id.' }),
    ),
  },
  { additionalProperties: false },
);
export type MemberQuery = Static<typeof MemberQuery>;

export const MemberList = Type.Array(MemberView, {
  description: 'Members, oldest first.',
  examples: [[exampleView]],
});

export const MemberIdParams = Type.Object({
  id: Type.String({ maxLength: 100, description: 'A member’s id.' }),
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
        dryRun: false,
      },
    ],
  },
);
export type MemberErased = Static<typeof MemberErased>;
