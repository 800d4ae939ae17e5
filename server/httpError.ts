import type { FastifyRequest } from 'fastify';

/**
 * An answer the client has earned: its status, one human sentence for `detail`, and any headers the
 * status needs (Retry-After on a 503). Thrown from anywhere in a request; the app's error handler
 * turns it into the reply, so routes need no catch-and-map of their own.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The 404 of an API path nothing answers (or that this client may not know of): "No API endpoint GET /api/x." */
export function noSuchEndpoint(request: Pick<FastifyRequest, 'method' | 'url'>): HttpError {
  return new HttpError(404, `No API endpoint ${request.method} ${request.url.split('?', 1)[0]}.`);
}
