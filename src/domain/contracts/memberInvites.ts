import { Type, type Static } from '@sinclair/typebox';
import { NullableText, OneOf } from './common';

/** A member's own invite code: only an `unused` one can still let a friend in. */
export const memberInviteStatuses = ['unused', 'used', 'expired', 'revoked'] as const;
export type MemberInviteStatus = (typeof memberInviteStatuses)[number];

/** `GET /api/me/invites`: the signed-in member's own codes, for the "Invite friends" panel. */
export const MemberInvites = Type.Object(
  {
    invites: Type.Array(
      Type.Object({
        code: Type.String(),
        status: OneOf(memberInviteStatuses),
        used: Type.Boolean({
          description: 'Kept for clients of the first version: true once a friend joined.',
        }),
        share_url: Type.String({ description: 'The join page with this code filled in.' }),
      }),
    ),
    unlocked: Type.Boolean({
      description: "False until the member's WhatsApp chat is linked: codes come then.",
    }),
    whatsapp_url: NullableText(
      "While locked, the member's link to message Becca (null once unlocked, or when it expired).",
    ),
  },
  {
    description: "The member's invite codes, or while locked, how to unlock them.",
    examples: [
      {
        invites: [
          {
            code: 'PW3RT9KM2Z',
            status: 'unused',
            used: false,
            share_url: 'https://becca.example/join?code=PW3RT9KM2Z',
          },
          {
            code: 'ZN4XC8VB6M',
            status: 'used',
            used: true,
            share_url: 'https://becca.example/join?code=ZN4XC8VB6M',
          },
        ],
        unlocked: true,
        whatsapp_url: null,
      },
    ],
  },
);
export type MemberInvitesAnswer = Static<typeof MemberInvites>;
export type MemberInvite = MemberInvitesAnswer['invites'][number];
