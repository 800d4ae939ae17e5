import { randomAlphabetCode, type FillRandomBytes } from '../../src/domain/inviteCode';
import type { WebRegistrationPayload } from '../../src/domain/contracts/registration';
import { columnValuesOf } from '../../src/domain/registrationFields';
import { newAccessToken } from '../auth/accessTokens';
import { postgresErrorIn } from '../db/postgresErrors';
import type { Db } from '../db/database';
import { sql } from 'drizzle-orm';
import { accessTokens, inviteCodes, networkEntries, userPhotos, users } from '../db/schema';
import {
  consumeInviteUse,
  findInviteCode,
  inviteCodeState,
  type InviteCodeState,
} from '../invites/inviteCodeStore';
import { markWaitlistJoined } from '../waitlist/waitlistInvites';
import { LINKING_CODE_LIFETIME_DAYS } from '../members/memberLifecycle';
import { enqueueEvent } from '../webhooks/outbox';
import type { ProcessedPhoto } from './photoProcessing';
import { registrationSource } from './registrationSource';

export interface Registration {
  userId: string;
  accessToken: string;
  linkingCode: string;
}

/** What became of a registration: stored, or refused for its invite code or its phone (nothing stored). */
export type RegistrationOutcome =
  | { registered: Registration; refused?: undefined }
  | { refused: 'invite'; inviteState: Exclude<InviteCodeState, 'valid'> }
  | { refused: 'phone_taken' };

/** Thrown inside the transaction to roll it back; answered as an outcome. */
class InviteUseRefused extends Error {
  constructor(readonly inviteState: Exclude<InviteCodeState, 'valid'>) {
    super(`invite code ${inviteState}`);
  }
}

/** The code in the wa.me message that links a WhatsApp number to the new member; every letter equally likely. */
export function newLinkingCode(fillRandomBytes?: FillRandomBytes): string {
  return randomAlphabetCode(8, fillRandomBytes);
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const violation = postgresErrorIn(error, ['23505']);
  return violation !== undefined && (violation.constraint ?? violation.message ?? '').includes(constraint);
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
): Promise<RegistrationOutcome> {
  const { token, tokenHash, expiresAt } = newAccessToken();
  const linkingCode = newLinkingCode();
  try {
    const userId = await db.transaction(async (tx) => {
      if (!(await consumeInviteUse(tx, payload.invite_code))) {
        const state = inviteCodeState(await findInviteCode(tx, payload.invite_code));
        throw new InviteUseRefused(state === 'valid' ? 'used_up' : state);
      }
      const [user] = await tx
        .insert(users)
        .values({
          ...columnValuesOf(payload),
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
    return { registered: { userId, accessToken: token, linkingCode } };
  } catch (error) {
    if (error instanceof InviteUseRefused) return { refused: 'invite', inviteState: error.inviteState };
    if (isUniqueViolation(error, 'users_phone_unique')) return { refused: 'phone_taken' };
    throw error;
  }
}
