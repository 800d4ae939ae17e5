import type { onRequestAsyncHookHandler } from 'fastify';
import { tokensMatch } from './adminToken';
import { hostCheck, isFromThisMachine } from './fromThisMachine';

/**
 * The loopback admin routes' three locks (see server/routes/adminRoutes.ts) as one hook, for an admin
 * route registered outside that plugin: this machine's socket, a Host naming this machine or APP_URL,
 * and the admin token. Anything else is the 404 of a route that does not exist.
 */
export function loopbackAdminGuard({
  adminToken,
  appUrl,
}: {
  adminToken: string;
  appUrl: string;
}): onRequestAsyncHookHandler {
  const hostIsOurs = hostCheck(appUrl);
  return async (request, reply) => {
    const presented = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!isFromThisMachine(request) || !hostIsOurs(request) || !tokensMatch(adminToken, presented)) {
      return reply
        .code(404)
        .send({ detail: `No API endpoint ${request.method} ${request.url.split('?')[0]}.` });
    }
  };
}
