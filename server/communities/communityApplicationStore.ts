import { asc, eq } from 'drizzle-orm';
import {
  applicationDedupeKey,
  type CommunityApplicationRequest,
} from '../../src/domain/communityApplication';
import type { Db } from '../db/database';
import { communityApplications } from '../db/schema';

export type CommunityApplicationRow = typeof communityApplications.$inferSelect;

/** Applying twice stores one row: the second insert does nothing, and the caller answers alike. */
export async function storeCommunityApplication(db: Db, checked: CommunityApplicationRequest): Promise<void> {
  await db
    .insert(communityApplications)
    .values({
      organiserName: checked.organiser_name,
      communityName: checked.community_name,
      about: checked.about,
      city: checked.city,
      expectedSize: checked.expected_size,
      contactPhone: checked.contact_phone,
      dedupeKey: applicationDedupeKey(checked),
    })
    .onConflictDoNothing({ target: communityApplications.dedupeKey });
}

export async function listCommunityApplications(db: Db): Promise<CommunityApplicationRow[]> {
  return db
    .select()
    .from(communityApplications)
    .orderBy(asc(communityApplications.createdAt), asc(communityApplications.id));
}

/** One application, locked for the decision about it; undefined for no such id. */
export async function applicationForDecision(
  db: Db,
  id: number,
): Promise<CommunityApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(communityApplications)
    .where(eq(communityApplications.id, id))
    .for('update');
  return row;
}
