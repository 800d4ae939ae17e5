import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Settings } from '../config';
import { describeErrorForLog } from '../errorLogging';
import { decodedSegments, rawSegments } from '../web/requestPath';

/**
 * Paths without query strings, and without the codes that validate-code and the admin routes carry
 * in their paths, or the token of an operator's sign-in link. Which route a path is comes from its decoded segments, as the router reads them
 * (`/api/auth/%76alidate-code/CODE` is validate-code); the rest is logged as it was spelled.
 */
export function redactPath(url: string): string {
  const spelled = rawSegments(url);
  const [, api, area, name, secret] = decodedSegments(url);
  if (api === 'api' && area === 'auth' && name === 'validate-code' && secret !== undefined) {
    spelled[4] = ':code';
  } else if (api === 'api' && area === 'admin' && name && secret) {
    spelled[4] = ':param';
  } else if (api === 'admin' && area === 'sign-in' && name !== undefined) {
    // An operator's one-time sign-in link (server/routes/operatorSessionRoutes.ts).
    spelled[3] = ':token';
  }
  return spelled.join('/');
}

/** Pino options for the server; `stream` is where the records go (stdout, synchronously, when absent). */
export function loggerOptions(settings: Settings, stream?: DestinationStream) {
  return {
    level: settings.logLevel,
    // Requests are logged by method and path only: query strings and headers can carry codes and
    // tokens. (The serializer is what keeps headers out: a redact list over them would cost every
    // line and remove nothing.)
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, path: redactPath(req.url) }),
      // An error object as logged: never a failed query's parameters or a quoted value.
      err: describeErrorForLog,
    },
    ...(stream ? { stream } : {}),
  };
}

/**
 * One line per request, written when it ends (method, path, status, time taken), instead of Fastify's
 * "incoming request" + "request completed" pair. The start of a request is still there at debug level.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const record = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...record, err: error }, 'request errored');
    else reply.log.info(record, 'request completed');
  }

  /** The request's own line already says 404; Fastify's extra line would also print the query string. */
  override routeNotFound(): void {}
}
