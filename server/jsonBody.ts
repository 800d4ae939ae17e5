import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify parses them, except that an empty one is no body at all. Clients (and HTTP
 * libraries) send `Content-Type: application/json` with an empty body on a POST that takes none, such
 * as `POST /api/assistant/members/{id}/onboarded`; Fastify's own parser refuses that with 400. A route
 * that needs a body still refuses it, as its schema does any other missing body, and a body that is
 * not JSON is still a 400.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  // Fastify's defaults: a `__proto__` or `constructor.prototype` key is an error, not a quiet removal.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) done(null, undefined);
    else parseJson(request, body.toString(), done);
  });
}
