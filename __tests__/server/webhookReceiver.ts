import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A secret in the Standard Webhooks format, as an operator would make one. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
  /** performance.now() when the request body was complete. */
  receivedAt: number;
  /** What the receiver answered. */
  answeredStatus: number;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** Statuses to answer for the next requests, in order; 204 once they run out. */
  answerWith(...statuses: number[]): void;
  /** Requests verified with the library's own verifier; throws if any signature is wrong. */
  verified(secret: string): { id: string; type: string; data: Record<string, unknown>; receivedAt: number }[];
  close(): Promise<void>;
}

/** A real HTTP receiver on loopback, recording every request the server's worker makes. */
export async function startWebhookReceiver(port = 0, delayMs = 0): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const queued: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answeredStatus = queued.shift() ?? 204;
      received.push({
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([key, value]) => [key, String(value)]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: performance.now(),
        answeredStatus,
      });
      setTimeout(() => response.writeHead(answeredStatus).end(), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}/hooks/becca`,
    port: actualPort,
    received,
    answerWith: (...statuses) => queued.push(...statuses),
    verified: (secret) => {
      const verifier = new Webhook(secret);
      return received.map((request) => {
        const body = verifier.verify(request.body, request.headers) as {
          type: string;
          data: Record<string, unknown>;
        };
        return {
          id: request.headers['webhook-id']!,
          type: body.type,
          data: body.data,
          receivedAt: request.receivedAt,
        };
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls until `condition` returns something truthy, or throws saying what it waited for. */
export async function eventually<T>(
  what: string,
  condition: () => T | false | undefined | Promise<T | false | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Gave up after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
