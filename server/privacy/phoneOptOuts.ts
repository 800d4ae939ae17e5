import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FriendNomination } from '../../src/domain/contracts/nomination';
import type { Db } from '../db/database';
import { nominations, phoneOptOuts as optOutTable } from '../db/schema';
import { readOrCreateServerSecret } from '../db/serverSecret';

const SALT_SECRET_NAME = 'opt_out_salt';

/** OPT_OUT_SALT shorter than this is refused at start-up: a short salt is a guessable one. */
export const MIN_OPT_OUT_SALT_LENGTH = 16;

/**
 * The list of numbers that asked never to be stored as a nominee. A number is kept only as
 * HMAC-SHA256(salt, E.164): the list answers "is this number on it?" for a number someone types,
 * and reading it back into numbers means trying every number with the salt.
 */
export interface PhoneOptOutList {
  /** Puts the number on the list, then deletes every nomination of it. */
  optOut(e164: string): Promise<void>;
  /**
   * Stores a nomination unless its number is on the list; true when it was stored. The caller
   * answers the nominator alike either way, so the answer does not reveal who opted out.
   */
  storeNomination(nominatedBy: string, nomination: FriendNomination): Promise<boolean>;
  isOptedOut(e164: string): Promise<boolean>;
}

/**
 * The salt is OPT_OUT_SALT when the operator sets one (then a stolen database alone cannot test
 * numbers against the list); otherwise 32 random bytes made on first use and kept in
 * `server_secrets`, so every instance and every restart hash alike.
 */
async function loadSalt(db: Db, configuredSalt: string | undefined): Promise<string> {
  return configuredSalt ?? readOrCreateServerSecret(db, SALT_SECRET_NAME);
}

export function phoneOptOutList(db: Db, configuredSalt?: string): PhoneOptOutList {
  let salt: Promise<string> | undefined;
  const phoneHash = async (e164: string) => {
    salt ??= loadSalt(db, configuredSalt).catch((error: unknown) => {
      salt = undefined; // a database hiccup must not poison every later request
      throw error;
    });
    return createHmac('sha256', await salt)
      .update(e164)
      .digest('hex');
  };

  return {
    optOut: async (e164) => {
      const hash = await phoneHash(e164);
      await db.insert(optOutTable).values({ phoneHash: hash }).onConflictDoNothing();
      // After the list entry is committed: a nomination racing with this either is deleted here or
      // sees the entry in its own re-check (storeNomination).
      await db.delete(nominations).where(eq(nominations.phone, e164));
    },
    storeNomination: async (nominatedBy, nomination) => {
      const hash = await phoneHash(nomination.phone);
      const inserted = (await db.execute(sql`
        INSERT INTO ${nominations} (nominated_by, first_name, last_name, instagram, phone)
        SELECT ${nominatedBy}::uuid, ${nomination.firstName}, ${nomination.lastName}, ${nomination.instagram},
               ${nomination.phone}
        WHERE NOT EXISTS (SELECT 1 FROM ${optOutTable} WHERE phone_hash = ${hash})
        RETURNING id`)) as unknown as { rows: unknown[] };
      if (inserted.rows.length === 0) return false;
      // An opt-out committed between our check and our insert deleted before our row existed: look again.
      const removed = (await db.execute(sql`
        DELETE FROM ${nominations} WHERE phone = ${nomination.phone}
          AND EXISTS (SELECT 1 FROM ${optOutTable} WHERE phone_hash = ${hash})
        RETURNING id`)) as unknown as { rows: unknown[] };
      return removed.rows.length === 0;
    },
    isOptedOut: async (e164) => {
      const hash = await phoneHash(e164);
      const [row] = await db
        .select({ phoneHash: optOutTable.phoneHash })
        .from(optOutTable)
        .where(eq(optOutTable.phoneHash, hash));
      return row !== undefined;
    },
  };
}
