import { eq, sql } from 'drizzle-orm';
import { toE164 } from '../../src/domain/phoneNumber';
import type { Db } from '../db/database';
import { users } from '../db/schema';
import type { MemberStatus } from '../../src/domain/memberProfile';
import { createMemberInvites } from '../invites/memberInviteStore';
import { enqueueEvent } from '../webhooks/outbox';

/** How long after registration the linking code in the wa.me message works. */
export const LINKING_CODE_LIFETIME_DAYS = 30;

export type LinkOutcome =
  { outcome: 'linked'; userId: string } | { outcome: 'unknown_code' | 'expired' | 'wrong_number' };

/** Codes are issued in capitals; a person typing one by hand may not. */
export function normaliseLinkingCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/**
 * WhatsApp reports numbers as bare international digits ("447911123456"); the member registered
 * "+44 7911 123456". Both become E.164 before comparing; anything unreadable matches nobody.
 */
function whatsAppNumberToE164(raw: string): string | null {
  const trimmed = raw.trim();
  const digits = trimmed.replace(/[\s\-().]/g, '');
  return toE164(/^\d+$/.test(digits) ? `+${digits}` : trimmed);
}

/**
 * Ties the member's WhatsApp chat to their registration, and so proves their number: their
 * `memberInvites` codes are issued in the same transaction. Only the number that registered may use
 * the code, and it is checked before anything else about the code, so another number learns nothing
 * (not even whether the code was used). The same number presenting it again (the assistant retrying
 * after a lost answer) is linked already: the same outcome, no second event, no more codes. The row
 * is locked while it is checked, so two concurrent links cannot both issue codes.
 */
export async function linkMember(
  db: Db,
  rawCode: string,
  whatsappNumber: string,
  memberInvites: number,
): Promise<LinkOutcome> {
  const code = normaliseLinkingCode(rawCode);
  const number = whatsAppNumberToE164(whatsappNumber);
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({
        id: users.id,
        phone: users.phone,
        usedAt: users.linkingCodeUsedAt,
        expired: sql<boolean>`${users.linkingCodeExpiresAt} <= now()`,
      })
      .from(users)
      .where(eq(users.linkingCode, code))
      .for('update');
    if (!member) return { outcome: 'unknown_code' };
    if (member.phone !== number) return { outcome: 'wrong_number' };
    if (member.usedAt) return { outcome: 'linked', userId: member.id };
    if (member.expired) return { outcome: 'expired' };

    const [linked] = await tx
      .update(users)
      .set({
        linkingCodeUsedAt: sql`now()`,
        linkedAt: sql`now()`,
        // Never back: a member onboarded some other way stays onboarded.
        status: sql`CASE WHEN ${users.status} = 'registered' THEN 'linked' ELSE ${users.status} END`,
      })
      .where(eq(users.id, member.id))
      .returning({ status: users.status, linkedAt: users.linkedAt });
    await createMemberInvites(tx, member.id, memberInvites);
    await enqueueEvent(
      tx,
      'member.linked',
      // The CASE above never leaves a linked member 'registered'.
      {
        user_id: member.id,
        status: linked!.status as 'linked' | 'onboarded',
        linked_at: linked!.linkedAt!.toISOString(),
      },
      linked!.linkedAt!,
    );
    return { outcome: 'linked', userId: member.id };
  });
}

export type OnboardOutcome = { outcome: 'onboarded' } | { outcome: 'not_found' | 'not_linked' };

/**
 * The first conversation (or call) is done. Idempotent: a second call changes nothing and sends no
 * second event. A member must be linked first: the assistant cannot have talked to them otherwise.
 */
export async function markOnboarded(db: Db, userId: string): Promise<OnboardOutcome> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ status: users.status })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!member) return { outcome: 'not_found' };
    const status: MemberStatus = member.status;
    if (status === 'onboarded') return { outcome: 'onboarded' };
    if (status === 'registered') return { outcome: 'not_linked' };

    const [onboarded] = await tx
      .update(users)
      .set({ status: 'onboarded', onboardedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning({ onboardedAt: users.onboardedAt });
    await enqueueEvent(
      tx,
      'member.onboarded',
      { user_id: userId, status: 'onboarded', onboarded_at: onboarded!.onboardedAt!.toISOString() },
      onboarded!.onboardedAt!,
    );
    return { outcome: 'onboarded' };
  });
}
