import { asc } from 'drizzle-orm';
import type { WaitlistEntryView } from '../../src/domain/contracts/adminWaitlist';
import type { Db } from '../db/database';
import { waitlist } from '../db/schema';
import { waitlistStatus } from './waitlistInvites';

/** Joining twice stores one row: the second insert does nothing, and the caller answers alike. */
export async function joinWaitlistByPhone(db: Db, phone: string, name: string | undefined): Promise<void> {
  await db
    .insert(waitlist)
    .values({ phone, name: name || null })
    .onConflictDoNothing({ target: waitlist.phone });
}

export async function joinWaitlistByEmail(db: Db, email: string): Promise<void> {
  await db.insert(waitlist).values({ email }).onConflictDoNothing({ target: waitlist.email });
}

export type WaitlistRow = typeof waitlist.$inferSelect;

export async function listWaitlist(db: Db): Promise<WaitlistRow[]> {
  return db.select().from(waitlist).orderBy(asc(waitlist.createdAt), asc(waitlist.id));
}

/** What the operator sees of an entry (the admin API's WaitlistEntryView). */
export function toWaitlistEntryView(row: WaitlistRow): WaitlistEntryView {
  return {
    phone: row.phone,
    email: row.email,
    name: row.name,
    joinedAt: row.createdAt.toISOString(),
    status: waitlistStatus(row),
  };
}
