import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './httpError';

export interface RequestGuardSettings {
  /** A body that sends nothing for this long is cut (408). */
  bodyIdleTimeoutMs: number;
}

export const BODY_STALLED = 'The request stopped arriving and was closed. Please try again.';
export const ENCODED_BODY_REFUSED =
  'Request bodies must be sent without Content-Encoding (no gzip, deflate or br).';

/** Written straight to the socket: by then the route is still reading, so no reply has begun. */
function stalledResponse(): string {
  const body = JSON.stringify({ detail: BODY_STALLED });
  return [
    'HTTP/1.1 408 Request Timeout',
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

/** HTTP/1.1: a request has a body exactly when it says how long it is or that it comes in chunks. */
function hasBody(raw: IncomingMessage): boolean {
  const length = raw.headers['content-length'];
  return raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function armBodyIdleTimeout(raw: IncomingMessage, idleMs: number): void {
  const socket = raw.socket;
  // (fastify.inject's requests have no real socket and no time to lose.)
  if (raw.complete || typeof socket?.setTimeout !== 'function') return;
  socket.setTimeout(idleMs);
  raw.on('timeout', () => {
    if (socket.destroyed) return;
    socket.end(stalledResponse(), () => socket.destroy());
  });
  // Once the body is in, the route may take its time: the idle clock is for the sender, not for us.
  raw.once('end', () => {
    if (!socket.destroyed) socket.setTimeout(0);
  });
}

/**
 * Hooks every request passes, whatever its route:
 * - a compressed body is refused at once (415): nothing here decodes one, and a multipart parser
 *   fed gzip bytes waits for a boundary that never comes;
 * - a body that goes quiet for `bodyIdleTimeoutMs` is answered 408 and its connection closed (Node
 *   emits `timeout` on a request only while its body is incomplete; the whole-request bound is the
 *   server's `requestTimeout`).
 */
export function installRequestGuards(
  app: FastifyInstance,
  { bodyIdleTimeoutMs }: RequestGuardSettings,
): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      done(new HttpError(415, ENCODED_BODY_REFUSED));
      return;
    }
    if (hasBody(request.raw)) armBodyIdleTimeout(request.raw, bodyIdleTimeoutMs);
    done();
  });
}
