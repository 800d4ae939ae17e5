import { lt } from 'drizzle-orm';
import type { Db } from '../db/database';
import { nominations, waitlist } from '../db/schema';
import { limits } from '../../src/domain/limits';

export interface PurgeResult {
  /** Rows older than the cutoff, deleted. */
  count: number;
  cutoff: string;
}

export interface PurgeOptions {
  olderThanDays: number;
}

const MAX_DAYS = limits.admin.retentionDaysMax;

/** `365d` → 365. Whole days only: a retention period is a policy, not a stopwatch. */
export function parseRetentionDays(text: string): number {
  const match = /^(\d{1,5})d$/.exec(text.trim());
  const days = match ? Number(match[1]) : Number.NaN;
  if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) {
    throw new Error(`--older-than wants a number of days like 365d (1d to ${MAX_DAYS}d), got "${text}"`);
  }
  return days;
}

function cutoffFor(olderThanDays: number): Date {
  if (!Number.isInteger(olderThanDays) || olderThanDays < 1 || olderThanDays > MAX_DAYS) {
    throw new Error(`The age must be a whole number of days from 1 to ${MAX_DAYS}`);
  }
  return new Date(Date.now() - olderThanDays * 24 * 60 * 60 * 1000);
}

async function purge(
  db: Db,
  table: typeof waitlist | typeof nominations,
  { olderThanDays }: PurgeOptions,
): Promise<PurgeResult> {
  const cutoff = cutoffFor(olderThanDays);
  const deleted = await db.delete(table).where(lt(table.createdAt, cutoff)).returning({ id: table.id });
  return { count: deleted.length, cutoff: cutoff.toISOString() };
}

/** Waitlist entries that joined before the cutoff (`npm run waitlist -- purge`). */
export function purgeWaitlist(db: Db, options: PurgeOptions): Promise<PurgeResult> {
  return purge(db, waitlist, options);
}

/** Nominations made before the cutoff (`npm run nominations -- purge`). */
export function purgeNominations(db: Db, options: PurgeOptions): Promise<PurgeResult> {
  return purge(db, nominations, options);
}
