import { Type, type Static } from '@sinclair/typebox';

/** `GET /api/auth/validate-code/{code}`. */
export const InviteCodeParams = Type.Object({
  // No maxLength: an over-long code is simply not one of ours (valid:false), not a bad request.
  code: Type.String({
    description: 'The code as typed; trimmed, letter case ignored.',
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
