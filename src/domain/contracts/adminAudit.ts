import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../limits';
import { CalendarDay, FilterText, Filters, NullableText, Timestamp } from './common';

/**
 * The operator's audit trail (`GET /api/admin/audit`, `npm run audit -- list`) and what every
 * operator action that changes something takes and answers: a reason, a dry run, and its effect.
 */

export const REASON_MAX_LENGTH = limits.admin.reasonMaxLength;

/** Body fields of every destructive operator action. */
export const changeFields = {
  reason: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: REASON_MAX_LENGTH,
      description: 'Why, in the operator’s words; kept in the audit trail.',
    }),
  ),
  dry_run: Type.Optional(
    Type.Boolean({
      description: 'True: answer what would change, change nothing and record nothing.',
    }),
  ),
};

export const OperatorChange = Type.Object(changeFields, {
  additionalProperties: false,
  description: 'Why, and whether to only show what would change.',
  examples: [{ reason: 'Asked by the member by e-mail on 24 November', dry_run: true }],
});
export type OperatorChange = Static<typeof OperatorChange>;

/** Answer fields of every operator action that changes something. */
export const outcomeFields = {
  effect: Type.String({ description: 'What changed (or, in a dry run, would change), in words.' }),
  dry_run: Type.Boolean({ description: 'True when nothing was changed or recorded.' }),
};

export const AuditEntry = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    at: Timestamp(),
    actor: Type.String({
      description: '`cli:<os user>@<host>` for the command line, the operator’s name for the console.',
    }),
    session: NullableText(
      'The console session that acted: a short id (the first characters of its hash, never its token); null for the command line and rows older than sessions in the trail.',
    ),
    action: Type.String({ description: '`<command>.<subcommand>`, e.g. `invite.revoke`, `members.delete`.' }),
    target: NullableText(
      'A code, a member id, a cohort label, an operator or `phone:<salted hash>`; never a phone in clear.',
    ),
    reason: NullableText('Why, as the operator gave it.'),
    effect: Type.String({ description: 'What changed.' }),
  },
  {
    examples: [
      {
        id: 12,
        at: '2026-11-25T10:04:00.000Z',
        actor: 'cli:ops@becca-1',
        session: null,
        action: 'invite.revoke-branch',
        target: '3f1c2a9e-8b7d-4e6f-9a0b-1c2d3e4f5a6b',
        reason: 'Codes offered for sale',
        effect: 'revoked 7 codes across 3 members',
      },
    ],
  },
);
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditQuery = Filters({
  action: FilterText('Only this action.', limits.admin.actionMaxLength),
  target: FilterText('Only this target; a phone number is matched through its salted hash.'),
  actor: FilterText('Only this actor.'),
  session: FilterText('Only this console session.', limits.admin.sessionIdMaxLength),
  since: CalendarDay('Only actions on or after this day (UTC), YYYY-MM-DD.'),
});
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditList = Type.Array(AuditEntry, {
  description: 'The newest 500 matching actions, oldest first.',
  examples: [AuditEntry.examples],
});
export type AuditList = Static<typeof AuditList>;
