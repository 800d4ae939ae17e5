import fs from 'node:fs';
import path from 'node:path';
import { LOCK_FILE_NAME } from '../../server/dataDirLock';
import { ADMIN_TOKEN_FILE } from '../../server/operator/adminToken';
import {
  countOutputLines,
  createFreshPostgresDatabase,
  killLeftoverProcesses,
  lastLine,
  makeTempDir,
  runCli,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from './realServerProcess';
import {
  auditRegistrations,
  makeJpeg,
  openStoredDatabase,
  postRegistration,
  startHeldRegistration,
  testPhone,
  type RegistrationAudit,
  type RegistrationOutcome,
} from './registrationTraffic';

// Real processes, real database files: a busy 2-core machine needs several seconds per start.
jest.setTimeout(120_000);

const BURST_SIZE = 40;
/** kill -9 lands once this many registrations have been acknowledged, with the rest still in flight. */
const KILL_AFTER_ACKNOWLEDGED = 3;
/** Registrations half-sent when SIGTERM arrives. */
const HELD_REQUESTS = 12;

interface EngineTarget {
  name: 'pglite' | 'postgres';
  /** Creates the storage and returns the server's extra environment. */
  prepare(): Promise<NodeJS.ProcessEnv>;
}

const cleanups: (() => Promise<void> | void)[] = [];
const targets: EngineTarget[] = [
  { name: 'pglite', prepare: async () => ({}) },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'postgres' as const,
          prepare: async () => {
            const database = await createFreshPostgresDatabase(process.env.TEST_DATABASE_URL!);
            cleanups.push(() => database.drop());
            return { DATABASE_URL: database.url };
          },
        },
      ]
    : []),
];

