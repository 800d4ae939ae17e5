import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath } from './requestPath';

/** Response headers by lower-case name, fixed for the life of the server. */
export type Headers = Readonly<Record<string, string>>;

/**
 * helmet's headers for these options, worked out once. They depend on nothing but the options, yet
 * @fastify/helmet rebuilds helmet from them on every request (a tenth of a page request's time), so
 * the server sets this constant instead.
 */
export function securityHeaders(options: HelmetOptions): Headers {
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

/** helmet's default, so that pages and API answers say the same. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers of an API answer (JSON or Prometheus text), after OWASP's REST Security Cheat Sheet.
 * A browser never renders one as a document, so the page headers (script policy, COOP, DNS
 * prefetch and the rest) have nothing to govern. What matters is that it loads nothing, is never
 * framed, sniffed into HTML, read by another origin's no-cors request, or cached: it can carry
 * access tokens and personal data. This policy is stricter than the pages' one, not looser.
 */
export function apiSecurityHeaders({
  strictTransportSecurity,
}: {
  strictTransportSecurity: boolean;
}): Headers {
  return Object.freeze({
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
    ...(strictTransportSecurity ? { 'strict-transport-security': HSTS } : {}),
  });
}

// Kept here too: the web app's not-found handler asks this module which kind a path is.
export { isApiPath };

export interface SecurityHeaderOptions {
  /** The policy of pages and assets; a page replaces it with one that lists its inline code's hashes. */
  contentSecurityPolicy: NonNullable<HelmetOptions['contentSecurityPolicy']>;
  /** HSTS only means something behind TLS; the proxy that terminates TLS should send it too. */
  strictTransportSecurity: boolean;
}

export interface SecurityHeaderSets {
  /** Pages, built files and the web app's 404s. */
  forDocuments: Headers;
  /** The set for a request's path: the API's or the documents'. */
  byPath(url: string): Headers;
}

/** The two sets of security headers: the documents' (helmet's) and the API's. */
export function securityHeaderSets({
  contentSecurityPolicy,
  strictTransportSecurity,
}: SecurityHeaderOptions): SecurityHeaderSets {
  const forDocuments = securityHeaders({ contentSecurityPolicy, strictTransportSecurity });
  const forApi = apiSecurityHeaders({ strictTransportSecurity });
  return { forDocuments, byPath: (url) => (isApiPath(url) ? forApi : forDocuments) };
}

/**
 * Every response starts with its kind's security headers, set before anything else can answer (a
 * refused request included): pages, assets and the web app's 404s get helmet's; API answers get
 * the short API set above. (A URL the router cannot decode never reaches a hook: the app's
 * frameworkErrors sets them from the same `headersFor`.)
 */
export function applySecurityHeaders(app: FastifyInstance, headersFor: (url: string) => Headers): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headersFor(request.url));
    done();
  });
}
