import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';

/**
 * Routes that answer a stranger with 404 (the metrics without the token, the operator's commands
 * away from this machine): a 405 would tell the stranger that they exist.
 */
const UNLISTED = /^\/(metrics$|api\/admin(\/|$))/;

/** The methods the app's routes use, in the order an Allow header lists them. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export type AllowedMethods = (pathname: string) => string[];

/**
 * Keeps a second router of every path the app answers and the methods it takes, so that a request
 * no route matched can tell "no such path" (404) from "not with that method" (405 and Allow). Call
 * on the root app before any route is added.
 */
export function recordAllowedMethods(app: FastifyInstance, { maxParamLength }: { maxParamLength: number }) {
  const router = FindMyWay({ maxParamLength });
  const noop = () => undefined;
  app.addHook('onRoute', ({ method, url }) => {
    if (UNLISTED.test(url)) return;
    const methods = new Set([method].flat().map((one) => one.toUpperCase()));
    // Fastify answers HEAD for every GET route.
    if (methods.has('GET')) methods.add('HEAD');
    for (const one of METHODS) if (methods.has(one) && !router.hasRoute(one, url)) router.on(one, url, noop);
  });
  const allowedMethods: AllowedMethods = (pathname) =>
    METHODS.filter((method) => router.find(method, pathname) !== null);
  return allowedMethods;
}

/**
 * For a request no route matched: OPTIONS on a known path is told what the path takes (204), another
 * method it does not take is refused with 405. Returns false when the path itself is unknown.
 */
export function answerOtherMethod(
  request: FastifyRequest,
  reply: FastifyReply,
  allowedMethods: AllowedMethods,
): boolean {
  const pathname = request.url.split('?', 1)[0] ?? '/';
  const allowed = allowedMethods(pathname);
  if (allowed.length === 0) return false;
  const allow = [...allowed, 'OPTIONS'].join(', ');
  if (request.method === 'OPTIONS') {
    void reply.code(204).header('allow', allow).send();
  } else {
    void reply
      .code(405)
      .header('allow', allow)
      .send({ detail: `This address does not take ${request.method} requests; it takes ${allow}.` });
  }
  return true;
}
