import { and, asc, count, eq, gt, isNull, max, sql } from 'drizzle-orm';
import { operatorName, OPERATOR_NAME_RULE } from '../../src/domain/operatorName';
import {
  isAssignableRole,
  isOperatorRole,
  ORGANISER_ROLE_REFUSAL,
  type OperatorRole,
} from '../../src/domain/operatorRoles';
import { recordAudit } from '../admin/auditTrail';
import type { Actor } from '../admin/operatorActor';
import type { Db } from '../db/database';
import { rowToWire } from '../db/rowToWire';
import { operators, operatorSessions, operatorSignInLinks } from '../db/schema';
import type { OperatorView, SignInLink } from '../../src/domain/contracts/adminOperators';
import { hashSecretToken, isSecretTokenShaped, newSecretToken } from './secretTokens';

/** How long a sign-in link works, and how long a session lives without a request. */
export const SIGN_IN_LINK_LIFETIME_MINUTES = 15;
export const SESSION_IDLE_HOURS = 12;

const sessionIdle = sql.raw(`interval '${SESSION_IDLE_HOURS} hours'`);

/** The path of a sign-in link; the server log shows it as `/admin/sign-in/:token`. */
export const SIGN_IN_PATH = '/admin/sign-in';
/** Where an organiser's sign-in link points (issue 50): the same one-time links, another door. */
export const PARTNER_SIGN_IN_PATH = '/partner/sign-in';

/** An organiser's link (issue 50) lives longer and opens the partner area's sign-in page. */
export interface SignInLinkOptions {
  lifetimeMinutes?: number;
  path?: string;
}

export type { OperatorView, SignInLink };

/** An operator as the admin API shows them: the wire names derived from the columns'. */
const operatorWire = rowToWire<{
  name: string;
  createdAt: Date;
  lastSeenAt: Date | null;
  sessions: number;
}>()(['name', 'lastSeenAt', 'sessions'], { added_at: 'createdAt' });

export interface Operator {
  id: string;
  name: string;
  role: OperatorRole;
}

/** An operator on one of their sessions: who acts, as the audit trail records them. */
export interface SessionOperator extends Operator {
  /** The session's short id (sessionIdOf). */
  session: string;
}

/**
 * A session as the audit trail names it: the first 12 hex digits of its token's SHA-256. It tells
 * sessions apart in the trail, and says nothing a thief could use: the token is not derived from it.
 */
export const sessionIdOf = (tokenHash: string): string => tokenHash.slice(0, 12);

/** A role read from the database; anything unknown (written by hand) counts as the least one. */
const roleOf = (stored: string): OperatorRole => (isOperatorRole(stored) ? stored : 'operator');

const actorFor = (operator: Operator, session: string): Actor => ({
  name: operator.name,
  role: operator.role,
  session,
});

/**
 * The name as stored. The route refuses a name that breaks the rule (422) before it gets here;
 * anything else is a caller's bug.
 */
function storedName(typed: string): string {
  const name = operatorName(typed);
  if (!name) throw new RangeError(OPERATOR_NAME_RULE);
  return name;
}

/** An organiser is made by approving a community; the route refuses the role (422) before it gets here. */
function assertAssignable(role: OperatorRole): void {
  if (!isAssignableRole(role)) throw new RangeError(ORGANISER_ROLE_REFUSAL);
}

const activeOperatorNamed = (name: string) => and(eq(operators.name, name), isNull(operators.removedAt));

/**
 * Adds an operator, or reinstates a removed one of that name (a fresh account: their old sessions
 * and links died with the removal). Undefined when an operator of that name is already there
 * (nothing added). The role is `operator` unless asked otherwise, but the first account (no
 * operator yet) is an owner, so that someone can manage the others from a browser.
 */
export async function addOperator(
  db: Db,
  typedName: string,
  role?: OperatorRole,
): Promise<OperatorView | undefined> {
  const name = storedName(typedName);
  if (role) assertAssignable(role);
  const [existing] = await db.select({ count: count() }).from(operators).where(isNull(operators.removedAt));
  const chosen = role ?? (existing?.count ? 'operator' : 'owner');
  const [added] = await db
    .insert(operators)
    .values({ name, role: chosen })
    .onConflictDoUpdate({
      target: operators.name,
      set: { removedAt: null, createdAt: sql`now()`, role: chosen },
      setWhere: sql`${operators.removedAt} IS NOT NULL`,
    })
    .returning({ name: operators.name, createdAt: operators.createdAt, role: operators.role });
  if (!added) return undefined;
  return { ...operatorWire({ ...added, lastSeenAt: null, sessions: 0 }), role: roleOf(added.role) };
}

/** What a change of role did: their role before it, or why nothing changed. */
export type RoleChange =
  | { outcome: 'changed'; before: OperatorRole }
  | { outcome: 'unknown' }
  // An organiser is bound to a community: they do not become an operator by a change of role.
  | { outcome: 'organiser' };

