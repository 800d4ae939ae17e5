import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { isMemberId } from '../../src/domain/memberProfile';
import { phoneForLists } from '../../src/domain/phoneNumber';
import type {
  MemberInvite as MemberInviteView,
  MemberInviteStatus,
  MemberInvitesAnswer,
} from '../../src/domain/contracts/memberInvites';
import { generateInviteCode } from '../../src/domain/inviteCode';
import { limits } from '../../src/domain/limits';
import type { InviteTree } from '../../src/domain/contracts/adminInviteCodes';
import type { Db } from '../db/database';
import { rowToWire } from '../db/rowToWire';
import { communities, erasedInviteNodes, inviteCodes, users, waitlist } from '../db/schema';
import { usableInviteCode } from './inviteCodeStore';

/** Most codes one `invite grant` may add (src/domain/limits.ts). */
export const MAX_GRANT = limits.admin.grantMax;

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

/**
 * A code as the store reads it: the contract's code and status (`unused` is the only one a friend can
 * still join with; a used code stays used whatever happens next); the route adds its links.
 */
export type MemberInvite = Pick<MemberInviteView, 'code' | 'status'>;

const memberInviteStatus = sql<MemberInviteStatus>`CASE
  WHEN ${usableInviteCode} THEN 'unused'
  WHEN ${inviteCodes.uses} > 0 THEN 'used'
  WHEN ${inviteCodes.revokedAt} IS NOT NULL THEN 'revoked'
  ELSE 'expired' END`;

/** A member's codes, oldest first, each with what it is now. */
export async function listMemberInvites(db: Db, userId: string): Promise<MemberInvite[]> {
  return db
    .select({ code: inviteCodes.code, status: memberInviteStatus })
    .from(inviteCodes)
    .where(eq(inviteCodes.invitedBy, userId))
    .orderBy(asc(inviteCodes.createdAt), asc(inviteCodes.code));
}

/**
 * The contract's `unlocked` (the member's number is proven: their WhatsApp chat is linked, so their
 * quota was issued), with, while locked, the code of their WhatsApp link unless it has expired: the
 * route turns it into `whatsapp_url`.
 */
export type MemberInviteList = Pick<MemberInvitesAnswer, 'unlocked'> & {
  linkingCode: string | null;
  invites: MemberInvite[];
};

/** What `GET /api/me/invites` shows; undefined when there is no such member. */
export async function loadMemberInviteList(db: Db, userId: string): Promise<MemberInviteList | undefined> {
  const [member] = await db
    .select({
      linked: sql<boolean>`${users.linkedAt} IS NOT NULL`,
      linkingCode: users.linkingCode,
      linkingCodeLive: sql<boolean>`${users.linkingCodeExpiresAt} > now()`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) return undefined;
  return {
    unlocked: member.linked,
    linkingCode: !member.linked && member.linkingCodeLive ? member.linkingCode : null,
    invites: await listMemberInvites(db, userId),
  };
}

async function memberExists(db: Db, userId: string): Promise<boolean> {
  if (!isMemberId(userId)) return false;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row);
}

/**
 * `invite grant USER_ID N`: N more one-use codes for that member. Returns how many they can still
 * share, or undefined when there is no such member (nothing granted).
 */
export async function grantMemberInvites(db: Db, userId: string, count: number): Promise<number | undefined> {
  // The route's schema bounds N; anything else here is a caller's bug.
  if (!Number.isInteger(count) || count < 1 || count > MAX_GRANT) {
    throw new RangeError(`N must be a whole number from 1 to ${MAX_GRANT}`);
  }
  return db.transaction(async (tx) => {
    if (!(await memberExists(tx, userId))) return undefined;
    await createMemberInvites(tx, userId, count);
    const [row] = await tx
      .select({ unused: sql<number>`count(*)::int` })
      .from(inviteCodes)
      .where(and(eq(inviteCodes.invitedBy, userId), usableInviteCode));
    return row?.unused ?? 0;
  });
}

export interface RevokedBranch {
  /** The member and every member below them (erased ones not counted). */
  members: number;
  /** Unused codes revoked now. */
  revokedCodes: number;
}

