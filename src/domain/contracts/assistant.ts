import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../limits';
import { exampleEntry, exampleMember as exampleProfile } from './examples';
import { MemberStatus, memberProfileFields, whoIKnowEntryFields } from './member';
import { NullableText, NullableTimestamp, Timestamp } from './common';

/**
 * The API of the assistant on WhatsApp (a separate service of the same operator): every call
 * carries `Authorization: Bearer <ASSISTANT_API_KEY>`.
 */

const exampleUserId = exampleProfile.user_id;

const memberFields = {
  ...memberProfileFields,
  who_i_know: Type.Array(Type.Object(whoIKnowEntryFields)),
  photo_url: NullableText('Needs the same bearer key; null when the member has no photo.'),
};

/** The assistant reads no phone number and no map position. */
const { phone: _phone, ...exampleFields } = exampleProfile;
const exampleMember = {
  ...exampleFields,
  who_i_know: [{ kind: exampleEntry.kind, name: exampleEntry.name, location: exampleEntry.location }],
  photo_url: `https://becca.example/api/assistant/members/${exampleUserId}/photo`,
};

/** A member as the assistant reads them: their profile, not their phone or map. */
export const AssistantMember = Type.Object(memberFields, {
  description: 'A member as the assistant reads them.',
  examples: [exampleMember],
});
export type AssistantMember = Static<typeof AssistantMember>;

export const AssistantMemberWithStatus = Type.Object(
  {
    ...memberFields,
    status: MemberStatus,
    registered_at: Timestamp(),
    linked_at: NullableTimestamp(),
    onboarded_at: NullableTimestamp(),
  },
  {
    description: 'A member and where they are in their lifecycle.',
    examples: [
      {
        ...exampleMember,
        status: 'linked' as const,
        registered_at: '2026-03-14T09:26:53.000Z',
        linked_at: '2026-03-14T10:02:40.000Z',
        onboarded_at: null,
      },
    ],
  },
);
export type AssistantMemberWithStatus = Static<typeof AssistantMemberWithStatus>;

export const LinkRequest = Type.Object(
  {
    linking_code: Type.String({
      minLength: 1,
      maxLength: limits.apiText.linkingCodeMaxLength,
      description: 'The code the member sent in their first message (from the wa.me link).',
    }),
    whatsapp_number: Type.String({
      minLength: 1,
      maxLength: limits.apiText.whatsAppNumberMaxLength,
      description: 'The number the message came from; it must be the one they registered.',
    }),
  },
  {
    additionalProperties: false,
    description: 'Ties a WhatsApp chat to the member who registered with that number.',
    examples: [{ linking_code: 'HQ7KM2XP', whatsapp_number: '+447912345678' }],
  },
);
export type LinkRequest = Static<typeof LinkRequest>;

export const Linked = Type.Object(
  { status: Type.Literal('linked'), member: AssistantMember },
  {
    description: 'The chat is linked; here is who the member is.',
    examples: [{ status: 'linked', member: exampleMember }],
  },
);
export type Linked = Static<typeof Linked>;

export const MemberParams = Type.Object({
  user_id: Type.String({
    maxLength: limits.apiText.idMaxLength,
    description: "The member's id.",
    examples: [exampleUserId],
  }),
});
export type MemberParams = Static<typeof MemberParams>;

export const Onboarded = Type.Object(
  { status: Type.Literal('onboarded') },
  { description: 'The first conversation is done.', examples: [{ status: 'onboarded' }] },
);
export type Onboarded = Static<typeof Onboarded>;

/** The bytes of the member's first photo, with its own content type (JPEG once stored). */
export const MemberPhoto = Type.Unsafe<Uint8Array>({
  type: 'string',
  format: 'binary',
  description: 'The stored JPEG',
});