/** Gives an operator another role. */
export async function setOperatorRole(db: Db, typedName: string, role: OperatorRole): Promise<RoleChange> {
  const name = storedName(typedName);
  assertAssignable(role);
  const [before] = await db
    .select({ role: operators.role })
    .from(operators)
    .where(activeOperatorNamed(name))
    .for('update');
  if (!before) return { outcome: 'unknown' };
  if (!isAssignableRole(roleOf(before.role))) return { outcome: 'organiser' };
  await db.update(operators).set({ role }).where(activeOperatorNamed(name));
  return { outcome: 'changed', before: roleOf(before.role) };
}

/** The operators who can sign in, by name. */
export async function listOperators(db: Db): Promise<OperatorView[]> {
  const live = and(
    eq(operatorSessions.operatorId, operators.id),
    gt(operatorSessions.lastSeenAt, sql`now() - ${sessionIdle}`),
  );
  const rows = await db
    .select({
      name: operators.name,
      role: operators.role,
      createdAt: operators.createdAt,
      lastSeenAt: max(operatorSessions.lastSeenAt),
      sessions: count(operatorSessions.tokenHash),
    })
    .from(operators)
    .leftJoin(operatorSessions, live)
    .where(isNull(operators.removedAt))
    .groupBy(operators.id)
    .orderBy(asc(operators.name));
  return rows.map((row) => ({
    ...operatorWire({
      ...row,
      // max() of a timestamp may come back as text, depending on the driver: a Date either way.
      lastSeenAt: row.lastSeenAt ? new Date(row.lastSeenAt) : null,
      sessions: Number(row.sessions),
    }),
    role: roleOf(row.role),
  }));
}

/**
 * Removes an operator: every session of theirs ends at once and their unused links stop working.
 * Answers whether there was such an operator.
 */
export async function removeOperator(db: Db, typedName: string): Promise<boolean> {
  const name = storedName(typedName);
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .update(operators)
      .set({ removedAt: sql`now()` })
      .where(activeOperatorNamed(name))
      .returning({ id: operators.id, name: operators.name, role: operators.role });
    if (!removed) return false;
    const ended = await tx
      .delete(operatorSessions)
      .where(eq(operatorSessions.operatorId, removed.id))
      .returning({ tokenHash: operatorSessions.tokenHash });
    for (const { tokenHash } of ended) {
      await recordAudit(
        tx,
        {
          actor: actorFor({ ...removed, role: roleOf(removed.role) }, sessionIdOf(tokenHash)),
          action: 'operators.session-end',
          target: name,
        },
        'session ended: the operator was removed',
      );
    }
    await tx.delete(operatorSignInLinks).where(eq(operatorSignInLinks.operatorId, removed.id));
    return true;
  });
}

/**
 * A one-time link to `${appUrl}/admin/sign-in/<token>`, valid 15 minutes; undefined for no such
 * operator (no link made). `madeBy` (the actor, as the trail names them) is kept with it, for the
 * sign-in's audit row.
 */
export async function createSignInLink(
  db: Db,
  typedName: string,
  appUrl: string,
  madeBy: Actor,
  { lifetimeMinutes = SIGN_IN_LINK_LIFETIME_MINUTES, path = SIGN_IN_PATH }: SignInLinkOptions = {},
): Promise<SignInLink | undefined> {
  const name = storedName(typedName);
  const [operator] = await db.select({ id: operators.id }).from(operators).where(activeOperatorNamed(name));
  if (!operator) return undefined;
  const { token, tokenHash } = newSecretToken();
  // Links that expired a day ago go as a new one is made; until then a used or expired link is
  // refused with the reason, rather than as unknown.
  await db
    .delete(operatorSignInLinks)
    .where(
      and(
        eq(operatorSignInLinks.operatorId, operator.id),
        sql`${operatorSignInLinks.expiresAt} <= now() - interval '1 day'`,
      ),
    );
  const [link] = await db
    .insert(operatorSignInLinks)
    .values({
      tokenHash,
      operatorId: operator.id,
      expiresAt: sql`now() + ${sql.raw(`interval '${Math.trunc(lifetimeMinutes)} minutes'`)}`,
      madeBy: madeBy.session ? `${madeBy.name} (session ${madeBy.session})` : madeBy.name,
    })
    .returning({ expiresAt: operatorSignInLinks.expiresAt });
  return {
    name,
    link: `${appUrl.replace(/\/+$/, '')}${path}/${token}`,
    expires_at: link!.expiresAt.toISOString(),
  };
}

const usableLink = (tokenHash: string) =>
  and(
    eq(operatorSignInLinks.tokenHash, tokenHash),
    isNull(operatorSignInLinks.usedAt),
    gt(operatorSignInLinks.expiresAt, sql`now()`),
    eq(operatorSignInLinks.operatorId, operators.id),
    isNull(operators.removedAt),
  );

export type SignInLinkState =
  { state: 'usable'; operator: Operator } | { state: 'used' | 'expired' | 'unknown' };

/**
 * Whose link this is and whether it can still be used; reading it uses nothing up. A link of a
 * removed operator is unknown: it was deleted with them.
 */
