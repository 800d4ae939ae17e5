import { and, asc, eq, getTableColumns, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { generateInviteCode, normaliseInviteCode } from '../../src/domain/inviteCode';
import type { InviteCodeView } from '../../src/domain/contracts/adminInviteCodes';
import type { Db } from '../db/database';
import { rowToWire } from '../db/rowToWire';
import { inviteCodes } from '../db/schema';

export type InviteCodeState = 'valid' | 'unknown' | 'expired' | 'used_up' | 'revoked';

/** What the visitor reads for each state; distinct, so an organiser can tell what went wrong. */
export const inviteCodeMessages: Record<InviteCodeState, string> = {
  valid: 'Invite code is valid',
  unknown: 'Invalid invite code',
  expired: 'This invite code has expired',
  used_up: 'This invite code has already been used as many times as it allows',
  revoked: 'This invite code is no longer active',
};

/**
 * The one definition of a code that admits a registration right now: not revoked, not expired, a use
 * left. Validation, registration, a member's list, `invite grant` and the waitlist all ask this.
 */
export const usableInviteCode: SQL = sql`(${and(
  isNull(inviteCodes.revokedAt),
  lt(inviteCodes.uses, inviteCodes.maxUses),
  or(isNull(inviteCodes.expiresAt), gt(inviteCodes.expiresAt, sql`now()`)),
)})`;

/** Every state a check can end in: the metrics start a series at zero for each. */
export const inviteCodeStates = Object.keys(inviteCodeMessages) as InviteCodeState[];

/** A code's row and whether it is usable, by the database's clock. */
export const inviteCodeColumns = {
  ...getTableColumns(inviteCodes),
  usable: sql<boolean>`${usableInviteCode}`.mapWith(Boolean),
};

export type InviteCodeRow = typeof inviteCodes.$inferSelect & { usable: boolean };

/** Why a code is not usable, in the order a person is best told: revoked, then expired, then used up. */
export function inviteCodeState(row: InviteCodeRow | undefined): InviteCodeState {
  if (!row) return 'unknown';
  if (row.usable) return 'valid';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= new Date()) return 'expired';
  if (row.uses >= row.maxUses) return 'used_up';
  // Not usable by the database's clock, a moment ahead of ours: it has just expired.
  return 'expired';
}

function prepareLookup(db: Db) {
  return db
    .select(inviteCodeColumns)
    .from(inviteCodes)
    .where(eq(inviteCodes.code, sql.placeholder('code')))
    .limit(1)
    .prepare('find_invite_code');
}

/** One prepared lookup per database: the hottest query (every live check of a code) is built once. */
const preparedLookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

export async function findInviteCode(db: Db, rawCode: string): Promise<InviteCodeRow | undefined> {
  // PostgreSQL text cannot hold NUL: such a code is unknown, not a query error.
  if (rawCode.includes('\u0000')) return undefined;
  let lookup = preparedLookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    preparedLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ code: normaliseInviteCode(rawCode) });
  return row;
}

/**
 * Marks a code as checked for the operator's funnel, once: only when the row the check already read
 * has no date yet, so every later check of the code costs nothing more. Two first checks at the same
 * moment both write; the `IS NULL` keeps the earlier date.
 */
export async function recordFirstCheck(db: Db, row: InviteCodeRow): Promise<void> {
  if (row.firstCheckedAt) return;
  await db
    .update(inviteCodes)
    .set({ firstCheckedAt: sql`now()` })
    .where(and(eq(inviteCodes.code, row.code), isNull(inviteCodes.firstCheckedAt)));
}

/**
 * Takes one use of a code inside the caller's transaction, or returns false. The condition lives in
 * the UPDATE itself so that concurrent registrations cannot both take the last use.
 */
export async function consumeInviteUse(tx: Db, code: string): Promise<boolean> {
  const taken = await tx
    .update(inviteCodes)
    .set({ uses: sql`${inviteCodes.uses} + 1` })
    .where(and(eq(inviteCodes.code, code), usableInviteCode))
    .returning({ code: inviteCodes.code });
  return taken.length === 1;
}

export interface NewInviteCode {
  maxUses: number;
  expiresAt?: Date;
  label?: string;
  /** The waitlist entry this code lets in. */
  waitlistId?: number;
}

export async function createInviteCode(db: Db, { maxUses, expiresAt, label, waitlistId }: NewInviteCode) {
  // 10 characters of a 31-letter alphabet: a collision is astronomically unlikely, but retry anyway.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [row] = await db
      .insert(inviteCodes)
      .values({ code: generateInviteCode(), maxUses, expiresAt, label, waitlistId })
      .onConflictDoNothing()
      .returning(inviteCodeColumns);
    if (row) return row;
  }
  throw new Error('Could not find a free invite code');
}

export async function listInviteCodes(db: Db, label?: string): Promise<InviteCodeRow[]> {
  return db
    .select(inviteCodeColumns)
    .from(inviteCodes)
    .where(label === undefined ? undefined : eq(inviteCodes.label, label))
    .orderBy(asc(inviteCodes.createdAt), asc(inviteCodes.code));
}

const viewStatus: Record<InviteCodeState, InviteCodeView['status']> = {
  valid: 'valid',
  expired: 'expired',
  used_up: 'used up',
  revoked: 'revoked',
  unknown: 'revoked', // never: a row is a known code
};

const inviteCodeWire = rowToWire<InviteCodeRow>()([
  'code',
  'label',
  'uses',
  'maxUses',
  'expiresAt',
  'createdAt',
]);

/** What the operator sees of a code (the admin API's InviteCodeView). */
export function toInviteCodeView(row: InviteCodeRow): InviteCodeView {
  return { ...inviteCodeWire(row), status: viewStatus[inviteCodeState(row)] };
}

/** Returns the revoked row, or undefined when there is no such code. Revoking twice keeps the first date. */
export async function revokeInviteCode(db: Db, rawCode: string): Promise<InviteCodeRow | undefined> {
  const code = normaliseInviteCode(rawCode);
  await db
    .update(inviteCodes)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(inviteCodes.code, code), isNull(inviteCodes.revokedAt)));
  return findInviteCode(db, code);
}

export async function countInviteCodes(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(inviteCodes);
  return row?.count ?? 0;
}
