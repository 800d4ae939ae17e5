import { randomAlphabetCode, type FillRandomBytes } from '../../src/domain/inviteCode';
import type { WebRegistrationPayload } from '../../src/domain/registration';
import { newAccessToken } from '../auth/accessTokens';
import type { Db } from '../db/database';
import { sql } from 'drizzle-orm';
import { accessTokens, inviteCodes, networkEntries, userPhotos, users } from '../db/schema';
import {
  consumeInviteUse,
  findInviteCode,
  inviteCodeMessages,
  inviteCodeState,
  type InviteCodeState,
} from '../invites/inviteCodeStore';
import { markWaitlistJoined } from '../waitlist/waitlistInvites';
import { HttpError } from '../httpError';
import { LINKING_CODE_LIFETIME_DAYS } from '../members/memberLifecycle';
import { enqueueEvent } from '../webhooks/outbox';
import type { ProcessedPhoto } from './photoProcessing';
import { registrationSource } from './registrationSource';

export class InviteRejectedError extends HttpError {
  constructor(readonly state: Exclude<InviteCodeState, 'valid'>) {
    super(403, inviteCodeMessages[state]);
  }
}

export const PHONE_TAKEN = 'This phone number is already registered. Sign in instead, or use another number.';

export class PhoneAlreadyRegisteredError extends HttpError {
  constructor() {
    super(409, PHONE_TAKEN);
  }
}

export interface Registration {
  userId: string;
  accessToken: string;
  linkingCode: string;
}

/** The code in the wa.me message that links a WhatsApp number to the new member; every letter equally likely. */
export function newLinkingCode(fillRandomBytes?: FillRandomBytes): string {
  return randomAlphabetCode(8, fillRandomBytes);
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const pgError = current as { code?: string; constraint?: string; message?: string };
    if (pgError.code === '23505') {
      return (pgError.constraint ?? pgError.message ?? '').includes(constraint);
    }
  }
  return false;
}

/**
 * One transaction: take one use of the invite, then store the user, their photo, their network,
 * the hash of their token and the `member.registered` event, and mark their number joined on the
 * waitlist. Anything failing rolls all of it back, the invite use included. The member's own invite
 * codes come later, when linking their WhatsApp chat proves the number is theirs (linkMember).
 */
export async function registerUser(
  db: Db,
  payload: WebRegistrationPayload,
  photos: readonly ProcessedPhoto[],
): Promise<Registration> {
  const { token, tokenHash, expiresAt } = newAccessToken();
  const linkingCode = newLinkingCode();
  try {
    const userId = await db.transaction(async (tx) => {
      if (!(await consumeInviteUse(tx, payload.invite_code))) {
        const state = inviteCodeState(await findInviteCode(tx, payload.invite_code));
        throw new InviteRejectedError(state === 'valid' ? 'used_up' : state);
      }
      const [user] = await tx
        .insert(users)
        .values({
          firstName: payload.first_name,
          lastName: payload.last_name,
          age: payload.age,
          location: payload.location,
          phone: payload.phone,
          occupation: payload.occupation,
          lookingFor: payload.looking_for,
          interests: payload.interests,
          inviteCode: payload.invite_code,
          // A community's event link (issue 50) brings its members in under that community.
          communityId: sql`(SELECT ${inviteCodes.communityId} FROM ${inviteCodes} WHERE ${inviteCodes.code} = ${payload.invite_code})`,
          linkingCode,
          linkingCodeExpiresAt: new Date(Date.now() + LINKING_CODE_LIFETIME_DAYS * 24 * 60 * 60 * 1000),
        })
        .returning({ id: users.id, createdAt: users.createdAt });
      const id = user!.id;
      await tx
        .insert(userPhotos)
        .values(photos.map((photo, position) => ({ userId: id, position, ...photo })));
      await tx.insert(networkEntries).values(
        payload.who_i_know_groups.map((entry, position) => ({
          userId: id,
          kind: entry.kind,
          name: entry.group_name,
          location: entry.location,
          x: entry.position.x,
          y: entry.position.y,
          position,
        })),
      );
      await tx.insert(accessTokens).values({ tokenHash, userId: id, expiresAt });
      await markWaitlistJoined(tx, payload.phone);
      // In this transaction: an acknowledged registration always has its event, a failed one never.
      await enqueueEvent(
        tx,
        'member.registered',
        {
          user_id: id,
          status: 'registered',
          registered_at: user!.createdAt.toISOString(),
          source: registrationSource((await findInviteCode(tx, payload.invite_code))!),
        },
        user!.createdAt,
      );
      return id;
    });
    return { userId, accessToken: token, linkingCode };
  } catch (error) {
    if (isUniqueViolation(error, 'users_phone_unique')) throw new PhoneAlreadyRegisteredError();
    throw error;
  }
}
