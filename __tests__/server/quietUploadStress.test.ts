import fs from 'node:fs';
import { openEmbeddedDatabase, openPostgresDatabase, type Database } from '../../server/db/database';
import { BODY_STALLED } from '../../server/requestGuards';
import { storedCounts, webFormData } from './fixtures';
import { openRawClient, registrationUploadStart, type RawClient } from './rawHttpClient';
import {
  createFreshPostgresDatabase,
  makeTempDir,
  startServerProcess,
  type FreshPostgresDatabase,
  type ServerProcess,
} from './realServerProcess';

/**
 * Issue 30's quiet upload, over and over against one real server on loopback, run as `npm start` runs
 * it (the compiled entry, its node flags): twenty uploads without an invite code push megabytes, stall
 * and are dropped; then uploads with a good code send 3 bytes of their photo and go quiet. Every
 * round, each quiet upload must be answered 408 within the idle timeout, whatever the twenty left
 * behind (slots, budget, timers) and however it came:
 * - alone, on a connection of its own (the audit's case);
 * - pipelined behind a request with a body, in one write: that request's body ends after the quiet
 *   one has started, and that end used to switch the connection's idle clock off, so the quiet upload
 *   was never answered (not before the 120 s request timeout);
 * - on a connection kept alive after a request with a body was answered;
 * - chunked, with `Expect: 100-continue`.
 * Four at once and three photo slots: one of them also waits for a slot. Half the rounds send them
 * while the twenty are still open, half after they are dropped. Small sizes and a 2 s idle timeout
 * keep it bounded; on PostgreSQL + Redis too when TEST_DATABASE_URL and TEST_REDIS_URL are given.
 */
jest.setTimeout(420_000);

const MB = 1024 * 1024;
const IDLE_SECONDS = 2;
const ROUNDS = 20;
const REFUSED_UPLOADS = 20;
/** Each refused upload pushes this much before it stalls (the server stops reading long before). */
const PUSHED_MB = 4;
/** The idle clock looks every 200 ms at a 2 s timeout, and a loaded 2-core machine answers a little late. */
const LATE_MS = 1_500;

type Shape = 'alone' | 'pipelined' | 'kept alive' | 'chunked';
const SHAPES: Shape[] = ['alone', 'pipelined', 'kept alive', 'chunked'];

interface Engine {
  name: string;
  /** The server's environment for this engine, and what to clean up after. */
  prepare(): Promise<{ env: NodeJS.ProcessEnv; open(): Promise<Database>; drop(): Promise<void> }>;
}

const engines: Engine[] = [
  {
    name: 'the embedded database',
    prepare: async () => ({
      env: {},
      open: () => openEmbeddedDatabase(dataDir),
      drop: async () => undefined,
    }),
  },
  ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
    ? [
        {
          name: 'PostgreSQL + Redis',
          prepare: async () => {
            const storage: FreshPostgresDatabase = await createFreshPostgresDatabase(
              process.env.TEST_DATABASE_URL!,
              'becca_quiet',
            );
            return {
              env: { DATABASE_URL: storage.url, REDIS_URL: process.env.TEST_REDIS_URL },
              open: () => openPostgresDatabase(storage.url),
              drop: () => storage.drop(),
            };
          },
        },
      ]
    : []),
];

let server: ServerProcess;
let dataDir: string;
let inviteCode: string;

/** An upload without an invite code that pushes PUSHED_MB and stalls: refused, and left open. */
async function refusedUpload(index: number): Promise<RawClient> {
  const client = await openRawClient(server.url);
  const start = registrationUploadStart(30 * MB);
  // Half send a photo first, half form_data without a code, as the audit did.
  const prelude =
    index % 2 === 0
      ? start.head + start.partHead('photos', 'a.jpg') + 'x'.repeat(1024)
      : start.upToPhoto({ ...webFormData(''), invite_code: undefined });
  await client.write(prelude);
  const chunk = Buffer.alloc(MB, 0xab);
  for (let sent = 0; sent < PUSHED_MB && (await client.write(chunk, 250)); sent += 1);
  return client;
}

/**
 * A whole POST with a small JSON body to an API path that does not exist: answered 404 with its body
 * read, so its connection is kept for the next request. (A refused upload would do too when its body
 * happens to be in when it is answered; when not, its connection is closed, so it is no fixed shape.)
 */
function answeredPost(): string {
  const body = JSON.stringify({ hello: 'world' });
  const head = [
    'POST /api/no-such-thing HTTP/1.1',
    'host: localhost',
    'content-type: application/json',
    `content-length: ${Buffer.byteLength(body)}`,
  ];
  return [...head, '', body].join('\r\n');
}

