import { and, asc, eq, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import { joinUrl, whatsAppInvitationUrl } from '../../src/domain/invitation';
import { waitlistPhoneToE164 } from '../../src/domain/phoneNumber';
import { brand } from '../../src/config/brand';
import type { WaitlistInvitation, WaitlistStatus } from '../../src/domain/contracts/adminWaitlist';
import type { Db } from '../db/database';
import { inviteCodes, users, waitlist } from '../db/schema';
import { createInviteCode, usableInviteCode } from '../invites/inviteCodeStore';

export function waitlistStatus(row: { invitedAt: Date | null; joinedAt: Date | null }): WaitlistStatus {
  if (row.joinedAt) return 'joined';
  return row.invitedAt ? 'invited' : 'waiting';
}

/** The operator's mistake in one sentence (bad number, not on the list, already a member): nothing done. */
export interface WaitlistInviteRefusal {
  refused: string;
}

/** Inside the registration transaction: a waitlist entry becomes `joined` when its number registers. */
export async function markWaitlistJoined(tx: Db, phone: string): Promise<void> {
  await tx
    .update(waitlist)
    .set({ joinedAt: sql`now()` })
    .where(and(eq(waitlist.phone, phone), isNull(waitlist.joinedAt)));
}

async function usableCodeFor(tx: Db, waitlistId: number): Promise<string | undefined> {
  const [row] = await tx
    .select({ code: inviteCodes.code })
    .from(inviteCodes)
    .where(and(eq(inviteCodes.waitlistId, waitlistId), usableInviteCode))
    .limit(1);
  return row?.code;
}

async function inviteEntry(
  tx: Db,
  entry: { id: number; phone: string },
  appUrl: string,
): Promise<WaitlistInvitation> {
  // Inviting the same number twice sends the same code again rather than leaving two open.
  const code =
    (await usableCodeFor(tx, entry.id)) ??
    (await createInviteCode(tx, { maxUses: 1, label: 'waitlist', waitlistId: entry.id })).code;
  await tx
    .update(waitlist)
    .set({ invitedAt: sql`now()` })
    .where(eq(waitlist.id, entry.id));
  const shareUrl = joinUrl(appUrl, code);
  return {
    phone: entry.phone,
    code,
    share_url: shareUrl,
    whatsapp_url: whatsAppInvitationUrl(brand.productName, shareUrl, entry.phone),
  };
}

/** `waitlist invite PHONE`: the number as typed, read by the same rule as the waitlist form. */
export async function inviteWaitlistPhone(
  db: Db,
  rawPhone: string,
  appUrl: string,
): Promise<WaitlistInvitation | WaitlistInviteRefusal> {
  const phone = waitlistPhoneToE164(rawPhone);
  if (!phone) return { refused: `"${rawPhone}" is not a valid phone number.` };
  return db.transaction(async (tx) => {
    const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
    if (member) return { refused: `${phone} is already registered (member ${member.id}); no code made.` };
    const [entry] = await tx.select().from(waitlist).where(eq(waitlist.phone, phone)).limit(1);
    if (!entry) return { refused: `${phone} is not on the waitlist.` };
    return inviteEntry(tx, { id: entry.id, phone }, appUrl);
  });
}

/** `waitlist invite --next N`: the N longest-waiting numbers that are not members yet. */
export async function inviteNextWaiting(db: Db, count: number, appUrl: string) {
  if (!Number.isInteger(count) || count < 1 || count > 1000) {
    // The route's schema bounds N; anything else here is a caller's bug.
    throw new RangeError('--next wants a whole number from 1 to 1000.');
  }
  return db.transaction(async (tx) => {
    const entries = await tx
      .select({ id: waitlist.id, phone: waitlist.phone })
      .from(waitlist)
      .where(
        and(
          isNotNull(waitlist.phone),
          isNull(waitlist.invitedAt),
          isNull(waitlist.joinedAt),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(users)
              .where(eq(users.phone, waitlist.phone)),
          ),
        ),
      )
      .orderBy(asc(waitlist.createdAt), asc(waitlist.id))
      .limit(count);
    const invitations: WaitlistInvitation[] = [];
    for (const entry of entries)
      invitations.push(await inviteEntry(tx, { id: entry.id, phone: entry.phone! }, appUrl));
    return invitations;
  });
}
