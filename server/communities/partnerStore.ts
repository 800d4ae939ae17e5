import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type {
  EventLink,
  EventLinkWithFunnel,
  PartnerCommunity,
  PartnerFunnel,
} from '../../src/domain/contracts/partner';
import { beyondQuotaMessage } from '../../src/domain/eventLink';
import { joinUrl } from '../../src/domain/invitation';
import { normaliseInviteCode } from '../../src/domain/inviteCode';
import type { Db } from '../db/database';
import { communities, inviteCodes, operators, users } from '../db/schema';
import {
  createInviteCode,
  findInviteCode,
  inviteCodeColumns,
  inviteCodeState,
  type InviteCodeRow,
} from '../invites/inviteCodeStore';

/** The community an organiser's account is bound to, while neither is removed or suspended. */
export interface OrganiserCommunity {
  id: string;
  name: string;
  quota: number;
}

export async function communityOfOrganiser(
  db: Db,
  operatorId: string,
): Promise<OrganiserCommunity | undefined> {
  const [row] = await db
    .select({ id: communities.id, name: communities.name, quota: communities.quota })
    .from(operators)
    .innerJoin(communities, eq(operators.communityId, communities.id))
    .where(and(eq(operators.id, operatorId), isNull(operators.removedAt), isNull(communities.suspendedAt)));
  return row;
}

const STATUS = {
  valid: 'active',
  used_up: 'used_up',
  expired: 'expired',
  revoked: 'revoked',
  unknown: 'revoked',
} as const;

/** A link as its organiser sees it: the code's numbers, never who used it. */
export function toEventLink(row: InviteCodeRow, appUrl: string): EventLink {
  return {
    code: row.code,
    label: row.label ?? '',
    max_uses: row.maxUses,
    uses: row.uses,
    status: STATUS[inviteCodeState(row)],
    expires_on: (row.expiresAt ?? new Date()).toISOString().slice(0, 10),
    share_url: joinUrl(appUrl, row.code),
  };
}

/**
 * Places given out: a live link holds its whole cap; a revoked or expired one keeps what it used. The
 * quota less this is what new links may still admit, so live caps never add up past the quota.
 */
export const placesTaken = sql<number>`coalesce(sum(CASE
  WHEN ${inviteCodes.revokedAt} IS NOT NULL OR ${inviteCodes.expiresAt} <= now() THEN ${inviteCodes.uses}
  ELSE ${inviteCodes.maxUses} END), 0)::int`;

async function placesLeft(db: Db, community: OrganiserCommunity): Promise<number> {
  const [row] = await db
    .select({ taken: placesTaken })
    .from(inviteCodes)
    .where(eq(inviteCodes.communityId, community.id));
  return Math.max(0, community.quota - (row?.taken ?? 0));
}

/** A link the quota has no room for, in the sentence the organiser reads: nothing made. */
export interface EventLinkRefusal {
  refused: string;
}

/**
 * A new link of the community, inside the caller's transaction. The community's row is locked first,
 * so that two links made at once cannot both take the last places (refused, with the sentence).
 */
export async function createEventLink(
  tx: Db,
  community: OrganiserCommunity,
  link: { label: string; maxUses: number; expiresAt: Date },
): Promise<InviteCodeRow | EventLinkRefusal> {
  await tx
    .select({ id: communities.id })
    .from(communities)
    .where(eq(communities.id, community.id))
    .for('update');
  const left = await placesLeft(tx, community);
  if (link.maxUses > left) return { refused: beyondQuotaMessage(link.maxUses, left, community.quota) };
  const created = await createInviteCode(tx, {
    maxUses: link.maxUses,
    expiresAt: link.expiresAt,
    label: link.label,
  });
  await tx.update(inviteCodes).set({ communityId: community.id }).where(eq(inviteCodes.code, created.code));
  return { ...created, communityId: community.id };
}

/** The community's link of this code, or undefined: another community's code is as unknown as none. */
export async function eventLinkOf(
  db: Db,
  communityId: string,
  rawCode: string,
): Promise<InviteCodeRow | undefined> {
  const row = await findInviteCode(db, rawCode);
  return row?.communityId === communityId ? row : undefined;
}

/** Revokes the community's link of this code (again is harmless); undefined when it has no such link. */
export async function revokeEventLink(
  tx: Db,
  communityId: string,
  rawCode: string,
): Promise<InviteCodeRow | undefined> {
  const code = normaliseInviteCode(rawCode);
  if (!(await eventLinkOf(tx, communityId, code))) return undefined;
  await tx
    .update(inviteCodes)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(inviteCodes.code, code), isNull(inviteCodes.revokedAt)));
  return (await findInviteCode(tx, code))!;
}

const NO_ONE: PartnerFunnel = { checked: 0, registered: 0, linked: 0, onboarded: 0 };

/** Counts per code of the community's members: how many, never who. */
async function memberCountsByCode(db: Db, communityId: string) {
  const rows = await db
    .select({
      code: users.inviteCode,
      registered: sql<number>`count(*)::int`,
      linked: sql<number>`count(${users.linkedAt})::int`,
      onboarded: sql<number>`count(${users.onboardedAt})::int`,
    })
    .from(users)
    .where(eq(users.communityId, communityId))
    .groupBy(users.inviteCode);
  return new Map(rows.map(({ code, ...counts }) => [code, counts]));
}

export async function listEventLinks(
  db: Db,
  communityId: string,
  appUrl: string,
): Promise<EventLinkWithFunnel[]> {
  const rows = await db
    .select(inviteCodeColumns)
    .from(inviteCodes)
    .where(eq(inviteCodes.communityId, communityId))
    .orderBy(desc(inviteCodes.createdAt), desc(inviteCodes.code));
  const members = await memberCountsByCode(db, communityId);
  return rows.map((row) => ({
    ...toEventLink(row, appUrl),
    funnel: {
      ...NO_ONE,
      checked: row.firstCheckedAt ? 1 : 0,
      ...members.get(row.code),
    },
  }));
}

export async function readPartnerCommunity(db: Db, community: OrganiserCommunity): Promise<PartnerCommunity> {
  const [checked] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(inviteCodes)
    .where(and(eq(inviteCodes.communityId, community.id), isNotNull(inviteCodes.firstCheckedAt)));
  const funnel = { ...NO_ONE, checked: checked?.count ?? 0 };
  for (const counts of (await memberCountsByCode(db, community.id)).values()) {
    funnel.registered += counts.registered;
    funnel.linked += counts.linked;
    funnel.onboarded += counts.onboarded;
  }
  return {
    community_id: community.id,
    name: community.name,
    quota: community.quota,
    uses_left: await placesLeft(db, community),
    funnel,
  };
}
