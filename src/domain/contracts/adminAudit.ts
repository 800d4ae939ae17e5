import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../limits';
import { CALENDAR_DATE_PATTERN } from '../calendarDate';

/**
 * The operator's audit trail (`GET /api/admin/audit`, `npm run audit -- list`) and what every
 * operator action that changes something takes and answers: a reason, a dry run, and its effect.
 */

const nullableText = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

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
    at: Type.String({ format: 'date-time' }),
    actor: Type.String({
      description: '`cli:<os user>@<host>` for the command line, the operator’s name for the console.',
    }),
    session: nullableText(
      'The console session that acted: a short id (the first characters of its hash, never its token); null for the command line and rows older than sessions in the trail.',
    ),
    action: Type.String({ description: '`<command>.<subcommand>`, e.g. `invite.revoke`, `members.delete`.' }),
    target: nullableText(
      'A code, a member id, a cohort label, an operator or `phone:<salted hash>`; never a phone in clear.',
    ),
    reason: nullableText('Why, as the operator gave it.'),
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

export const AuditQuery = Type.Object(
  {
    action: Type.Optional(
      Type.String({ maxLength: limits.admin.actionMaxLength, description: 'Only this action.' }),
    ),
    target: Type.Optional(
      Type.String({
        maxLength: limits.admin.filterTextMaxLength,
        description: 'Only this target; a phone number is matched through its salted hash.',
      }),
    ),
    actor: Type.Optional(
      Type.String({ maxLength: limits.admin.filterTextMaxLength, description: 'Only this actor.' }),
    ),
    session: Type.Optional(
      Type.String({ maxLength: limits.admin.sessionIdMaxLength, description: 'Only this console session.' }),
    ),
    since: Type.Optional(
      Type.String({
        pattern: CALENDAR_DATE_PATTERN,
        maxLength: limits.apiText.dateMaxLength,
        description: 'Only actions on or after this day (UTC), YYYY-MM-DD.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditList = Type.Array(AuditEntry, {
  description: 'The newest 500 matching actions, oldest first.',
  examples: [AuditEntry.examples],
});
export type AuditList = Static<typeof AuditList>;