/** Codes issued by any of these tree nodes: members' ids or erased members' anonymous ids. */
const issuedByAnyOf = (nodes: string[]) =>
  or(inArray(inviteCodes.invitedBy, nodes), inArray(inviteCodes.invitedByErased, nodes));

/**
 * `invite revoke-branch USER_ID`: that member and everyone who joined through them, their invitees
 * and so on, lose every code nobody has used yet. Members themselves stay; used codes stay as history.
 * The walk goes through members who erased their account (their anonymous nodes), so erasing oneself
 * cannot cut a branch loose. Undefined when there is no such member (nothing revoked).
 */
export async function revokeBranch(db: Db, userId: string): Promise<RevokedBranch | undefined> {
  return db.transaction(async (tx) => {
    if (!(await memberExists(tx, userId))) return undefined;
    const members = new Set([userId]);
    const branch = new Set([userId]);
    let frontier = [userId];
    while (frontier.length) {
      const invitees = await tx
        .select({ id: users.id })
        .from(users)
        .innerJoin(inviteCodes, eq(users.inviteCode, inviteCodes.code))
        .where(issuedByAnyOf(frontier));
      const erasedInvitees = await tx
        .select({ id: erasedInviteNodes.id })
        .from(erasedInviteNodes)
        .innerJoin(inviteCodes, eq(erasedInviteNodes.inviteCode, inviteCodes.code))
        .where(issuedByAnyOf(frontier));
      invitees.forEach((row) => members.add(row.id));
      frontier = [...invitees, ...erasedInvitees].map((row) => row.id).filter((id) => !branch.has(id));
      frontier.forEach((id) => branch.add(id));
    }
    const revoked = await tx
      .update(inviteCodes)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          issuedByAnyOf([...branch]),
          isNull(inviteCodes.revokedAt),
          lt(inviteCodes.uses, inviteCodes.maxUses),
        ),
      )
      .returning({ code: inviteCodes.code });
    return { members: members.size, revokedCodes: revoked.length };
  });
}

/** Every `invite tree` code as the admin API shows it; the wire names follow the query's. */
const treeCodeWire = rowToWire<{
  code: string;
  label: string | null;
  invitedBy: string | null;
  uses: number;
  maxUses: number;
}>()(['code', 'label', 'invitedBy', 'uses', 'maxUses']);

const treeMemberWire = rowToWire<{
  id: string;
  firstName: string | null;
  inviteCode: string;
  createdAt: Date | null;
}>()(['id', 'firstName', 'inviteCode'], { registered_at: 'createdAt' });

/** Everything `invite tree` draws: every code, and every member with the code they used. */
export async function loadInviteTree(db: Db): Promise<InviteTree> {
  const codes = await db
    .select({
      code: inviteCodes.code,
      label: inviteCodes.label,
      invitedBy: sql<string | null>`coalesce(${inviteCodes.invitedBy}, ${inviteCodes.invitedByErased})`,
      waitlistPhone: waitlist.phone,
      uses: inviteCodes.uses,
      maxUses: inviteCodes.maxUses,
      revokedAt: inviteCodes.revokedAt,
      communityId: communities.id,
      communityName: communities.name,
    })
    .from(inviteCodes)
    .leftJoin(waitlist, eq(inviteCodes.waitlistId, waitlist.id))
    .leftJoin(communities, eq(inviteCodes.communityId, communities.id))
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
  const erased = await db
    .select({ id: erasedInviteNodes.id, inviteCode: erasedInviteNodes.inviteCode })
    .from(erasedInviteNodes)
    .orderBy(asc(erasedInviteNodes.id));
  return {
    codes: codes.map((code) => ({
      ...treeCodeWire(code),
      // The waitlist number the operator let in with this code, masked as lists show phones.
      waitlist_phone: code.waitlistPhone === null ? null : phoneForLists(code.waitlistPhone),
      revoked: code.revokedAt !== null,
      // An event link (issue 50): the operator sees which community's room came in through it.
      community: code.communityId === null ? null : { id: code.communityId, name: code.communityName ?? '' },
    })),
    members: [
      ...members.map((member) => ({ ...treeMemberWire(member), erased: false })),
      ...erased.map((node) => ({
        ...treeMemberWire({ ...node, firstName: null, createdAt: null }),
        erased: true,
      })),
    ],
  };
}
