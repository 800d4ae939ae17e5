import net from 'node:net';
import { readSettings } from '../../server/config';
import { killLeftoverProcesses, makeTempDir, startServerProcess, waitFor } from './realServerProcess';

/**
 * Issue 44: /health is readiness (503 while draining or before the migrations), /health/live is
 * liveness; SIGTERM drains for SHUTDOWN_DRAIN_SECONDS while serving, then closes within the deadline;
 * a server whose PostgreSQL is not up yet waits for it instead of exiting.
 */
jest.setTimeout(120_000);

afterAll(() => killLeftoverProcesses());

const statusOf = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as unknown };
};

test('the drain: /health 503 for SHUTDOWN_DRAIN_SECONDS while everything else is served, then a clean exit', async () => {
  const server = await startServerProcess({
    dataDir: makeTempDir('becca-drain'),
    env: { SHUTDOWN_DRAIN_SECONDS: '2', LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
  });
  expect(await statusOf(`${server.url}/health`)).toEqual({ status: 200, body: { status: 'ok' } });
  const signalled = Date.now();
  server.child.kill('SIGTERM');
  await waitFor('the drain to begin', () => server.output().includes('while still serving (drain)'), 5_000);
  expect(await statusOf(`${server.url}/health`)).toEqual({
    status: 503,
    body: { status: 'error', detail: 'This instance is shutting down.' },
  });
  expect((await fetch(`${server.url}/health`)).headers.get('retry-after')).toBe('5');
  expect(await statusOf(`${server.url}/health/live`)).toEqual({ status: 200, body: { status: 'ok' } });
  const check = await statusOf(`${server.url}/api/auth/validate-code/NOTACODE23`);
  expect(check).toMatchObject({ status: 200, body: { valid: false } });
  const exit = await server.exited;
  const tookMs = Date.now() - signalled;
  expect(exit).toEqual({ code: 0, signal: null });
  expect(tookMs).toBeGreaterThanOrEqual(2_000);
  expect(tookMs).toBeLessThan(9_500);
  expect(server.output()).toMatch(/database checkpointed and closed/);
});

test('a server whose PostgreSQL does not answer yet keeps trying, alive and not ready', async () => {
  const closed = net.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as net.AddressInfo;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const server = await startServerProcess({
    dataDir: makeTempDir('becca-wait-db'),
    readyPath: '/health/live',
    env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/becca`, LOG_FORMAT: 'json' },
  });
  await waitFor('a second attempt', () => server.stdout().split('"attempt":2').length > 1, 10_000);
  expect(await statusOf(`${server.url}/health`)).toEqual({
    status: 503,
    body: { status: 'error', detail: 'The database is not ready yet: migrations are not applied.' },
  });
  const api = await fetch(`${server.url}/api/auth/validate-code/NOTACODE23`);
  expect(api.status).toBe(503);
  expect(api.headers.get('retry-after')).toBe('5');
  expect(server.child.exitCode).toBeNull();
  expect(server.stdout()).toContain('PostgreSQL does not answer at start: trying again in');
  expect(server.stderr()).not.toMatch(/could not start/);
  expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
});

test('SHUTDOWN_DRAIN_SECONDS: 5 s on PostgreSQL, none on the embedded database, bounded', () => {
  expect(readSettings({}).shutdownDrainMs).toBe(0);
  expect(readSettings({ DATABASE_URL: 'postgres://db/becca' }).shutdownDrainMs).toBe(5_000);
  expect(
    readSettings({ DATABASE_URL: 'postgres://db/becca', SHUTDOWN_DRAIN_SECONDS: '0' }).shutdownDrainMs,
  ).toBe(0);
  expect(readSettings({ SHUTDOWN_DRAIN_SECONDS: '3' }).shutdownDrainMs).toBe(3_000);
  expect(() => readSettings({ SHUTDOWN_DRAIN_SECONDS: '9' })).toThrow(
    'SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 6, got "9"',
  );
});
