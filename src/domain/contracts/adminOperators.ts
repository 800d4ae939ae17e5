import { Type, type Static } from '@sinclair/typebox';
import { OPERATOR_NAME_MAX_LENGTH } from '../operatorName';
import { operatorRoles } from '../operatorRoles';

/** Operator accounts (`npm run operators`): who may sign in to the console, and with which role. */

export const OperatorRole = Type.Union(
  operatorRoles.map((role) => Type.Literal(role)),
  {
    description:
      '`owner`: adds, removes and promotes operators and makes sign-in links for them; `operator`: everything else.',
  },
);

export const OperatorView = Type.Object(
  {
    name: Type.String(),
    role: OperatorRole,
    added_at: Type.String({ format: 'date-time' }),
    last_seen_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'The last request of any of their sessions; null when they never signed in.',
    }),
    sessions: Type.Integer({ minimum: 0, description: 'Sessions that have not expired.' }),
  },
  {
    examples: [
      {
        name: 'grace',
        role: 'operator',
        added_at: '2026-11-20T12:00:00.000Z',
        last_seen_at: '2026-11-25T08:15:00.000Z',
        sessions: 1,
      },
    ],
  },
);
export type OperatorView = Static<typeof OperatorView>;

export const OperatorList = Type.Array(OperatorView, { examples: [OperatorView.examples] });

// Bounded here; the name rule (src/domain/operatorName.ts) explains a refusal in a 422.
const Name = Type.String({ minLength: 1, maxLength: OPERATOR_NAME_MAX_LENGTH * 4 });

export const AddOperator = Type.Object(
  {
    name: Name,
    role: Type.Optional({
      ...OperatorRole,
      description: '`operator` when absent (but the very first account is an owner).',
    }),
  },
  { additionalProperties: false, examples: [{ name: 'grace', role: 'operator' }] },
);
export type AddOperator = Static<typeof AddOperator>;

export const OperatorParams = Type.Object({ name: Name });

export const OperatorRemoved = Type.Object(
  { removed: Type.Literal(true) },
  { examples: [{ removed: true }] },
);

export const SignInLink = Type.Object(
  {
    name: Type.String(),
    link: Type.String({ description: 'APP_URL/admin/sign-in/<token>: one use, 15 minutes.' }),
    expires_at: Type.String({ format: 'date-time' }),
  },
  {
    examples: [
      {
        name: 'grace',
        link: 'https://becca.example.org/admin/sign-in/3q2-7wEjw5Lh1n0l9Xy6cU4tZbA8kR2mV5pD1sF7gH0',
        expires_at: '2026-11-25T10:15:00.000Z',
      },
    ],
  },
);
export type SignInLink = Static<typeof SignInLink>;

export const ChangeOperatorRole = Type.Object(
  { role: OperatorRole },
  { additionalProperties: false, examples: [{ role: 'owner' }] },
);
export type ChangeOperatorRole = Static<typeof ChangeOperatorRole>;

export const OperatorRoleChanged = Type.Object(
  {
    name: Type.String(),
    role: OperatorRole,
    effect: Type.String({ description: 'What changed, in words.' }),
  },
  { examples: [{ name: 'grace', role: 'owner', effect: 'made grace an owner (was operator)' }] },
);
export type OperatorRoleChanged = Static<typeof OperatorRoleChanged>;
