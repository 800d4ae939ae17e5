import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The one reader of `Authorization: Bearer <token>` (RFC 6750) on the server: the member's access
 * token, the assistant's key, the operator's admin token and the metrics token all arrive this way.
 * Anything else (no header, another scheme, nothing after the scheme) is no token.
 */
export function bearerToken(authorization: string | string[] | undefined): string | undefined {
  if (typeof authorization !== 'string') return undefined;
  return /^Bearer\s+(\S.*)$/.exec(authorization)?.[1];
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Whether a presented secret is the expected one. Both are hashed first, so the two sides have the same
 * length and the comparison's time says nothing about the secret, not even its length.
 */
export function secretsMatch(expected: string, presented: string | undefined): boolean {
  if (!presented) return false;
  return timingSafeEqual(sha256(expected), sha256(presented));
}

/** Whether `Authorization` is `Bearer <expected>`. */
export function carriesBearerToken(authorization: string | string[] | undefined, expected: string): boolean {
  return secretsMatch(expected, bearerToken(authorization));
}

/**
 * The `WWW-Authenticate` of every 401 (RFC 6750 section 3): the scheme to use, and
 * `error="invalid_token"` when the request presented a bearer token we do not accept.
 */
export function bearerChallenge(authorization: string | string[] | undefined): string {
  return bearerToken(authorization) === undefined ? 'Bearer' : 'Bearer error="invalid_token"';
}
