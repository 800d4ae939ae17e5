import type { IncomingMessage } from 'node:http';

/**
 * Request ids as Fastify makes them by default (`req-1`, `req-2`, … in base 36, wrapping before V8's
 * small-integer limit), from one counter that Fastify and the pages answered before it
 * (web/directPages.ts) share, so that no two lines of the log carry the same id.
 */
export function requestIdGenerator(): (request?: IncomingMessage) => string {
  let last = 0;
  return () => {
    last = (last + 1) & 0x7fffffff;
    return `req-${last.toString(36)}`;
  };
}
