import type { FriendNomination } from '../../src/domain/nomination';
import type { Db } from '../db/database';
import { nominations } from '../db/schema';

export type NominationRow = typeof nominations.$inferSelect;

/** Stores a member's nomination of a friend, already checked and normalised by the domain rules. */
export async function saveNomination(
  db: Db,
  nominatedBy: string,
  nomination: FriendNomination,
): Promise<void> {
  await db.insert(nominations).values({
    nominatedBy,
    firstName: nomination.firstName,
    lastName: nomination.lastName,
    instagram: nomination.instagram,
    phone: nomination.phone,
  });
}
