import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { CommunityView } from '../../src/domain/contracts/adminCommunities';
import { recordAudit } from '../admin/auditTrail';
import type { Db } from '../db/database';
import {
  communities,
  inviteCodes,
  operators,
  operatorSessions,
  operatorSignInLinks,
  users,
} from '../db/schema';
import { usableInviteCode } from '../invites/inviteCodeStore';
import { sessionIdOf } from '../operator/operatorAccounts';
import { placesTaken } from './partnerStore';

/**
 * The communities as operators run them (issue 50): the list with each one's figures, and the
 * suspension. Counts only, as the organiser sees them: the operator reads members elsewhere.
 */

const organiserOfCommunity = and(
  eq(operators.communityId, communities.id),
  eq(operators.role, 'organiser'),
  isNull(operators.removedAt),
);

/** Every community, newest first, with its organiser, places, live links and funnel; no phone. */
export async function listCommunities(db: Db): Promise<CommunityView[]> {
  const rows = await db
    .select({
      id: communities.id,
      name: communities.name,
      quota: communities.quota,
      createdAt: communities.createdAt,
      suspendedAt: communities.suspendedAt,
      organiser: operators.name,
    })
    .from(communities)
    .leftJoin(operators, organiserOfCommunity)
    .orderBy(desc(communities.createdAt), desc(communities.id));
  // The same counts as the organiser's own page (partnerStore): codes checked, members by how far.
  const links = await db
    .select({
      communityId: inviteCodes.communityId,
      taken: placesTaken,
      live: sql<number>`coalesce(sum(CASE WHEN ${usableInviteCode} THEN 1 ELSE 0 END), 0)::int`,
      checked: sql<number>`count(${inviteCodes.firstCheckedAt})::int`,
    })
    .from(inviteCodes)
    .where(isNotNull(inviteCodes.communityId))
    .groupBy(inviteCodes.communityId);
  const members = await db
    .select({
      communityId: users.communityId,
      registered: sql<number>`count(*)::int`,
      linked: sql<number>`count(${users.linkedAt})::int`,
      onboarded: sql<number>`count(${users.onboardedAt})::int`,
    })
    .from(users)
    .where(isNotNull(users.communityId))
    .groupBy(users.communityId);
  const linksOf = new Map(links.map((row) => [row.communityId, row]));
  const membersOf = new Map(members.map((row) => [row.communityId, row]));
  return rows.map((row) => {
    const link = linksOf.get(row.id);
    const member = membersOf.get(row.id);
    return {
      id: row.id,
      name: row.name,
      organiser: row.organiser,
      status: row.suspendedAt ? 'suspended' : 'active',
      quota: row.quota,
      uses_left: Math.max(0, row.quota - Number(link?.taken ?? 0)),
      live_links: Number(link?.live ?? 0),
      funnel: {
        checked: Number(link?.checked ?? 0),
        registered: Number(member?.registered ?? 0),
        linked: Number(member?.linked ?? 0),
        onboarded: Number(member?.onboarded ?? 0),
      },
      created_at: row.createdAt.toISOString(),
      suspended_at: row.suspendedAt?.toISOString() ?? null,
    };
  });
}

export type CommunitySuspension =
  | { outcome: 'unknown' }
  | { outcome: 'already'; name: string; suspendedAt: Date }
  | { outcome: 'suspended'; name: string; suspendedAt: Date; linksStopped: number; sessionsEnded: number };

/**
 * Suspends a community inside the caller's transaction. Its row is locked first, as a new event link
 * locks it, so that no link is made beside the suspension. Its live links are revoked (a visitor with
 * one reads what a revoked code answers, and registration through it is refused), its organiser's
 * sessions end (each with its row in the trail, as when an operator is removed) and their unused
 * sign-in links go, so no new sign-in opens the partner area.
 */
export async function suspendCommunity(tx: Db, communityId: string): Promise<CommunitySuspension> {
  const [community] = await tx
    .select({ name: communities.name, suspendedAt: communities.suspendedAt })
    .from(communities)
    .where(eq(communities.id, communityId))
    .for('update');
  if (!community) return { outcome: 'unknown' };
  if (community.suspendedAt)
    return { outcome: 'already', name: community.name, suspendedAt: community.suspendedAt };
  const [suspended] = await tx
    .update(communities)
    .set({ suspendedAt: sql`now()` })
    .where(eq(communities.id, communityId))
    .returning({ suspendedAt: communities.suspendedAt });
  const stopped = await tx
    .update(inviteCodes)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(inviteCodes.communityId, communityId), usableInviteCode))
    .returning({ code: inviteCodes.code });
  const organisers = await tx
    .select({ id: operators.id, name: operators.name })
    .from(operators)
    .where(and(eq(operators.communityId, communityId), eq(operators.role, 'organiser')));
  let sessionsEnded = 0;
  const ids = organisers.map((organiser) => organiser.id);
  if (ids.length > 0) {
    const ended = await tx
      .delete(operatorSessions)
      .where(inArray(operatorSessions.operatorId, ids))
      .returning({ tokenHash: operatorSessions.tokenHash, operatorId: operatorSessions.operatorId });
    for (const { tokenHash, operatorId } of ended) {
      const organiser = organisers.find((one) => one.id === operatorId)!;
      await recordAudit(
        tx,
        {
          actor: { name: `organiser:${organiser.name}`, role: 'organiser', session: sessionIdOf(tokenHash) },
          action: 'operators.session-end',
          target: organiser.name,
        },
        'session ended: the community was suspended',
      );
    }
    sessionsEnded = ended.length;
    await tx
      .delete(operatorSignInLinks)
      .where(and(inArray(operatorSignInLinks.operatorId, ids), isNull(operatorSignInLinks.usedAt)));
  }
  return {
    outcome: 'suspended',
    name: community.name,
    suspendedAt: suspended!.suspendedAt!,
    linksStopped: stopped.length,
    sessionsEnded,
  };
}

/** Whether this organiser's community is suspended: their sign-in link then opens nothing. */
export async function organiserSuspended(db: Db, operatorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: communities.id })
    .from(operators)
    .innerJoin(communities, eq(operators.communityId, communities.id))
    .where(and(eq(operators.id, operatorId), isNotNull(communities.suspendedAt)));
  return row !== undefined;
}

/**
 * Locks the community's row for a new event link, inside the caller's transaction, and answers
 * whether it is still live: a link made while the suspension commits would otherwise escape it.
 */
export async function lockLiveCommunity(tx: Db, communityId: string): Promise<boolean> {
  const [row] = await tx
    .select({ suspendedAt: communities.suspendedAt })
    .from(communities)
    .where(eq(communities.id, communityId))
    .for('update');
  return row !== undefined && row.suspendedAt === null;
}
