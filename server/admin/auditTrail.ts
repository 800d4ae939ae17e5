import { createHmac } from 'node:crypto';
import { and, desc, eq, gte, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditQuery } from '../../src/domain/contracts/adminAudit';
import { waitlistPhoneToE164 } from '../../src/domain/phoneNumber';
import type { Db } from '../db/database';
import { operatorAudit } from '../db/schema';
import { unusableTextMessage, isVisiblyBlank } from '../../src/domain/textRules';
import type { AuditHashKey } from './auditHashKey';
import type { Actor } from './operatorActor';

/** Who did it and to what: the parts of an audit row the route knows before the change runs. */
export interface AuditFacts {
  actor: Actor;
  /** `<command>.<subcommand>`, as the CLI spells it. */
  action: string;
  target: string | null;
  reason?: string | null;
}

/** What an operator action hands back: its answer, and its effect in words for the audit trail. */
export interface ActionResult<T> {
  result: T;
  effect: string;
}

/** Thrown to roll a dry run's transaction back, carrying what the change would have done. */
class DryRunRollback extends Error {
  constructor(readonly outcome: ActionResult<unknown>) {
    super('dry run');
  }
}

/**
 * Runs an operator's change and records it, in one transaction: the audit row exists exactly when
 * the change does. A dry run runs the very same change and rolls it back, so what it reports is what
 * the real run would do, and nothing is changed or recorded. A change refuses by throwing (the
 * route's HttpError): the transaction rolls back and nothing is recorded. Routes call it through
 * `performOperatorAction` (server/routes/operatorAction.ts), which refuses an unusable reason first.
 */
export async function recordOperatorChange<T>(
  db: Db,
  facts: AuditFacts,
  dryRun: boolean,
  change: (tx: Db) => Promise<ActionResult<T>>,
): Promise<ActionResult<T> & { dryRun: boolean }> {
  // The route answered an unusable reason with 422 already; one here is a caller's bug, and the trail
  // must not keep it.
  const problem = operatorTextProblem('The reason', facts.reason);
  if (problem) throw new RangeError(problem);
  try {
    const outcome = await db.transaction(async (tx) => {
      const done = await change(tx as unknown as Db);
      if (dryRun) throw new DryRunRollback(done);
      await recordAudit(tx as unknown as Db, facts, done.effect);
      return done;
    });
    return { ...outcome, dryRun: false };
  } catch (error) {
    if (error instanceof DryRunRollback) return { ...(error.outcome as ActionResult<T>), dryRun: true };
    throw error;
  }
}

/**
 * Operator text (a reason, a label) follows the rules of member text: no control characters, no bidi
 * overrides, not blank. It is shown later in a terminal and in the console. The sentence saying what
 * is wrong with it, or undefined when it is usable (or absent).
 */
export function operatorTextProblem(label: string, value: string | null | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (isVisiblyBlank(value)) return `${label} must not be blank.`;
  const problem = unusableTextMessage(label, value);
  return problem ? `${problem}.` : undefined;
}

/**
 * Appends one row to the trail, for what is not a change in a transaction of its own: a read of
 * personal data (one member's record), a sign-in or sign-out, an attempt the role check refused.
 */
export async function recordAudit(db: Db, facts: AuditFacts, effect: string): Promise<void> {
  await db.insert(operatorAudit).values({
    actor: facts.actor.name,
    session: facts.actor.session,
    action: facts.action,
    target: facts.target,
    reason: facts.reason ?? null,
    effect,
  });
}

/**
 * How the audit trail names a phone number: `phone:` and a keyed hash (the key outside the database,
 * auditHashKey.ts), so the trail holds no number in clear (and keeps nothing personal once a member is
 * erased), yet an operator who types the number finds what was done to it.
 */
export async function phoneTarget(key: AuditHashKey, e164: string): Promise<string> {
  return `phone:${createHmac('sha256', await key())
    .update(e164)
    .digest('hex')
    .slice(0, 20)}`;
}

const AUDIT_PAGE = 500;

/** The newest matching actions (at most 500), oldest first. A phone number as target is hashed to match. */
export async function listAudit(db: Db, key: AuditHashKey, query: AuditQuery): Promise<AuditEntry[]> {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(operatorAudit.action, query.action));
  if (query.actor) conditions.push(eq(operatorAudit.actor, query.actor));
  if (query.target) {
    const phone = /^[+\d][\d\s()-]{6,}$/.test(query.target) ? waitlistPhoneToE164(query.target) : undefined;
    conditions.push(eq(operatorAudit.target, phone ? await phoneTarget(key, phone) : query.target));
  }
  if (query.session) conditions.push(eq(operatorAudit.session, query.session));
  if (query.since) conditions.push(gte(operatorAudit.at, new Date(`${query.since}T00:00:00.000Z`)));
  const rows = await db
    .select()
    .from(operatorAudit)
    .where(and(...conditions))
    .orderBy(desc(operatorAudit.at), desc(operatorAudit.id))
    .limit(AUDIT_PAGE);
  return rows.reverse().map((row) => ({ ...row, at: row.at.toISOString() }));
}
