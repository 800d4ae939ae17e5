import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  inviteCodes,
  accessTokens,
  networkEntries,
  nominations,
  userPhotos,
  users,
  waitlist,
} from '../db/schema';
import type { MemberExport, MemberProfile } from '../../src/domain/contracts/member';
import { profileFieldsOf } from './memberQueries';

/**
 * `GET /api/me/export`: everything we hold about the member, and of other people only what the
 * member typed themselves (their network entries and the friends they nominated). Its shape is the
 * contract's (src/domain/contracts/member.ts).
 */
export async function memberProfile(db: Db, userId: string): Promise<MemberProfile | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const entries = await db
    .select()
    .from(networkEntries)
    .where(eq(networkEntries.userId, userId))
    .orderBy(asc(networkEntries.position), asc(networkEntries.id));
  return {
    ...profileFieldsOf(user),
    phone: user.phone,
    who_i_know: entries.map((entry) => ({
      kind: entry.kind,
      name: entry.name,
      location: entry.location,
      position: { x: entry.x, y: entry.y },
    })),
    status: user.status,
    registered_at: user.createdAt.toISOString(),
  };
}

export async function memberExport(db: Db, userId: string): Promise<MemberExport | undefined> {
  // One snapshot, so a nomination made meanwhile is either wholly in the file or not.
  return db.transaction(async (tx) => {
    const profile = await memberProfile(tx, userId);
    if (!profile) return undefined;
    const [user] = await tx
      .select({
        inviteCode: users.inviteCode,
        linkingCode: users.linkingCode,
        createdAt: users.createdAt,
        linkedAt: users.linkedAt,
        onboardedAt: users.onboardedAt,
      })
      .from(users)
      .where(eq(users.id, userId));
    const photos = await tx
      .select()
      .from(userPhotos)
      .where(eq(userPhotos.userId, userId))
      .orderBy(asc(userPhotos.position));
    const nominated = await tx
      .select()
      .from(nominations)
      .where(eq(nominations.nominatedBy, userId))
      .orderBy(asc(nominations.createdAt), asc(nominations.id));
    const held = await tx
      .select({ code: inviteCodes.code, uses: inviteCodes.uses, createdAt: inviteCodes.createdAt })
      .from(inviteCodes)
      .where(eq(inviteCodes.invitedBy, userId))
      .orderBy(asc(inviteCodes.createdAt), asc(inviteCodes.code));
    // Erasure deletes the waitlist entry of their number, so the export shows it.
    const [waited] = await tx
      .select({
        phone: waitlist.phone,
        name: waitlist.name,
        createdAt: waitlist.createdAt,
        invitedAt: waitlist.invitedAt,
        joinedAt: waitlist.joinedAt,
      })
      .from(waitlist)
      .where(eq(waitlist.phone, profile.phone));
    const keys = await tx
      .select({ createdAt: accessTokens.createdAt, expiresAt: accessTokens.expiresAt })
      .from(accessTokens)
      .where(eq(accessTokens.userId, userId))
      .orderBy(asc(accessTokens.createdAt));
    return {
      exported_at: new Date().toISOString(),
      profile,
      photos: photos.map((photo) => ({
        position: photo.position,
        mime: photo.mime,
        width: photo.width,
        height: photo.height,
        data_url: `data:${photo.mime};base64,${photo.bytes.toString('base64')}`,
        uploaded_at: photo.createdAt.toISOString(),
      })),
      nominations: nominated.map((row) => ({
        first_name: row.firstName,
        last_name: row.lastName,
        instagram: row.instagram,
        phone: row.phone,
        nominated_at: row.createdAt.toISOString(),
      })),
      invite_code_used: { code: user!.inviteCode, used_at: user!.createdAt.toISOString() },
      invite_codes_held: held.map((row) => ({
        code: row.code,
        used: row.uses > 0,
        created_at: row.createdAt.toISOString(),
      })),
      whatsapp_linking_code: user!.linkingCode,
      linked_at: user!.linkedAt?.toISOString() ?? null,
      onboarded_at: user!.onboardedAt?.toISOString() ?? null,
      access_keys: keys.map((key) => ({
        issued_at: key.createdAt.toISOString(),
        expires_at: key.expiresAt.toISOString(),
      })),
      waitlist_entry: waited
        ? {
            phone: waited.phone,
            name: waited.name,
            joined_waitlist_at: waited.createdAt.toISOString(),
            invited_at: waited.invitedAt?.toISOString() ?? null,
            registered_at: waited.joinedAt?.toISOString() ?? null,
          }
        : null,
    };
  });
}
