import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../limits';
import { SuccessMessage } from './errors';
import { Nullable } from './common';

/**
 * `POST /api/waitlist/join`: the invite overlay sends a phone number (its form has no name field,
 * so `name` is null); the test harness sends an e-mail address instead. Lengths are generous: the
 * rules (src/domain/waitlist.ts) give the exact limits and their messages.
 */
export const WaitlistJoinRequest = Type.Object(
  {
    phone_number: Type.Optional(Type.String({ maxLength: limits.phoneInputMaxLength })),
    name: Type.Optional(Nullable(Type.String({ maxLength: limits.apiText.waitlistTextMaxLength }))),
    email: Type.Optional(Type.String({ maxLength: limits.apiText.waitlistTextMaxLength })),
  },
  {
    additionalProperties: false,
    description: 'A phone number (with an optional name) or an e-mail address to be told when a place opens.',
    examples: [{ phone_number: '+447912345678', name: null }],
  },
);
export type WaitlistJoinRequest = Static<typeof WaitlistJoinRequest>;
/** What the overlay sends. */
export type WaitlistPhoneRequest = Required<Pick<WaitlistJoinRequest, 'phone_number'>> &
  Pick<WaitlistJoinRequest, 'name'>;
/** What the test harness sends. */
export type WaitlistEmailRequest = Required<Pick<WaitlistJoinRequest, 'email'>>;

export const WaitlistJoined = SuccessMessage(
  'The same answer whether or not the number was already waiting, so nobody can probe who is.',
  "You're on the waitlist. We'll text you when a place opens up.",
);
export type WaitlistJoined = Static<typeof WaitlistJoined>;
