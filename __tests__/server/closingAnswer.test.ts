import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import inject from 'light-my-request';
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
  const { port } = app.server.address() as AddressInfo;
  try {
    // A request in flight holds the close open: its body has not all arrived yet.
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    const body = '{"email":"held@example.com"}';
    socket.write(
      `POST /api/waitlist/join HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    const closing = shutdown('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // A request that reaches the server now (Node hands it over as it would one pipelined behind the
    // held one): light-my-request drives the server's own request listener, past Fastify's inject,
    // which refuses a closing app outright.
    const refused = await inject((request, response) => app.server.emit('request', request, response), {
      method: 'GET',
      url: '/api/auth/validate-code/NOTACODE23',
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ detail: 'This instance is shutting down.' });
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.headers['connection']).toBe('close');
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    socket.destroy();
    await closing;
    expect(exited).toBe(0);
  } finally {
    fs.rmSync(settings.webRoot, { recursive: true, force: true });
  }
});
