import { isMemberId } from '../../src/domain/memberProfile';
import { and, eq, getTableName, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/database';
import {
  accessTokens,
  erasedInviteNodes,
  inviteCodes,
  networkEntries,
  nominations,
  privacyCounters,
  userPhotos,
  users,
  waitlist,
  webhookEvents,
} from '../db/schema';
import { enqueueEvent } from '../webhooks/outbox';

/** The only trace an erasure leaves: how many there have been. */
export const MEMBERS_ERASED_COUNTER = 'members_erased';

/** Every table the erasure deleted from, whose files held the member's data. */
const TABLES_WITH_ERASED_DATA = [
  getTableName(accessTokens),
  getTableName(userPhotos),
  getTableName(networkEntries),
  getTableName(nominations),
  getTableName(inviteCodes),
  getTableName(waitlist),
  getTableName(users),
  getTableName(webhookEvents),
];

/** What an erasure removed, counted: the audit trail's effect, with nothing that names the person. */
export interface ErasureSummary {
  photos: number;
  networkEntries: number;
  nominations: number;
  unusedInviteCodes: number;
}

/**
 * Erases a member and everything that hangs off them, inside the caller's transaction: photos,
 * network entries, access keys, the nominations they made and those others made of their number,
 * their unused invite codes, their waitlist entry, then the member row (with phone, names and the
 * WhatsApp linking code). The invite code they used stays, with its use counted, as it is the
 * organiser's; their place in the invite tree stays as an anonymous node, so a branch revoked above
 * them still reaches below. Undefined when there is no such member.
 */
export async function eraseMemberRows(tx: Db, userId: string): Promise<ErasureSummary | undefined> {
  if (!isMemberId(userId)) return undefined;
  // Locks the row first, so a second erasure of the same member waits and then finds nothing.
  const [member] = await tx
    .select({ id: users.id, phone: users.phone, inviteCode: users.inviteCode })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!member) return undefined;

  // The foreign keys cascade too; deleting each table by name keeps this list the one place to
  // read what an erasure covers, and fails loudly if a new table references users without a rule.
  await tx.delete(accessTokens).where(eq(accessTokens.userId, userId));
  const photos = (
    await tx.delete(userPhotos).where(eq(userPhotos.userId, userId)).returning({ id: userPhotos.userId })
  ).length;
  const entries = (
    await tx
      .delete(networkEntries)
      .where(eq(networkEntries.userId, userId))
      .returning({ id: networkEntries.id })
  ).length;
  const made = (
    await tx.delete(nominations).where(eq(nominations.nominatedBy, userId)).returning({ id: nominations.id })
  ).length;
  // Other members' nominations of them hold their name and number too.
  const ofThem = (
    await tx.delete(nominations).where(eq(nominations.phone, member.phone)).returning({ id: nominations.id })
  ).length;
  // Codes they were given and nobody used go; a used one stays (a friend registered with it) and
  // hangs from their anonymous node instead of from them.
  const unusedCodes = (
    await tx
      .delete(inviteCodes)
      .where(and(eq(inviteCodes.invitedBy, userId), eq(inviteCodes.uses, 0)))
      .returning({ id: inviteCodes.code })
  ).length;
  const [node] = await tx
    .insert(erasedInviteNodes)
    .values({ inviteCode: member.inviteCode })
    .returning({ id: erasedInviteNodes.id });
  await tx
    .update(inviteCodes)
    .set({ invitedBy: null, invitedByErased: node!.id })
    .where(eq(inviteCodes.invitedBy, userId));
  // Their number's waitlist entry, if they waited before joining: it holds their phone and name.
  await tx.delete(waitlist).where(eq(waitlist.phone, member.phone));
  await tx.delete(users).where(eq(users.id, userId));

  await tx
    .insert(privacyCounters)
    .values({ name: MEMBERS_ERASED_COUNTER, value: 1 })
    .onConflictDoUpdate({
      target: privacyCounters.name,
      set: { value: sql`${privacyCounters.value} + 1` },
    });

  // Earlier events about them carry their profile (member.registered): delivered or not, they go,
  // and one `member.deleted` with nothing but the random user id tells the assistant to forget them.
  await tx
    .delete(webhookEvents)
    .where(sql`(${webhookEvents.body}::jsonb -> 'data' ->> 'user_id') = ${userId}`);
  await enqueueEvent(tx, 'member.deleted', { user_id: userId });
  return { photos, networkEntries: entries, nominations: made + ofThem, unusedInviteCodes: unusedCodes };
}

/**
 * After rows holding personal data were deleted and committed: the database lets go of their bytes
 * (deleted rows are invisible, but still in the files until then).
 */
export async function forgetErasedRows(forgetDeletedRows?: Database['forgetDeletedRows']): Promise<void> {
  await forgetDeletedRows?.(TABLES_WITH_ERASED_DATA);
}

/** `DELETE /api/me`: the member erases themselves, in one transaction. False when there is no such member. */
export async function eraseMember(
  db: Db,
  userId: string,
  forgetDeletedRows?: Database['forgetDeletedRows'],
): Promise<boolean> {
  const erased = await db.transaction(async (tx) => (await eraseMemberRows(tx, userId)) !== undefined);
  if (erased) await forgetErasedRows(forgetDeletedRows);
  return erased;
}
