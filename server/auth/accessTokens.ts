import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { accessTokens } from '../db/schema';

const TOKEN_LIFETIME_DAYS = 365;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 32 random bytes for the browser; only the hash is stored, so a database leak hands out no sessions. */
export function newAccessToken(): { token: string; tokenHash: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
  return { token, tokenHash: hashToken(token), expiresAt };
}

/** What `newAccessToken` hands out (with room to spare): anything else belongs to nobody, unlooked-up. */
const ACCESS_TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

/** The user an unexpired token belongs to, or undefined. */
export async function userIdForToken(db: Db, token: string): Promise<string | undefined> {
  if (!ACCESS_TOKEN_SHAPE.test(token)) return undefined;
  const [row] = await db
    .select({ userId: accessTokens.userId })
    .from(accessTokens)
    .where(and(eq(accessTokens.tokenHash, hashToken(token)), gt(accessTokens.expiresAt, sql`now()`)))
    .limit(1);
  return row?.userId;
}
