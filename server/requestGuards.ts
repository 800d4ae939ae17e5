import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './httpError';

export interface RequestGuardSettings {
  /** A body that sends nothing for this long is cut (408). */
  bodyIdleTimeoutMs: number;
}

export const BODY_STALLED = 'The request stopped arriving and was closed. Please try again.';
export const ENCODED_BODY_REFUSED =
  'Request bodies must be sent without Content-Encoding (no gzip, deflate or br).';

/**
 * An answer written straight to the socket, closing the connection: for when no reply has begun and
 * none can be used (the route is still reading or waiting, or Node's parser gave up on the request).
 */
function rawAnswer(status: number, detail: string): string {
  const body = JSON.stringify({ detail });
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    'Cache-Control: no-store',
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');
}

/** How long a refused upload's sender gets to read our answer before its connection is cut. */
const LINGER_MS = 2_000;

/**
 * Answering before the body is read (a refused upload) closes the connection rather than reading the
 * rest. Closing at once while the client is still sending makes the kernel reset the connection, and a
 * reset can throw away the answer before the client has read it. So, like nginx's lingering close:
 * send the answer and our FIN, discard whatever still arrives (nothing is held), and cut the socket
 * after LINGER_MS or when the client closes, whichever comes first.
 */
export function closeAfterAnswerLingering(raw: IncomingMessage): void {
  const socket = raw.socket;
  if (typeof socket?.setTimeout !== 'function') return; // fastify.inject: no real socket
  // Node calls destroySoon() on a `Connection: close` socket once the answer is written.
  socket.destroySoon = function lingerThenDestroy(this: Socket) {
    this.end();
    raw.resume();
    this.on('data', () => undefined);
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}

/** What Node's parser or clock can fail a connection with before any route runs, as our answers say it. */
const CLIENT_ERRORS: Readonly<Record<string, [number, string]>> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive and was closed. Please try again.'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
};

/**
 * The server's clientErrorHandler: Fastify's answer to a connection Node's parser gave up on (400,
 * or 408 and 431 as above), except on a connection whose request is being answered already. A refused
 * upload's 415 says `Connection: close`, but the rest of its body is still parsed as it arrives, and
 * Fastify's own handler then wrote a second answer after it, which clients take for a broken
 * connection. (Node's default handler has the same check; once that answer is out, the socket is no
 * longer writable.)
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const [status, detail] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'The request could not be read.'];
    socket.write(rawAnswer(status, detail));
  }
  socket.destroy(error);
}

/** HTTP/1.1: a request has a body exactly when it says how long it is or that it comes in chunks. */
function hasBody(raw: IncomingMessage): boolean {
  const length = raw.headers['content-length'];
  return raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** How often a body's clock looks for new bytes, at most: a cut comes at most this much late. */
const MAX_IDLE_CHECK_MS = 1_000;

/**
 * Cuts a request whose body went quiet: 408 if nothing was answered yet, the bare connection if it
 * was. Returns the status the client got.
 */
function cutStalledBody(socket: Socket, res: ServerResponse): number {
  if (res.headersSent) {
    socket.destroy();
    return res.statusCode;
  }
  // A client that reads nothing still loses its connection: the answer gets LINGER_MS to leave.
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.end(rawAnswer(408, BODY_STALLED), () => socket.destroy());
  return 408;
}

/**
 * The idle clock of one request's body, its own: it looks at how many bytes its connection has read
 * and cuts the request once none came for `idleMs`, whatever the handler is waiting for (a rate-limit
 * store, the database, a photo slot) and whether or not anything reads the body.
 *
 * Not `socket.setTimeout`: that is one setting per connection, which every request on it shares with
 * Node's keep-alive handling. With the body of one request ending after the next request on the same
 * connection had started (pipelined, or both in one read), the first one's "body done, stop the clock"
 * switched the second one's clock off, and a second request that then went quiet was never answered
 * (issue 30).
 */
function watchBodyIdle(
  raw: IncomingMessage,
  res: ServerResponse,
  idleMs: number,
  onCut: (status: number) => void,
): void {
  const socket = raw.socket;
  // (fastify.inject's requests have no real socket and no time to lose.)
  if (raw.complete || typeof socket?.setTimeout !== 'function') return;
  let bytesRead = socket.bytesRead;
  let quietSince = performance.now();
  const timer = setInterval(
    () => {
      // Once the body is in, the route may take its time: the idle clock is for the sender, not for us.
      if (raw.complete || socket.destroyed) {
        clearInterval(timer);
        return;
      }
      const now = performance.now();
      if (socket.bytesRead !== bytesRead) {
        bytesRead = socket.bytesRead;
        quietSince = now;
      } else if (now - quietSince >= idleMs) {
        clearInterval(timer);
        onCut(cutStalledBody(socket, res));
      }
    },
    Math.max(1, Math.min(MAX_IDLE_CHECK_MS, Math.floor(idleMs / 10))),
  );
  timer.unref();
}

/**
 * Hooks every request passes, whatever its route:
 * - a compressed body is refused at once (415): nothing here decodes one, and a multipart parser
 *   fed gzip bytes waits for a boundary that never comes;
 * - a body that goes quiet for `bodyIdleTimeoutMs` is answered 408 and its connection closed, by a
 *   clock of its own (watchBodyIdle); the whole-request bound is the server's `requestTimeout`.
 */
export function installRequestGuards(
  app: FastifyInstance,
  { bodyIdleTimeoutMs }: RequestGuardSettings,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      done(new HttpError(415, ENCODED_BODY_REFUSED));
      return;
    }
    if (hasBody(request.raw)) {
      // Its own line: a request cut here never reaches the one line Fastify writes when an answer ends.
      watchBodyIdle(request.raw, reply.raw, bodyIdleTimeoutMs, (status) =>
        request.log.info(
          { req: request, res: { statusCode: status }, responseTime: reply.elapsedTime },
          'request body stalled: cut',
        ),
      );
    }
    done();
  });
}
