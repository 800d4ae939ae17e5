import { asc, eq } from 'drizzle-orm';
import type { WaitlistEntryView, WaitlistListEntry } from '../../src/domain/contracts/adminWaitlist';
import { phoneForLists } from '../../src/domain/phoneNumber';
import type { Db } from '../db/database';
import { rowToWire } from '../db/rowToWire';
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

const waitlistWire = rowToWire<WaitlistRow>()(['phone', 'email', 'name'], { joined_at: 'createdAt' });

/** What the operator sees of an entry (the admin API's WaitlistEntryView). */
export function toWaitlistEntryView(row: WaitlistRow): WaitlistEntryView {
  return { ...waitlistWire(row), status: waitlistStatus(row) };
}

/** "ada@example.org" → "a•••@example.org": enough to tell entries apart, not to write to. */
function emailForLists(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email.slice(0, 1)}•••${email.slice(at)}` : '•••';
}

/** What the operator's list shows of an entry: its id, the phone and e-mail masked. */
export function toWaitlistListEntry(row: WaitlistRow): WaitlistListEntry {
  return {
    ...toWaitlistEntryView(row),
    id: row.id,
    phone: row.phone === null ? null : phoneForLists(row.phone),
    email: row.email === null ? null : emailForLists(row.email),
  };
}

/** The phone of one entry, for an invitation by id; undefined for no such entry (or one by e-mail). */
export async function waitlistPhoneOf(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db.select({ phone: waitlist.phone }).from(waitlist).where(eq(waitlist.id, id));
  return row?.phone ?? undefined;
}