interface QuietUpload {
  shape: Shape;
  /** Every status line the connection received, in order. */
  statuses: number[];
  /** From its last byte to its connection's close. */
  closedAfterMs: number;
  stalledDetail: boolean;
}

/** A good code, then 3 bytes of a JPEG, then silence; resolves once its connection is closed (or not). */
async function quietUpload(shape: Shape): Promise<Promise<QuietUpload>> {
  const client = await openRawClient(server.url);
  const photoStart = Buffer.from([0xff, 0xd8, 0xff]);
  const start = registrationUploadStart(shape === 'chunked' ? 'chunked' : 2 * MB, {
    ...(shape === 'chunked' ? { expect: '100-continue' } : {}),
  });
  const upToPhoto = start.upToPhoto(webFormData(inviteCode));
  if (shape === 'alone') {
    await client.write(upToPhoto);
  } else if (shape === 'pipelined') {
    await client.write(answeredPost() + upToPhoto);
  } else if (shape === 'kept alive') {
    await client.write(answeredPost());
    expect((await client.answer)?.status).toBe(404);
    await client.write(upToPhoto);
  } else {
    await client.write(start.head);
    expect((await client.answer)?.status).toBe(100);
    const body = Buffer.concat([Buffer.from(upToPhoto.slice(start.head.length)), photoStart]);
    // One chunk announced bigger than what follows: the photo stops inside it.
    await client.write(`${(body.length + 1000).toString(16)}\r\n`);
    await client.write(body);
  }
  if (shape !== 'chunked') await client.write(photoStart);
  const silentFrom = Date.now();
  const deadline = IDLE_SECONDS * 1000 + LATE_MS + 5_000;
  return Promise.race([
    client.closed,
    new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), deadline)),
  ])
    .then((closedAt) => ({
      shape,
      statuses: [...client.received().matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1])),
      closedAfterMs: closedAt - silentFrom,
      stalledDetail: client.received().includes(BODY_STALLED),
    }))
    .finally(() => client.destroy());
}

const EXPECTED_STATUSES: Record<Shape, number[]> = {
  alone: [408],
  pipelined: [404, 408],
  'kept alive': [404, 408],
  chunked: [100, 408],
};

describe.each(engines)('on $name', (engine) => {
  let storage: Awaited<ReturnType<Engine['prepare']>>;

  beforeAll(async () => {
    dataDir = makeTempDir('becca-quiet-upload');
    storage = await engine.prepare();
    server = await startServerProcess({
      dataDir,
      via: 'node',
      env: {
        ...storage.env,
        BODY_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS),
        REGISTER_RATE_LIMIT: '100000',
      },
      startTimeoutMs: 150_000,
    });
    inviteCode = /Your first invite code \(10 uses\): (\S+)/.exec(server.output())?.[1] ?? '';
    expect(inviteCode).not.toBe('');
  }, 180_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    await storage?.drop();
  });

  test(`${ROUNDS} rounds in a row: every quiet upload is answered 408 within the idle timeout, nothing is stored`, async () => {
    const rounds: QuietUpload[][] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const refused = await Promise.all(Array.from({ length: REFUSED_UPLOADS }, (_, i) => refusedUpload(i)));
      const sendQuiet = () => Promise.all(SHAPES.map((shape) => quietUpload(shape)));
      const whileOpen = round % 2 === 0;
      const quiet = whileOpen ? await sendQuiet() : undefined;
      const answers = await Promise.all(refused.map((client) => client.answer));
      expect(answers.map((answer) => answer?.status)).toEqual(Array(REFUSED_UPLOADS).fill(403));
      for (const client of refused) client.destroy();
      rounds.push(await Promise.all(quiet ?? (await sendQuiet())));
    }
    for (const round of rounds) {
      expect(round.map(({ shape, statuses }) => ({ shape, statuses }))).toEqual(
        SHAPES.map((shape) => ({ shape, statuses: EXPECTED_STATUSES[shape] })),
      );
      for (const { closedAfterMs, stalledDetail } of round) {
        expect(stalledDetail).toBe(true);
        expect(closedAfterMs).toBeGreaterThanOrEqual(IDLE_SECONDS * 1000 - 200);
        expect(closedAfterMs).toBeLessThanOrEqual(IDLE_SECONDS * 1000 + LATE_MS);
      }
    }
    // And the server is still there for everyone else.
    expect((await fetch(`${server.url}/health`)).status).toBe(200);

    // Nothing any of them sent was stored, and no invite was used.
    await server.stop('SIGTERM');
    const database = await storage.open();
    try {
      expect(await storedCounts(database.db)).toEqual({
        users: 0,
        photos: 0,
        entries: 0,
        tokens: 0,
        inviteUses: 0,
      });
    } finally {
      await database.close();
    }
  });
});
