import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../limits';
import { SuccessMessage } from './errors';

const max = limits.fieldMaxLength;

/**
 * `POST /api/nominate/friend`, sent by a signed-in member. Lengths are generous: the rules
 * (`firstNominationError`, src/domain/nomination.ts) give the exact limits and their messages.
 */
export const FriendNomination = Type.Object(
  {
    firstName: Type.String({ maxLength: max.firstName * 2 }),
    lastName: Type.String({ maxLength: max.lastName * 2 }),
    instagram: Type.String({
      maxLength: max.instagram,
      description: 'Optional (may be empty); with or without a leading "@".',
    }),
    phone: Type.String({ maxLength: limits.phoneInputMaxLength }),
  },
  {
    description: 'A friend the member would like Becca to invite.',
    examples: [{ firstName: 'Grace', lastName: 'Hopper', instagram: '@gracehopper', phone: '+447912345679' }],
  },
);
export type FriendNomination = Static<typeof FriendNomination>;

export const NominationThanks = SuccessMessage(
  'Thanks the member; a number on the opt-out list is not stored, and the answer is the same.',
  "Thank you! We'll be in touch with Grace.",
);
export type NominationThanks = Static<typeof NominationThanks>;
