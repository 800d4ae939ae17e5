import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers for these options, worked out once. They depend on nothing but the options, yet
 * @fastify/helmet rebuilds helmet from them on every request (a tenth of a page request's time), so
 * the server sets this constant instead.
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  // helmet answers synchronously today; a version that did not would leave the headers half made.
  if (!done) throw new Error('helmet did not finish synchronously: the security headers are incomplete');
  return Object.freeze(headers);
}

/** Every response starts with the security headers; a page then replaces the CSP with its own. */
export function applySecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
