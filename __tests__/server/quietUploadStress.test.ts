import fs from 'node:fs';
import { webFormData } from './fixtures';
import { openRawClient, registrationUploadStart, type RawClient } from './rawHttpClient';
import { makeTempDir, startServerProcess, type ServerProcess } from './realServerProcess';

/**
 * Issue 30's quiet upload, over and over against one real server on loopback: twenty uploads without
 * an invite code push megabytes, stall and are dropped; then an upload with a good code sends 3 bytes
 * of its photo and goes quiet. Every round, that upload must be answered 408 within the idle timeout,
 * whatever the twenty left behind (slots, budget, timers). Half the rounds send it while the twenty
 * are still open, half after they are dropped. Small sizes and a 2 s idle timeout keep it bounded.
 */
jest.setTimeout(300_000);

const MB = 1024 * 1024;
const IDLE_SECONDS = 2;
const ROUNDS = 20;
const REFUSED_UPLOADS = 20;
/** Each refused upload pushes this much before it stalls (the server stops reading long before). */
const PUSHED_MB = 4;
/** Node checks socket timeouts on a timer; a loaded 2-core machine answers a little late. */
const LATE_MS = 1_500;

let server: ServerProcess;
let dataDir: string;
let inviteCode: string;

beforeAll(async () => {
  dataDir = makeTempDir('becca-quiet-upload');
  server = await startServerProcess({
    dataDir,
    env: { BODY_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS), REGISTER_RATE_LIMIT: '100000' },
    startTimeoutMs: 150_000,
  });
  inviteCode = /Your first invite code \(10 uses\): (\S+)/.exec(server.output())?.[1] ?? '';
  expect(inviteCode).not.toBe('');
}, 180_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

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

interface QuietUpload {
  status: number | undefined;
  /** From its last byte to its answer. */
  answeredAfterMs: number;
}

/** A good code, then 3 bytes of a JPEG, then silence. */
async function quietUpload(): Promise<Promise<QuietUpload>> {
  const client = await openRawClient(server.url);
  const start = registrationUploadStart(2 * MB);
  await client.write(start.upToPhoto(webFormData(inviteCode)));
  await client.write(Buffer.from([0xff, 0xd8, 0xff]));
  const silentFrom = Date.now();
  const deadline = IDLE_SECONDS * 1000 + LATE_MS + 5_000;
  return Promise.race([
    client.answer.then((answer) => ({ status: answer?.status, answeredAfterMs: Date.now() - silentFrom })),
    new Promise<QuietUpload>((resolve) =>
      setTimeout(() => resolve({ status: undefined, answeredAfterMs: Infinity }), deadline),
    ),
  ]).finally(() => client.destroy());
}

test(`${ROUNDS} rounds in a row: the quiet upload is answered 408 within the idle timeout every time`, async () => {
  const rounds: QuietUpload[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const refused = await Promise.all(Array.from({ length: REFUSED_UPLOADS }, (_, i) => refusedUpload(i)));
    const whileOpen = round % 2 === 0;
    const quiet = whileOpen ? await quietUpload() : undefined;
    const answers = await Promise.all(refused.map((client) => client.answer));
    expect(answers.map((answer) => answer?.status)).toEqual(Array(REFUSED_UPLOADS).fill(403));
    for (const client of refused) client.destroy();
    rounds.push(await (quiet ?? (await quietUpload())));
  }
  expect(rounds.map((round) => round.status)).toEqual(Array(ROUNDS).fill(408));
  for (const { answeredAfterMs } of rounds) {
    expect(answeredAfterMs).toBeGreaterThanOrEqual(IDLE_SECONDS * 1000 - 200);
    expect(answeredAfterMs).toBeLessThanOrEqual(IDLE_SECONDS * 1000 + LATE_MS);
  }
  // And the server is still there for everyone else.
  expect((await fetch(`${server.url}/health`)).status).toBe(200);
});
