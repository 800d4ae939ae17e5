import Fastify, { type FastifyInstance } from 'fastify';
import { BODY_STALLED, installRequestGuards } from '../../server/requestGuards';
import { openRawClient, type RawClient } from './rawHttpClient';

/**
 * The body idle timeout (issue 30) on a bare Fastify app with the guards: every request with a body
 * has its own idle clock, whatever its handler is waiting for and whatever came before it on the same
 * connection. Loopback only, a few clients, a short idle timeout.
 */
const IDLE_MS = 1_000;
/** A loaded 2-core machine runs timers a little late. */
const LATE_MS = 1_000;

let app: FastifyInstance;
let url: string;
/** The app's log records. */
const logLines: { msg: string; res?: { statusCode: number } }[] = [];
const clients: RawClient[] = [];
/** Handlers that never finish: resolved in afterAll so that the app can close. */
const neverSettled: (() => void)[] = [];

beforeAll(async () => {
  app = Fastify({
    logger: {
      level: 'info',
      stream: { write: (line: string) => logLines.push(JSON.parse(line) as (typeof logLines)[number]) },
    },
  });
  installRequestGuards(app, { bodyIdleTimeoutMs: IDLE_MS });
  // Waits forever without reading its body: a rate-limit store, a database or a slot that never answers.
  app.post('/stuck', async () => {
    await new Promise<void>((resolve) => neverSettled.push(resolve));
    return { never: true };
  });
  app.post('/echo', async (request) => ({ got: request.body }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
});

afterAll(async () => {
  for (const resolve of neverSettled) resolve();
  await app.close();
});

async function client(): Promise<RawClient> {
  const opened = await openRawClient(url);
  clients.push(opened);
  return opened;
}

function post(path: string, contentLength: number, body = '', headers: Record<string, string> = {}): string {
  return (
    [
      `POST ${path} HTTP/1.1`,
      'host: localhost',
      'content-type: application/json',
      `content-length: ${contentLength}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      '',
      '',
    ].join('\r\n') + body
  );
}

/** Every status line the client received, in order. */
async function statusesWithin(opened: RawClient, ms: number): Promise<number[]> {
  await Promise.race([opened.closed, new Promise((resolve) => setTimeout(resolve, ms))]);
  return [...opened.received().matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1]));
}

/** Sends `bytes`, then stays silent: the last request must be answered 408 and closed in time. */
async function expectCutAfterSilence(opened: RawClient, bytes: string, before: number[] = []) {
  await opened.write(bytes);
  const silentFrom = Date.now();
  const statuses = await statusesWithin(opened, IDLE_MS + LATE_MS + 2_000);
  const closedAt = await Promise.race([opened.closed, Promise.resolve(undefined)]);
  expect(statuses).toEqual([...before, 408]);
  expect(closedAt).toBeDefined();
  expect((closedAt as number) - silentFrom).toBeGreaterThanOrEqual(IDLE_MS - 50);
  expect((closedAt as number) - silentFrom).toBeLessThanOrEqual(IDLE_MS + LATE_MS);
  expect(opened.received()).toContain(BODY_STALLED);
}

test('a quiet body whose handler waits forever is answered 408 within the idle timeout, and logged', async () => {
  const before = logLines.length;
  await expectCutAfterSilence(await client(), post('/stuck', 1000, '{"a":'));
  const cut = logLines.slice(before).filter((line) => line.msg === 'request body stalled: cut');
  expect(cut.map((line) => line.res?.statusCode)).toEqual([408]);
});

test('a quiet body pipelined behind a request with a body keeps its own idle clock', async () => {
  // The first request's body ends after the second has started: its end must not stop the second's clock.
  const opened = await client();
  const first = post('/echo', 7, '{"a":1}');
  await expectCutAfterSilence(opened, first + post('/stuck', 1000, '{"a":'), [200]);
});

test('the same on a reused connection: a quiet body after an answered one is cut', async () => {
  const opened = await client();
  await opened.write(post('/echo', 7, '{"a":1}'));
  expect((await opened.answer)?.status).toBe(200);
  await expectCutAfterSilence(opened, post('/stuck', 1000, '{"a":'), [200]);
});

test('a body that keeps arriving, however slowly, is not cut; once it stops, it is', async () => {
  const opened = await client();
  await opened.write(post('/stuck', 1000, '{"a":'));
  const stop = opened.trickle(IDLE_MS / 4);
  expect(await statusesWithin(opened, IDLE_MS * 3)).toEqual([]);
  stop();
  const silentFrom = Date.now();
  const closedAt = await Promise.race([
    opened.closed,
    new Promise<undefined>((resolve) => setTimeout(resolve, IDLE_MS + LATE_MS + 2_000)),
  ]);
  expect(closedAt).toBeDefined();
  expect((closedAt as number) - silentFrom).toBeLessThanOrEqual(IDLE_MS + LATE_MS + IDLE_MS / 4);
  expect(await statusesWithin(opened, 0)).toEqual([408]);
});

test('many requests on one kept-alive connection leave no listeners behind', async () => {
  const opened = await client();
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  process.on('warning', onWarning);
  try {
    for (let index = 0; index < 30; index += 1) await opened.write(post('/echo', 7, '{"a":1}'));
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 2));
    expect(await statusesWithin(opened, 0)).toEqual(Array(30).fill(200));
  } finally {
    process.off('warning', onWarning);
  }
  expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
});
