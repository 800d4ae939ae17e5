import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/app';
import { readSettings } from '../../server/config';
import { installShutdown } from '../../server/shutdown';
import { engines, makeWebRoot } from './testServer';

/**
 * Once the listener closes (after the drain), a request that still arrives on a kept-alive
 * connection is refused like every other 503: `{detail}` and Retry-After, not Fastify's own body.
 */
jest.setTimeout(60_000);

const pglite = engines.find((engine) => engine.name === 'pglite')!;

function get(agent: http.Agent, url: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      http
        .get(url, { agent }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode!, headers: response.headers, body }),
          );
        })
        .on('error', reject);
    },
  );
}

test('a request arriving while the server closes is 503 with a detail and Retry-After, and the answer closes the connection', async () => {
  const database = await pglite.open();
  await database.migrate();
  const settings = { ...readSettings({}), webRoot: makeWebRoot() };
  const app = await buildApp({ settings, database, logger: false });
  let exited: number | undefined;
  const shutdown = installShutdown({
    app,
    closeDatabase: () => database.close(),
    releaseResources: () => {},
    graceMs: 3_000,
    deadlineMs: 30_000,
    exit: (code) => {
      exited = code;
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect((await get(agent, `${url}/health`)).status).toBe(200);
    // A request in flight holds the close open: its body never ends.
    const held = http.request(`${url}/api/waitlist/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '100' },
    });
    held.on('error', () => undefined);
    held.write('{"email":');
    await new Promise((resolve) => setTimeout(resolve, 200));

    const closing = shutdown('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const refused = await get(agent, `${url}/api/auth/validate-code/NOTACODE23`);
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body)).toEqual({ detail: 'This instance is shutting down.' });
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.headers['connection']).toBe('close');
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    held.destroy();
    await closing;
    expect(exited).toBe(0);
  } finally {
    agent.destroy();
    fs.rmSync(settings.webRoot, { recursive: true, force: true });
  }
});
