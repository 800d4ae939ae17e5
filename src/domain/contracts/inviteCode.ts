import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../limits';

/** `GET /api/auth/validate-code/{code}`. */
export const InviteCodeParams = Type.Object({
  // The router's own bound, not a code's: an over-long code is simply not one of ours (valid:false).
  code: Type.String({
    maxLength: limits.apiText.pathParameterMaxLength,
    description: `The code as typed; trimmed, letter case ignored. Longer than ${limits.inviteCode.maxLength} characters: valid:false.`,
    examples: ['K7MQ2XPA4R'],
  }),
});
export type InviteCodeParams = Static<typeof InviteCodeParams>;

export const InviteCodeValidation = Type.Object(
  {
    valid: Type.Boolean({ description: 'Whether the code admits a registration right now.' }),
    message: Type.String({ description: 'Why not, or that it is valid, as a sentence to show.' }),
  },
  {
    description: 'Whether the code can be used now; an unknown code is `valid: false`, not an error.',
    examples: [{ valid: true, message: 'Invite code is valid' }],
  },
);
export type InviteValidation = Static<typeof InviteCodeValidation>;
