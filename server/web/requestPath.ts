import type { FastifyInstance } from 'fastify';
import { noSuchEndpoint } from '../httpError';

/**
 * A request's path as the router reads it. The router matches each segment percent-decoded (all but
 * `%2F`, which stays inside its segment), so `/%61pi/auth/register` reaches the API's register route:
 * whatever decides by path (which security headers, what the log may show, whether this is the API)
 * must read the same decoded segments, never the raw spelling.
 */

/**
 * The path and query of a request target in origin form. HTTP/1.1 lets a client send the absolute
 * form (`GET http://host/api/admin/members`, RFC 9112 section 3.2.2), which the router reads as its
 * path; unless it is reduced here, before anything else reads `request.url`, the security headers,
 * the page/API decision, the refusal of encoded API paths and the log's redaction would each see
 * `http://host/…` instead of the path the router serves. Undefined for a target that is neither form
 * (`*`, `host:port`, a fragment): the request is refused (refuseMalformedTargets).
 */
export function originFormTarget(target: string): string | undefined {
  if (target.startsWith('/')) return target;
  const authority = /^https?:\/\/[^/?#\s]+/i.exec(target);
  if (!authority) return undefined;
  const rest = target.slice(authority[0].length);
  if (rest.includes('#')) return undefined;
  return rest.startsWith('/') ? rest : `/${rest}`;
}

function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    // Malformed: the router refuses the request (400); it is still classified by what decodes.
    return segment;
  }
}

/** The path's segments, each as written; the first is the empty one before the leading `/`. */
export function rawSegments(url: string): string[] {
  return (url.split('?', 1)[0] ?? '').split('/');
}

/** The path's segments, each percent-decoded as the router decodes it. */
export function decodedSegments(url: string): string[] {
  return rawSegments(url).map(decodeSegment);
}

/** /api/…, /health and /metrics, however spelled: the paths answered by the API rather than by the web app. */
export function isApiPath(url: string): boolean {
  const [, first, ...rest] = decodedSegments(url);
  if (first === 'api') return true;
  return rest.length === 0 && (first === 'health' || first === 'metrics');
}

/**
 * A percent-encoded letter, digit, `-`, `.`, `_` or `~`: characters no client needs to encode, which
 * RFC 3986 (section 6.2.2.2) says to decode before comparing. Such a spelling of an API path comes from
 * someone probing which layer decodes what.
 */
const ENCODED_UNRESERVED = /%(?:[46][1-9A-F]|[57][0-9A]|3[0-9]|2[DE]|5F|7E)/i;

/** An API path spelled with a percent-encoding it does not need (`/%61pi/…`, `/api/auth/%76alidate-code/…`). */
export function isNonCanonicalApiPath(url: string): boolean {
  return isApiPath(url) && ENCODED_UNRESERVED.test(url.split('?', 1)[0] ?? '');
}

/**
 * Refuses (404, before any body is read or any handler runs) an API path spelled with encodings it
 * does not need, so that no layer in front of us (a proxy's `location /api` rule, a log filter) and
 * nothing here that reads the raw path sees a different request from the one the router serves.
 */
export function refuseNonCanonicalApiPaths(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    // Left as it came by originFormTarget (Fastify's rewriteUrl): neither origin nor absolute form.
    if (!request.url.startsWith('/')) {
      void reply.code(400).send({ detail: 'The address of this request is malformed.' });
      return;
    }
    if (!isNonCanonicalApiPath(request.url)) {
      done();
      return;
    }
    void reply.code(404).send({ detail: noSuchEndpoint(request).message });
  });
}
