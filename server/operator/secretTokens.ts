import { createHash, randomBytes } from 'node:crypto';

/**
 * 32 random bytes (256 bits) as the secret, and its SHA-256 as the key to look it up. The lookup is by
 * an exact match on the hash, so timing tells an attacker nothing about the secret: they would have to
 * find a preimage of the hash to steer it.
 */
export function newSecretToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashSecretToken(token) };
}

/** The key a secret token is stored and looked up by: its SHA-256, in hex. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a token must look like before it is even hashed: 43 base64url characters (32 bytes). */
export const SECRET_TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';
const SECRET_TOKEN = new RegExp(SECRET_TOKEN_PATTERN);
export const isSecretTokenShaped = (token: string): boolean => SECRET_TOKEN.test(token);
