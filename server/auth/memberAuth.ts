import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/database';
import { HttpError } from '../httpError';
import { userIdForToken } from './accessTokens';
import { bearerToken } from './bearerToken';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member whose access token authorised this request; set by `requireMember`. */
    memberId?: string;
  }
}

/**
 * The one check every member route (`/api/me…`, nominations) runs before its handler:
 * `Authorization: Bearer <access_token>` must name an unexpired token, or the answer is 401 with
 * `detail`. The handler then reads `request.memberId`.
 */
export function requireMember(
  db: Db,
  detail = 'Please sign in again to continue.',
): preHandlerAsyncHookHandler {
  return async function requireMemberToken(request) {
    const token = bearerToken(request.headers.authorization);
    const memberId = token && (await userIdForToken(db, token));
    if (!memberId) throw new HttpError(401, detail);
    request.memberId = memberId;
  };
}

/** The member `requireMember` found; a route that forgot the preHandler fails loudly, not open. */
export function authenticatedMemberId(request: { memberId?: string }): string {
  if (!request.memberId) throw new Error('requireMember must run before this handler');
  return request.memberId;
}
