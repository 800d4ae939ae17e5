import net from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * An HTTP/1.1 client on a bare socket, for the clients a browser would never be: ones that stall,
 * trickle, or keep pushing after the answer. It records the first answer's status line and headers.
 */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawClient {
  socket: net.Socket;
  /** Resolves with the first answer, or undefined when the socket closed without one. */
  answer: Promise<RawAnswer | undefined>;
  /** Resolves when the socket is closed (by either side), with the time it happened. */
  closed: Promise<number>;
  /** Everything received so far (latin1), every answer on the connection included. */
  received(): string;
  /** Writes, waiting for the socket to drain; false once the socket is gone or stuck for `stuckMs`. */
  write(bytes: Buffer | string, stuckMs?: number): Promise<boolean>;
  /** Sends one byte every `everyMs` until stopped or closed: alive, but hardly. */
  trickle(everyMs: number): () => void;
  destroy(): void;
}

function parseAnswer(text: string): RawAnswer | undefined {
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const [statusLine = '', ...headerLines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(end + 4) };
}

export function openRawClient(url: string): Promise<RawClient> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) }, () => {
      let received = '';
      let resolveAnswer: (answer: RawAnswer | undefined) => void = () => undefined;
      const answer = new Promise<RawAnswer | undefined>((done) => (resolveAnswer = done));
      const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now())));
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
        const parsed = parseAnswer(received);
        const length = Number(parsed?.headers['content-length'] ?? 0);
        if (parsed && Buffer.byteLength(parsed.body, 'latin1') >= length) resolveAnswer(parsed);
      });
      socket.on('error', () => undefined);
      socket.once('close', () => resolveAnswer(parseAnswer(received)));
      const write = async (bytes: Buffer | string, stuckMs = 2_000) => {
        if (socket.destroyed || !socket.writable) return false;
        if (socket.write(bytes)) return true;
        return new Promise<boolean>((done) => {
          const timer = setTimeout(() => done(false), stuckMs);
          socket.once('drain', () => {
            clearTimeout(timer);
            done(true);
          });
          socket.once('close', () => {
            clearTimeout(timer);
            done(false);
          });
        });
      };
      const trickle = (everyMs: number) => {
        const timer = setInterval(() => {
          if (socket.destroyed) clearInterval(timer);
          else socket.write('x');
        }, everyMs);
        return () => clearInterval(timer);
      };
      resolve({
        socket,
        answer,
        closed,
        received: () => received,
        write,
        trickle,
        destroy: () => socket.destroy(),
      });
    });
    socket.once('error', reject);
  });
}

export interface UploadStart {
  /** The request line and headers, with a Content-Length for the whole body announced. */
  head: string;
  boundary: string;
  /** The start of a part, up to where its value begins. */
  partHead(name: string, filename?: string): string;
  /** The head, a `form_data` part holding `formData`, then a photo part's head: its bytes come next. */
  upToPhoto(formData: object, filename?: string): string;
}

/**
 * A registration upload that announces `contentLength` bytes (it may never send them all), or one
 * sent in chunks (`'chunked'`: Transfer-Encoding, no length; the caller frames the chunks).
 */
export function registrationUploadStart(
  contentLength: number | 'chunked',
  extraHeaders: Record<string, string> = {},
): UploadStart {
  const boundary = `----becca-abuse-${randomBytes(6).toString('hex')}`;
  const headers = {
    host: 'localhost',
    'content-type': `multipart/form-data; boundary=${boundary}`,
    ...(contentLength === 'chunked'
      ? { 'transfer-encoding': 'chunked' }
      : { 'content-length': String(contentLength) }),
    ...extraHeaders,
  };
  const head = [
    'POST /api/auth/register HTTP/1.1',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  const partHead = (name: string, filename?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
    (filename ? `; filename="${filename}"\r\nContent-Type: image/jpeg` : '') +
    '\r\n\r\n';
  return {
    head,
    boundary,
    partHead,
    upToPhoto: (formData, filename = 'a.jpg') =>
      `${head}${partHead('form_data')}${JSON.stringify(formData)}\r\n${partHead('photos', filename)}`,
  };
}
