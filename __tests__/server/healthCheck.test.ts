import { engines, startTestServer, type TestServer } from './testServer';
import type { Database } from '../../server/db/database';

/** The engine's own database, with its ping counted and, when asked, failing. */
function watchedPing(database: Database) {
  const real = database.ping.bind(database);
  const watch = { pings: 0, failing: false };
  database.ping = async () => {
    watch.pings += 1;
    // Long enough that every probe sent at once arrives while it is in flight.
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (watch.failing) throw new Error('connection refused');
    await real();
  };
  return watch;
}

describe.each(engines)('GET /health on $name', (engine) => {
  let server: TestServer;
  let watch: ReturnType<typeof watchedPing>;
  beforeAll(async () => {
    server = await startTestServer(engine);
    watch = watchedPing(server.database);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    watch.pings = 0;
    watch.failing = false;
  });

  const probe = () => server.app.inject({ url: '/health' });

  test('answers ok after a real query', async () => {
    const answer = await probe();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok' });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(watch.pings).toBe(1);
  });

  test('probes that arrive together share one query; the next probe queries again', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, probe));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(watch.pings).toBe(1);
    await probe();
    expect(watch.pings).toBe(2);
  });

  test('a database that does not answer is 503 for every probe sharing the query, and the next probe asks again', async () => {
    watch.failing = true;
    const answers = await Promise.all(Array.from({ length: 5 }, probe));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(5).fill(503));
    expect(answers[0]!.json()).toEqual({ status: 'error', detail: 'The database is not answering.' });
    // Declared in the document as on every other 503.
    expect(answers.map((answer) => answer.headers['retry-after'])).toEqual(Array(5).fill('5'));
    expect(watch.pings).toBe(1);
    watch.failing = false;
    expect((await probe()).statusCode).toBe(200);
    expect(watch.pings).toBe(2);
  });
});