export async function signInLinkState(db: Db, token: string): Promise<SignInLinkState> {
  if (!isSecretTokenShaped(token)) return { state: 'unknown' };
  const [row] = await db
    .select({
      id: operators.id,
      name: operators.name,
      role: operators.role,
      used: sql<boolean>`${operatorSignInLinks.usedAt} IS NOT NULL`,
      expired: sql<boolean>`${operatorSignInLinks.expiresAt} <= now()`,
    })
    .from(operatorSignInLinks)
    .innerJoin(operators, eq(operatorSignInLinks.operatorId, operators.id))
    .where(and(eq(operatorSignInLinks.tokenHash, hashSecretToken(token)), isNull(operators.removedAt)));
  if (!row) return { state: 'unknown' };
  if (row.used) return { state: 'used' };
  if (row.expired) return { state: 'expired' };
  return { state: 'usable', operator: { id: row.id, name: row.name, role: roleOf(row.role) } };
}

/**
 * Uses a link up and opens a session for its operator, in one transaction with its audit row (whose
 * link it was, who made it): of two requests with the same link, one gets the session. Answers the
 * session's token (for the cookie), or undefined when the link is unknown, used, expired or its
 * operator removed.
 */
export async function signInWithLink(
  db: Db,
  token: string,
): Promise<{ operator: SessionOperator; sessionToken: string } | undefined> {
  if (!isSecretTokenShaped(token)) return undefined;
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(operatorSignInLinks)
      .set({ usedAt: sql`now()` })
      .from(operators)
      .where(usableLink(hashSecretToken(token)))
      .returning({
        id: operators.id,
        name: operators.name,
        role: operators.role,
        madeBy: operatorSignInLinks.madeBy,
      });
    if (!used) return undefined;
    const operator = { id: used.id, name: used.name, role: roleOf(used.role) };
    // Sessions of theirs that idled out go as a new one starts.
    const idle = await tx
      .delete(operatorSessions)
      .where(
        and(
          eq(operatorSessions.operatorId, used.id),
          sql`${operatorSessions.lastSeenAt} <= now() - ${sessionIdle}`,
        ),
      )
      .returning({ tokenHash: operatorSessions.tokenHash });
    for (const { tokenHash } of idle) await recordIdleEnd(tx, operator, sessionIdOf(tokenHash));
    const session = newSecretToken();
    await tx.insert(operatorSessions).values({ tokenHash: session.tokenHash, operatorId: used.id });
    const signedIn = { ...operator, session: sessionIdOf(session.tokenHash) };
    await recordAudit(
      tx,
      { actor: actorFor(operator, signedIn.session), action: 'operators.sign-in', target: operator.name },
      `signed in with a link made by ${used.madeBy ?? 'an earlier release (not recorded)'}`,
    );
    return { operator: signedIn, sessionToken: session.token };
  });
}

const recordIdleEnd = (db: Db, operator: Operator, session: string) =>
  recordAudit(
    db,
    { actor: actorFor(operator, session), action: 'operators.session-end', target: operator.name },
    `session ended after ${SESSION_IDLE_HOURS} hours without a request`,
  );

/**
 * The operator of a live session, and the session kept alive for another 12 hours; undefined when the
 * token is unknown, idle for 12 hours or its operator removed. One statement, one round trip.
 */
export async function touchSession(db: Db, token: string): Promise<SessionOperator | undefined> {
  if (!isSecretTokenShaped(token)) return undefined;
  const tokenHash = hashSecretToken(token);
  const [row] = await db
    .update(operatorSessions)
    .set({ lastSeenAt: sql`now()` })
    .from(operators)
    .where(
      and(
        eq(operatorSessions.tokenHash, tokenHash),
        gt(operatorSessions.lastSeenAt, sql`now() - ${sessionIdle}`),
        eq(operatorSessions.operatorId, operators.id),
        isNull(operators.removedAt),
      ),
    )
    .returning({ id: operators.id, name: operators.name, role: operators.role });
  if (row) return { ...row, role: roleOf(row.role), session: sessionIdOf(tokenHash) };
  // A session that idled out ends here, the first time its cookie comes back, with its row.
  await db.transaction(async (tx) => {
    const [idle] = await tx
      .delete(operatorSessions)
      .where(
        and(
          eq(operatorSessions.tokenHash, tokenHash),
          sql`${operatorSessions.lastSeenAt} <= now() - ${sessionIdle}`,
        ),
      )
      .returning({ operatorId: operatorSessions.operatorId });
    if (!idle) return;
    const [operator] = await tx
      .select({ id: operators.id, name: operators.name, role: operators.role })
      .from(operators)
      .where(eq(operators.id, idle.operatorId));
    if (operator)
      await recordIdleEnd(tx, { ...operator, role: roleOf(operator.role) }, sessionIdOf(tokenHash));
  });
  return undefined;
}

/** Ends a session (sign-out), with its row in the trail. */
export async function endSession(db: Db, token: string, operator: SessionOperator): Promise<void> {
  if (!isSecretTokenShaped(token)) return;
  await db.transaction(async (tx) => {
    await tx.delete(operatorSessions).where(eq(operatorSessions.tokenHash, hashSecretToken(token)));
    await recordAudit(
      tx,
      { actor: actorFor(operator, operator.session), action: 'operators.sign-out', target: operator.name },
      'signed out',
    );
  });
}
