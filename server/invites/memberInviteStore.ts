import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { generateInviteCode } from '../../src/domain/inviteCode';
import type { Db } from '../db/database';
import { inviteCodes, users, waitlist } from '../db/schema';

/** Most codes one `invite grant` may add: a typo (1000 for 10) should not flood a member. */
export const MAX_GRANT = 100;

export class UnknownMemberError extends Error {
  constructor(userId: string) {
    super(`No member ${userId}.`);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Adds `count` one-use codes to a member's quota, inside the caller's transaction. A clash with an
 * existing code is skipped (ON CONFLICT, so the transaction survives it) and drawn again.
 */
export async function createMemberInvites(tx: Db, userId: string, count: number): Promise<string[]> {
  const created: string[] = [];
  for (let attempt = 0; created.length < count && attempt < 5; attempt += 1) {
    const rows = await tx
      .insert(inviteCodes)
      .values(
        Array.from({ length: count - created.length }, () => ({
          code: generateInviteCode(),
          maxUses: 1,
          invitedBy: userId,
          label: 'member invite',
        })),
      )
      .onConflictDoNothing()
      .returning({ code: inviteCodes.code });
    created.push(...rows.map((row) => row.code));
  }
  if (created.length < count) throw new Error('Could not find free invite codes');
  return created;
}

export interface MemberInvite {
  code: string;
  used: boolean;
}

/** A member's codes, oldest first; revoked codes nobody used are gone from their list. */
export async function listMemberInvites(db: Db, userId: string): Promise<MemberInvite[]> {
  const rows = await db
    .select({ code: inviteCodes.code, uses: inviteCodes.uses })
    .from(inviteCodes)
    .where(and(eq(inviteCodes.invitedBy, userId), or(isNull(inviteCodes.revokedAt), gt(inviteCodes.uses, 0))))
    .orderBy(asc(inviteCodes.createdAt), asc(inviteCodes.code));
  return rows.map((row) => ({ code: row.code, used: row.uses > 0 }));
}

async function memberExists(db: Db, userId: string): Promise<boolean> {
  if (!UUID.test(userId)) return false;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row);
}

/** `invite grant USER_ID N`: N more one-use codes for that member. Returns how many they can still share. */
export async function grantMemberInvites(db: Db, userId: string, count: number): Promise<number> {
  if (!Number.isInteger(count) || count < 1 || count > MAX_GRANT) {
    throw new Error(`N must be a whole number from 1 to ${MAX_GRANT}`);
  }
  return db.transaction(async (tx) => {
    if (!(await memberExists(tx, userId))) throw new UnknownMemberError(userId);
    await createMemberInvites(tx, userId, count);
    const [row] = await tx
      .select({ unused: sql<number>`count(*)::int` })
      .from(inviteCodes)
      .where(
        and(
          eq(inviteCodes.invitedBy, userId),
          isNull(inviteCodes.revokedAt),
          lt(inviteCodes.uses, inviteCodes.maxUses),
        ),
      );
    return row?.unused ?? 0;
  });
}

export interface RevokedBranch {
  /** The member and everyone below them. */
  members: number;
  /** Unused codes revoked now. */
  revokedCodes: number;
}

/**
 * `invite revoke-branch USER_ID`: that member and everyone who joined through them, their invitees
 * and so on, lose every code nobody has used yet. Members themselves stay; used codes stay as history.
 */
export async function revokeBranch(db: Db, userId: string): Promise<RevokedBranch> {
  return db.transaction(async (tx) => {
    if (!(await memberExists(tx, userId))) throw new UnknownMemberError(userId);
    const branch = new Set([userId]);
    let frontier = [userId];
    while (frontier.length) {
      const invitees = await tx
        .select({ id: users.id })
        .from(users)
        .innerJoin(inviteCodes, eq(users.inviteCode, inviteCodes.code))
        .where(inArray(inviteCodes.invitedBy, frontier));
      frontier = invitees.map((row) => row.id).filter((id) => !branch.has(id));
      frontier.forEach((id) => branch.add(id));
    }
    const revoked = await tx
      .update(inviteCodes)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          inArray(inviteCodes.invitedBy, [...branch]),
          isNull(inviteCodes.revokedAt),
          lt(inviteCodes.uses, inviteCodes.maxUses),
        ),
      )
      .returning({ code: inviteCodes.code });
    return { members: branch.size, revokedCodes: revoked.length };
  });
}

export interface InviteTreeCode {
  code: string;
  label: string | null;
  /** Null for the operator's codes. */
  invitedBy: string | null;
  /** The waitlist number the operator let in with this code, when it was one. */
  waitlistPhone: string | null;
  uses: number;
  maxUses: number;
  revoked: boolean;
}

export interface InviteTreeMember {
  id: string;
  firstName: string;
  inviteCode: string;
  registeredAt: string;
}

/** Everything `invite tree` draws: every code, and every member with the code they used. */
export interface InviteTree {
  codes: InviteTreeCode[];
  members: InviteTreeMember[];
}

export async function loadInviteTree(db: Db): Promise<InviteTree> {
  const codes = await db
    .select({
      code: inviteCodes.code,
      label: inviteCodes.label,
      invitedBy: inviteCodes.invitedBy,
      waitlistPhone: waitlist.phone,
      uses: inviteCodes.uses,
      maxUses: inviteCodes.maxUses,
      revokedAt: inviteCodes.revokedAt,
    })
    .from(inviteCodes)
    .leftJoin(waitlist, eq(inviteCodes.waitlistId, waitlist.id))
    .orderBy(asc(inviteCodes.createdAt), asc(inviteCodes.code));
  const members = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      inviteCode: users.inviteCode,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.id));
  return {
    codes: codes.map(({ revokedAt, ...code }) => ({ ...code, revoked: revokedAt !== null })),
    members: members.map(({ createdAt, ...member }) => ({
      ...member,
      registeredAt: createdAt.toISOString(),
    })),
  };
}
