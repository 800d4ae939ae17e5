import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { hasBody } from '../requestGuards';
import { pageAnswer } from './htmlPages';
import type { SitePages } from './sitePages';

export interface DirectPagesOptions {
  pages: SitePages;
  /** The id generator Fastify is given too, so that the log never shows one id twice. */
  nextRequestId(): string;
  /** The metrics' response timer (app.metrics.timeResponse). */
  timeResponse(route: string, method: string, status: number, seconds: number): void;
}

/**
 * A page is the same bytes and headers for everyone, worked out at start (htmlPages.ts), so a plain
 * GET or HEAD of one is answered straight from Node's request event, before Fastify's request
 * pipeline: its hooks, reply object and per-request logger took about a fifth of a page request's
 * time (README, "Pages and caching"), for nothing a page needs. It is still logged in the
 * request log's one line and timed in the metrics, as every request is.
 *
 * Anything else goes to Fastify as before: another method, a request with a body or a
 * Content-Encoding (the request guards refuse those), a path spelled any other way (a trailing
 * slash, percent-encoding), and every request once the server is closing (Fastify answers 503). Its
 * page routes (routes/webAppRoutes.ts) send the same answers, from the same pageAnswer.
 */
export function answerPagesBeforeFastify(
  app: FastifyInstance,
  { pages, nextRequestId, timeResponse }: DirectPagesOptions,
): void {
  const answerPage = (request: IncomingMessage, response: ServerResponse): boolean => {
    const { method, url = '' } = request;
    // An absolute-form target (`GET http://host/faq`) goes to Fastify, which reduces it to its path.
    if ((method !== 'GET' && method !== 'HEAD') || !url.startsWith('/')) return false;
    const queryStart = url.indexOf('?');
    const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
    const page = pages.byPath.get(pathname);
    if (!page || request.headers['content-encoding'] !== undefined || hasBody(request)) return false;
    const started = performance.now();
    const answer = pageAnswer(page, request.headers);
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
    const milliseconds = performance.now() - started;
    timeResponse(pathname, method, answer.status, milliseconds / 1000);
    // The fields and message of the line Fastify's requests get (logging/requestLogging.ts).
    app.log.info(
      {
        reqId: nextRequestId(),
        req: { method, url },
        res: { statusCode: answer.status },
        responseTime: milliseconds,
      },
      'request completed',
    );
    return true;
  };

  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // Fastify's handler is the server's one request listener (it passes it to http.createServer).
  const server = app.server;
  const [fastifyHandler, ...others] = server.listeners('request') as ((
    request: IncomingMessage,
    response: ServerResponse,
  ) => void)[];
  if (!fastifyHandler || others.length > 0)
    throw new Error('Expected Fastify to be the HTTP server’s only request listener');
  server.removeListener('request', fastifyHandler);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (closing || !answerPage(request, response)) fastifyHandler(request, response);
  });
}
