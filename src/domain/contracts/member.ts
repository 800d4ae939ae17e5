import { Type, type Static, type TObject } from '@sinclair/typebox';
import { memberStatuses } from '../memberProfile';
import { PROFILE_FIELD_NAMES, type WireFieldName } from '../registrationFields';
import { exampleEntry, exampleMember } from './examples';
import { registrationFieldProperties } from './registration';

/**
 * A member's own data: `GET /api/me` (their profile), `GET /api/me/export` (everything we hold) and
 * `DELETE /api/me`. The profile fields here are shared with the assistant's view of a member
 * (contracts/assistant.ts): each adds what only its reader gets, so the shared fields cannot drift.
 */

export const Timestamp = Type.String({ format: 'date-time' });
const nullableTimestamp = Type.Union([Timestamp, Type.Null()]);

/** The domain's lifecycle (src/domain/memberProfile.ts), the same list the database column takes. */
export const MemberStatus = Type.Union(
  memberStatuses.map((status) => Type.Literal(status)),
  { description: 'registered → linked (WhatsApp chat tied to the account) → onboarded.' },
);

/**
 * The declared registration fields as a member's record answers them (text and age as stored),
 * with the interests gathered from the interest fields. The assistant, the member and the operator
 * read these alike; each names which of the declared fields it shows.
 */
export function storedProfileProperties<Name extends WireFieldName>(names: readonly Name[]) {
  return {
    ...registrationFieldProperties(names, { text: () => Type.String(), age: () => Type.Integer() }),
    looking_for: Type.Array(Type.String()),
    interests: Type.Array(Type.String()),
  };
}

/** The fields of a member that the assistant and the member themselves read alike. */
export const memberProfileFields = {
  user_id: Type.String(),
  ...storedProfileProperties(PROFILE_FIELD_NAMES),
};

export type MemberProfileFields = Static<TObject<typeof memberProfileFields>>;

/** One entry of "who I know", without where the member placed it on their map. */
export const whoIKnowEntryFields = {
  kind: Type.Union([Type.Literal('group'), Type.Literal('person')]),
  name: Type.String(),
  location: Type.String(),
};

const exampleProfile = {
  ...exampleMember,
  who_i_know: [exampleEntry],
  status: 'linked' as const,
  registered_at: '2026-03-14T09:26:53.000Z',
};

export const MemberProfile = Type.Object(
  {
    ...memberProfileFields,
    phone: Type.String({ description: 'E.164.' }),
    who_i_know: Type.Array(
      Type.Object({
        ...whoIKnowEntryFields,
        position: Type.Object({ x: Type.Number(), y: Type.Number() }),
      }),
    ),
    status: MemberStatus,
    registered_at: Timestamp,
  },
  {
    description:
      'The member as they registered, in the snake_case of their registration (less the invite code).',
    examples: [exampleProfile],
  },
);
export type MemberProfile = Static<typeof MemberProfile>;

export const MemberExport = Type.Object(
  {
    exported_at: Timestamp,
    profile: MemberProfile,
    photos: Type.Array(
      Type.Object({
        position: Type.Integer(),
        mime: Type.String(),
        width: Type.Integer(),
        height: Type.Integer(),
        data_url: Type.String(),
        uploaded_at: Timestamp,
      }),
    ),
    nominations: Type.Array(
      Type.Object({
        first_name: Type.String(),
        last_name: Type.String(),
        instagram: Type.String(),
        phone: Type.String(),
        nominated_at: Timestamp,
      }),
    ),
    /** The invite code they registered with; not its label or other users, which are the organiser's. */
    invite_code_used: Type.Object({ code: Type.String(), used_at: Timestamp }),
    /** The one-use codes they were given to invite friends, and whether each has been used. */
    invite_codes_held: Type.Array(
      Type.Object({ code: Type.String(), used: Type.Boolean(), created_at: Timestamp }),
    ),
    /** The code the WhatsApp link carries so the assistant can tie the chat to this account. */
    whatsapp_linking_code: Type.String(),
    linked_at: nullableTimestamp,
    onboarded_at: nullableTimestamp,
    /** Sign-ins on their devices: when each key was issued and until when it works; never the key. */
    access_keys: Type.Array(Type.Object({ issued_at: Timestamp, expires_at: Timestamp })),
    /** The waitlist entry of their number, if they waited before joining (erasure deletes it too). */
    waitlist_entry: Type.Union([
      Type.Object({
        phone: Type.Union([Type.String(), Type.Null()]),
        name: Type.Union([Type.String(), Type.Null()]),
        joined_waitlist_at: Timestamp,
        invited_at: nullableTimestamp,
        registered_at: nullableTimestamp,
      }),
      Type.Null(),
    ]),
  },
  {
    description:
      'Everything we hold about the member, and of other people only what the member typed themselves.',
    examples: [
      {
        exported_at: '2026-03-20T18:02:11.000Z',
        profile: exampleProfile,
        photos: [
          {
            position: 0,
            mime: 'image/jpeg',
            width: 1,
            height: 1,
            data_url:
              'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
            uploaded_at: '2026-03-14T09:26:53.000Z',
          },
        ],
        nominations: [
          {
            first_name: 'Grace',
            last_name: 'Hopper',
            instagram: 'gracehopper',
            phone: '+447912345679',
            nominated_at: '2026-03-15T12:00:00.000Z',
          },
        ],
        invite_code_used: { code: 'K7MQ2XPA4R', used_at: '2026-03-14T09:26:53.000Z' },
        invite_codes_held: [{ code: 'PW3RT9KM2Z', used: false, created_at: '2026-03-14T10:02:40.000Z' }],
        whatsapp_linking_code: 'HQ7KM2XP',
        linked_at: '2026-03-14T10:02:40.000Z',
        onboarded_at: null,
        access_keys: [{ issued_at: '2026-03-14T09:26:53.000Z', expires_at: '2027-03-14T09:26:53.000Z' }],
        waitlist_entry: null,
      },
    ],
  },
);
export type MemberExport = Static<typeof MemberExport>;
