import net from 'node:net';
import { registrationMultipart, testPhone } from '../__tests__/server/registrationTraffic';

export interface LoadOptions {
  connections: number;
  seconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses received. */
  total: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Responses outside 2xx. */
  non2xx: number;
}

export interface RegistrationLoadResult extends LoadResult {
  /** Phones whose registration was answered 201, with the user id the server gave. */
  acknowledged: { phone: string; userId: string }[];
  statuses: Record<number, number>;
}

const RESPONSE_TIMEOUT_MS = 30_000;
const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * One keep-alive connection sending registrations one after another. Its whole request (head and
 * multipart body) is built once; each registration only writes a new phone number over the old one,
 * in place, because every phone has the same length. Building two fresh 2 MB buffers per request,
 * as a general-purpose client does, cost more CPU than the server's HTTP handling on this 2-core
 * machine, CPU the server was then measured without. The buffer is rewritten only after the answer
 * has arrived, when the server has read the whole request, so no byte still queued for the socket
 * changes.
 */
class RegistrationConnection {
  private readonly request: Buffer;
  private readonly phoneOffsets: number[];
  private readonly socket: net.Socket;
  private received: Buffer = Buffer.alloc(0);
  private pending?: { resolve(answer: { status: number; body: string }): void; reject(error: Error): void };

  constructor(url: URL, inviteCode: string, photo: Buffer, phoneLength: number) {
    const placeholder = '+'.padEnd(phoneLength, '0');
    const { contentType, body } = registrationMultipart(inviteCode, placeholder, photo);
    const head =
      `POST /api/auth/register HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: ${contentType}\r\n` +
      `Content-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n`;
    this.request = Buffer.concat([Buffer.from(head), body]);
    this.phoneOffsets = findAll(this.request.subarray(0, head.length + 4096), Buffer.from(placeholder));
    if (this.phoneOffsets.length === 0) throw new Error('the phone is not in the multipart form');
    this.socket = net.connect(Number(url.port), url.hostname);
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  send(phone: string): Promise<{ status: number; body: string }> {
    for (const offset of this.phoneOffsets) this.request.write(phone, offset, 'latin1');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new Error('timeout')), RESPONSE_TIMEOUT_MS);
      this.pending = {
        resolve: (answer) => (clearTimeout(timer), resolve(answer)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      };
      this.socket.write(this.request);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    const headerEnd = this.received.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = this.received.subarray(0, headerEnd).toString('latin1');
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? NaN);
    if (!Number.isFinite(length)) return this.fail(new Error('an answer without Content-Length'));
    const bodyStart = headerEnd + HEADER_END.length;
    if (this.received.length < bodyStart + length) return;
    const status = Number(head.slice(9, 12));
    const body = this.received.subarray(bodyStart, bodyStart + length).toString('utf8');
    this.received = Buffer.alloc(0);
    const pending = this.pending;
    this.pending = undefined;
    pending?.resolve({ status, body });
  }

  private fail(error: Error): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.reject(error);
  }
}

function findAll(haystack: Buffer, needle: Buffer): number[] {
  const offsets: number[] = [];
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length))
    offsets.push(at);
  return offsets;
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/**
 * Registrations with the same photo and a new phone each, for `seconds`, at `connections` at a time,
 * one request per connection at a time. The rate counts the answers that arrived within `seconds`.
 * Every 201 is recorded so the caller can check afterwards that each one was stored whole.
 */
export async function measureRegistrations(
  baseUrl: string,
  inviteCode: string,
  photo: Buffer,
  { connections, seconds, firstPhone }: LoadOptions & { firstPhone: number },
): Promise<RegistrationLoadResult> {
  const acknowledged: RegistrationLoadResult['acknowledged'] = [];
  const statuses: Record<number, number> = {};
  const latencies: number[] = [];
  let answeredInTime = 0;
  let errors = 0;
  let non2xx = 0;
  let next = firstPhone;
  const phoneLength = testPhone(firstPhone).length;
  const deadline = performance.now() + seconds * 1000;

  async function keepSending(connection: RegistrationConnection) {
    while (performance.now() < deadline) {
      const phone = testPhone(next++);
      if (phone.length !== phoneLength) throw new Error(`${phone} does not fit the request`);
      const sent = performance.now();
      try {
        const { status, body } = await connection.send(phone);
        const answered = performance.now();
        // The rate counts what was answered within the interval; the audit checks every 201.
        if (answered <= deadline) answeredInTime += 1;
        latencies.push(answered - sent);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status < 200 || status >= 300) non2xx += 1;
        if (status === 201)
          acknowledged.push({ phone, userId: (JSON.parse(body) as { user_id: string }).user_id });
      } catch {
        errors += 1;
        return;
      }
    }
  }

  const url = new URL(baseUrl);
  const pool = Array.from(
    { length: connections },
    () => new RegistrationConnection(url, inviteCode, photo, phoneLength),
  );
  try {
    await Promise.all(pool.map(keepSending));
  } finally {
    for (const connection of pool) connection.close();
  }
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: answeredInTime / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    total: latencies.length,
    errors,
    non2xx,
    acknowledged,
    statuses,
  };
}
