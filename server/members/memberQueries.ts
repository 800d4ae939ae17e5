import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowToWire } from '../db/rowToWire';
import { inviteCodes, networkEntries, userPhotos, users } from '../db/schema';
import type { MemberDetail, MemberSummary, MemberView } from '../../src/domain/contracts/adminMembers';
import { isMemberId } from '../../src/domain/memberProfile';
import { phoneForLists } from '../../src/domain/phoneNumber';
import { inviteCodeColumns, toInviteCodeView } from '../invites/inviteCodeStore';
import type { MemberProfileFields } from '../../src/domain/contracts/member';
import {
  PROFILE_FIELD_NAMES,
  columnValuesFrom,
  wireValuesOf,
  type ProfileFieldName,
  type WireFieldName,
} from '../../src/domain/registrationFields';

type UserRow = typeof users.$inferSelect;

export type NetworkEntryView = Pick<typeof networkEntries.$inferSelect, 'kind' | 'name' | 'location'>;

/** A stored photo's facts, as the operator's member view gives them. */
export type PhotoInfo = MemberView['photos'][number];

/** Everything stored about a member except the photo bytes, the linking code itself and the key hashes. */
export type MemberRecord = Pick<
  UserRow,
  | 'id'
  | WireFieldName
  | 'lookingFor'
  | 'interests'
  | 'inviteCode'
  | 'status'
  | 'linkedAt'
  | 'onboardedAt'
  | 'linkingCodeExpiresAt'
  | 'linkingCodeUsedAt'
> & {
  registeredAt: UserRow['createdAt'];
  whoIKnow: NetworkEntryView[];
  photos: PhotoInfo[];
};

/**
 * The one mapping of a member's row to the profile fields the member (`GET /api/me`) and the
 * assistant read alike (src/domain/contracts/member.ts); each view adds what only its reader gets.
 */
export function profileFieldsOf(
  member: Pick<UserRow, 'id' | ProfileFieldName | 'lookingFor' | 'interests'>,
): MemberProfileFields {
  return {
    user_id: member.id,
    ...wireValuesOf(member, PROFILE_FIELD_NAMES),
    looking_for: member.lookingFor,
    interests: member.interests,
  };
}

function groupBy<T extends { userId: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(row.userId, [...(groups.get(row.userId) ?? []), row]);
  return groups;
}

/** Members (all, oldest first, or just `ids`) in three queries however many there are. */
export async function findMemberRecords(db: Db, ids?: readonly string[]): Promise<MemberRecord[]> {
  const wanted = ids?.filter(isMemberId);
  if (wanted && !wanted.length) return [];
  const rows = await db
    .select()
    .from(users)
    .where(wanted ? inArray(users.id, wanted) : undefined)
    .orderBy(asc(users.createdAt), asc(users.id));
  if (!rows.length) return [];
  const userIds = rows.map((row) => row.id);
  const entries = groupBy(
    await db
      .select()
      .from(networkEntries)
      .where(inArray(networkEntries.userId, userIds))
      .orderBy(asc(networkEntries.position)),
  );
  const photos = groupBy(
    await db
      .select({
        userId: userPhotos.userId,
        position: userPhotos.position,
        width: userPhotos.width,
        height: userPhotos.height,
        bytes: sql<number>`octet_length(${userPhotos.bytes})::int`,
      })
      .from(userPhotos)
      .where(inArray(userPhotos.userId, userIds))
      .orderBy(asc(userPhotos.position)),
  );
  return rows.map((row) => ({
    id: row.id,
    ...columnValuesFrom(row),
    lookingFor: row.lookingFor,
    interests: row.interests,
    inviteCode: row.inviteCode,
    status: row.status,
    registeredAt: row.createdAt,
    linkedAt: row.linkedAt,
    onboardedAt: row.onboardedAt,
    linkingCodeExpiresAt: row.linkingCodeExpiresAt,
    linkingCodeUsedAt: row.linkingCodeUsedAt,
    whoIKnow: (entries.get(row.id) ?? []).map(({ kind, name, location }) => ({ kind, name, location })),
    photos: (photos.get(row.id) ?? []).map(({ position, width, height, bytes }) => ({
      position,
      width,
      height,
      bytes: Number(bytes),
    })),
  }));
}

export async function findMemberRecord(db: Db, id: string): Promise<MemberRecord | undefined> {
  return (await findMemberRecords(db, [id]))[0];
}

/** The member's first photo, the one the wizard kept. */
export async function findMemberPhoto(
  db: Db,
  id: string,
): Promise<{ bytes: Buffer; mime: string } | undefined> {
  if (!isMemberId(id)) return undefined;
  const [photo] = await db
    .select({ bytes: userPhotos.bytes, mime: userPhotos.mime })
    .from(userPhotos)
    .where(eq(userPhotos.userId, id))
    .orderBy(asc(userPhotos.position))
    .limit(1);
  return photo;
}

/** The one declaration of what the operator sees of a member's record; the wire names follow. */
const memberWire = rowToWire<MemberRecord>()([
  'id',
  'firstName',
  'lastName',
  'age',
  'location',
  'phone',
  'occupation',
  'lookingFor',
  'interests',
  'inviteCode',
  'status',
  'registeredAt',
  'linkedAt',
  'onboardedAt',
  'linkingCodeExpiresAt',
  'linkingCodeUsedAt',
  'whoIKnow',
  'photos',
]);

/** What the operator sees of a member (the admin API's MemberView): the record, each date in ISO. */
export function toMemberView(record: MemberRecord): MemberView {
  return memberWire(record);
}

/** A member as a list shows them: the phone masked, no profile. */
export function toMemberSummary(record: MemberRecord): MemberSummary {
  const { id, first_name, last_name, phone, invite_code, status, registered_at, linked_at, onboarded_at } =
    toMemberView(record);
  return {
    id,
    first_name,
    last_name,
    phone: phoneForLists(phone),
    invite_code,
    status,
    registered_at,
    linked_at,
    onboarded_at,
  };
}

/**
 * The member page's view: the member, the member whose quota held the code they joined with (an
 * erased inviter by their anonymous node), and the codes of their own quota.
 */
export async function toMemberDetail(db: Db, record: MemberRecord): Promise<MemberDetail> {
  const [used] = await db
    .select({
      inviterId: inviteCodes.invitedBy,
      erasedId: inviteCodes.invitedByErased,
      firstName: users.firstName,
    })
    .from(inviteCodes)
    .leftJoin(users, eq(users.id, inviteCodes.invitedBy))
    .where(eq(inviteCodes.code, record.inviteCode));
  let invitedBy: MemberDetail['invited_by'] = null;
  if (used?.inviterId) invitedBy = { id: used.inviterId, first_name: used.firstName, erased: false };
  else if (used?.erasedId) invitedBy = { id: used.erasedId, first_name: null, erased: true };
  const invites = await db
    .select(inviteCodeColumns)
    .from(inviteCodes)
    .where(eq(inviteCodes.invitedBy, record.id))
    .orderBy(asc(inviteCodes.createdAt), asc(inviteCodes.code));
  return { ...toMemberView(record), invited_by: invitedBy, invites: invites.map(toInviteCodeView) };
}
