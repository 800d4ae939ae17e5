import { asc } from 'drizzle-orm';
import type { Db } from '../db/database';
import { waitlist } from '../db/schema';

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

export interface WaitlistRow {
  id: number;
  phone: string | null;
  email: string | null;
  name: string | null;
  createdAt: Date;
  invitedAt: Date | null;
  joinedAt: Date | null;
}

export async function listWaitlist(db: Db): Promise<WaitlistRow[]> {
  return db.select().from(waitlist).orderBy(asc(waitlist.createdAt), asc(waitlist.id));
}