function newDataDir(): string {
  const dataDir = makeTempDir('becca-crash');
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

afterAll(async () => {
  killLeftoverProcesses();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const serverEnv = (env: NodeJS.ProcessEnv) => ({ REGISTER_RATE_LIMIT: '100000', ...env });

async function createBurstInviteCode(dataDir: string, env: NodeJS.ProcessEnv): Promise<string> {
  const created = await runCli('invite', ['create', '--uses', '1000', '--label', 'burst'], {
    DATA_DIR: dataDir,
    ...env,
  });
  expect(created).toMatchObject({ code: 0 });
  return lastLine(created.stdout);
}

/**
 * Fires every registration at once; `onAcknowledged(n)` runs as the n-th 201 arrives, which is
 * where the tests send their signal: a fixed point in the burst rather than a timer.
 */
async function registrationBurst(
  server: ServerProcess,
  inviteCode: string,
  firstPhone: number,
  onAcknowledged: (acknowledged: number) => void,
): Promise<RegistrationOutcome[]> {
  const photo = await makeJpeg(640, 480);
  let acknowledged = 0;
  return Promise.all(
    Array.from({ length: BURST_SIZE }, (_, i) =>
      postRegistration(server.url, inviteCode, testPhone(firstPhone + i), photo).then((outcome) => {
        if (outcome.status === 201) onAcknowledged(++acknowledged);
        return outcome;
      }),
    ),
  );
}

async function auditAfterExit(dataDir: string, env: NodeJS.ProcessEnv): Promise<RegistrationAudit> {
  const database = await openStoredDatabase({ dataDir, databaseUrl: env.DATABASE_URL });
  try {
    return await auditRegistrations(database.db);
  } finally {
    await database.close();
  }
}

/** All or nothing: each stored user is whole, nothing belongs to no one, and every use has its user. */
function expectEveryRegistrationWhole(audit: RegistrationAudit) {
  const incomplete = audit.users.filter(
    (user) =>
      user.photos !== 1 ||
      user.wholePhotos !== 1 ||
      user.groups !== 1 ||
      user.people !== 1 ||
      user.tokens !== 1,
  );
  expect(incomplete).toEqual([]);
  expect({ photos: audit.orphanPhotos, entries: audit.orphanEntries, tokens: audit.orphanTokens }).toEqual({
    photos: 0,
    entries: 0,
    tokens: 0,
  });
  expect(audit.codes.map(({ code, uses }) => ({ code, uses }))).toEqual(
    audit.codes.map(({ code, users }) => ({ code, uses: users })),
  );
}

function acknowledgedPhones(outcomes: RegistrationOutcome[]): string[] {
  return outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.phone);
}

describe.each(targets)('a registration burst on $name', (target) => {
  test('kill -9 in the middle leaves every registration whole or absent, and loses no acknowledged one', async () => {
    const dataDir = newDataDir();
    const env = serverEnv(await target.prepare());
    const server = await startServerProcess({ dataDir, env });
    const inviteCode = await createBurstInviteCode(dataDir, env);

    const outcomes = await registrationBurst(server, inviteCode, 0, (acknowledged) => {
      if (acknowledged === KILL_AFTER_ACKNOWLEDGED) server.child.kill('SIGKILL');
    });
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const acknowledged = acknowledgedPhones(outcomes);
    const cut = outcomes.filter((outcome) => outcome.error !== undefined);
    // Anything else (a 4xx, a 5xx) would mean the burst itself was wrong, not the crash.
    expect(outcomes.filter((outcome) => outcome.status !== undefined && outcome.status !== 201)).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
    expect(cut.length).toBeGreaterThan(0);

    // Same folder: the dead server's lock must be taken over, and the database must still work.
    const restarted = await startServerProcess({ dataDir, env });
    if (target.name === 'pglite') {
      const lock = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')) as { pid: number };
      expect(lock.pid).toBe(restarted.pid);
    }
    const afterRestart = await postRegistration(
      restarted.url,
      inviteCode,
      testPhone(BURST_SIZE),
      await makeJpeg(64, 48),
    );
    expect(afterRestart.status).toBe(201);
    expect(await restarted.stop('SIGTERM')).toEqual({ code: 0, signal: null });

    const audit = await auditAfterExit(dataDir, env);
    const storedPhones = new Set(audit.users.map((user) => user.phone));
    const lost = acknowledged.filter((phone) => !storedPhones.has(phone));
    console.info(
      `${target.name}: kill -9 after ${acknowledged.length} acknowledged of ${BURST_SIZE} ` +
        `(${cut.length} cut); stored after restart: ${audit.users.length - 1}; acknowledged but lost: ${lost.length}`,
    );
    expectEveryRegistrationWhole(audit);
    expect(lost).toEqual([]);
    expect(storedPhones.has(afterRestart.phone)).toBe(true);
  });

  test('SIGTERM with registrations in flight lets each one finish, then exits 0 and cleans up', async () => {
    const dataDir = newDataDir();
    // At debug level the server logs each request as it starts: that is how we know all are in flight.
    const env = serverEnv({ ...(await target.prepare()), LOG_LEVEL: 'debug' });
    const server = await startServerProcess({ dataDir, env });
    const inviteCode = await createBurstInviteCode(dataDir, env);
    const photo = await makeJpeg(640, 480);

    const held = Array.from({ length: HELD_REQUESTS }, (_, i) =>
      startHeldRegistration(server.url, inviteCode, testPhone(100 + i), photo),
    );
    await waitFor(
      `${HELD_REQUESTS} registrations to reach the server`,
      () => countOutputLines(server, 'incoming request', '/api/auth/register') === HELD_REQUESTS,
    );
    const ownedFiles = [LOCK_FILE_NAME, ADMIN_TOKEN_FILE].map((name) => path.join(dataDir, name));
    // Only the embedded engine owns its folder; on PostgreSQL there is nothing to clean up.
    expect(ownedFiles.map((file) => fs.existsSync(file))).toEqual(
      ownedFiles.map(() => target.name === 'pglite'),
    );
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await waitFor(
      'the server to begin its shutdown',
      () => countOutputLines(server, 'SIGTERM received') === 1,
    );
    // Only now do the bodies complete: every request began before the signal and ends after it.
    const outcomes = await Promise.all(held.map((registration) => registration.finish()));

    // The clients keep their connections open, as browsers do; the server must not wait for them
    // (Node would hold the exit for Fastify's keepAliveTimeout, 72 s).
    const exit = await server.exited;
    const stoppedAfterMs = Date.now() - signalled;
    held.forEach((registration) => registration.close());
    expect(exit).toEqual({ code: 0, signal: null });
    expect(stoppedAfterMs).toBeLessThan(20_000);
    expect(outcomes.filter((outcome) => outcome.status !== 201)).toEqual([]);
    expect(ownedFiles.filter((file) => fs.existsSync(file))).toEqual([]);

    const audit = await auditAfterExit(dataDir, env);
    expectEveryRegistrationWhole(audit);
    expect(audit.users.map((user) => user.phone).sort()).toEqual(acknowledgedPhones(outcomes).sort());
  });
});
