import http from 'node:http';

export interface HttpAnswer {
  status: number;
  body: string;
}

/**
 * One request and its whole answer. `agent: false` gives the request a connection of its own (a
 * registrant on their own phone); a shared agent keeps connections alive as a browser does.
 */
export function sendRequest(
  agent: http.Agent | false,
  url: URL,
  {
    method = 'GET',
    headers = {},
    body,
    timeoutMs = 30_000,
  }: { method?: string; headers?: Record<string, string>; body?: Buffer; timeoutMs?: number },
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      {
        method,
        agent,
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        timeout: timeoutMs,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
