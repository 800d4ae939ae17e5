/**
 * `npm run bench`: measures the real server against its latency and throughput budgets and prints a table.
 * A measurement, not a gate: it exits 0 whatever the figures, and 1 only when the run itself broke.
 *
 *   npm run bench                                   embedded PGlite in a temporary DATA_DIR
 *   DATABASE_URL=postgres://… npm run bench         a fresh database created (and dropped) next to that one
 *   npm run bench -- --engine postgres              the same, on postgres://postgres@127.0.0.1:5432/postgres
 *   npm run bench -- --quick                        a third of the durations, for trying the script out
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import {
  createFreshPostgresDatabase,
  killLeftoverProcesses,
  lastLine,
  makeTempDir,
  runCli,
  startServerProcess,
  type ServerProcess,
} from '../__tests__/server/realServerProcess';
import {
  auditRegistrations,
  makeJpeg,
  openStoredDatabase,
  postRegistration,
  testPhone,
} from '../__tests__/server/registrationTraffic';
import { formatBudgetTable, type BenchMeasurements, type Engine } from './budgetTable';
import { measureEmbeddedLookupRate } from './embeddedLookupRate';
import { measureGet } from './httpLoad';
import { pixelBombPng, readMemoryMb, sampleRss } from './memory';
import { measureRegistrations } from './registrationLoad';
import { measureAgainstFloor, formatFloorRatios } from './floorRatios';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const UNLIMITED = '100000000';
const PHOTO_TARGET_BYTES = 2 * 1024 * 1024;
const PIXEL_BOMBS = 5;

const log = (message: string) => console.error(`[bench] ${message}`);

function readOptions() {
  const { values } = parseArgs({
    options: { engine: { type: 'string' }, quick: { type: 'boolean', default: false } },
  });
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const engine = (values.engine ?? (databaseUrl ? 'postgres' : 'pglite')) as Engine;
  if (engine !== 'pglite' && engine !== 'postgres') throw new Error(`--engine is pglite or postgres`);
  const scale = values.quick ? 1 / 3 : 1;
  const seconds = (full: number) => Math.max(2, Math.round(full * scale));
  return {
    engine,
    baseDatabaseUrl: databaseUrl ?? DEFAULT_POSTGRES_URL,
    seconds: {
      lookup: seconds(5),
      get: seconds(10),
      registrationsWarmUp: seconds(5),
      registrations: seconds(15),
    },
    floor: { connections: 50, rounds: values.quick ? 4 : 10, secondsPerRound: values.quick ? 2 : 3 },
  };
}

/** A noisy 3000×2000 JPEG (noise does not compress) with its noise tuned until it weighs about 2 MB. */
async function makeTwoMegabytePhoto(): Promise<Buffer> {
  let low = 5;
  let high = 60;
  let best = await makeJpeg(3000, 2000, 90, (low + high) / 2);
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const sigma = (low + high) / 2;
    const photo = await makeJpeg(3000, 2000, 90, sigma);
    if (Math.abs(photo.length - PHOTO_TARGET_BYTES) < Math.abs(best.length - PHOTO_TARGET_BYTES))
      best = photo;
    if (Math.abs(photo.length - PHOTO_TARGET_BYTES) < PHOTO_TARGET_BYTES * 0.03) break;
    if (photo.length > PHOTO_TARGET_BYTES) high = sigma;
    else low = sigma;
  }
  return best;
}

/** Pixel bombs posted one after another while RSS is sampled: a decoder that obeys the cap stays flat. */
async function measurePixelBombs(server: ServerProcess, inviteCode: string) {
  const bomb = pixelBombPng();
  const { width, height } = await sharp(bomb, { limitInputPixels: false }).metadata();
  log(`pixel bomb: ${bomb.length} bytes claiming ${width}×${height} pixels`);
  // The first photo loads libvips (about 10 MB, once): an ordinary one goes first, so that the
  // rise measured below is the bombs' alone.
  const warmUp = await postRegistration(
    server.url,
    inviteCode,
    testPhone(98_999),
    await makeJpeg(800, 600, 80, 10),
  );
  if (warmUp.status !== 201) throw new Error(`the warm-up registration answered ${warmUp.status}`);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssBeforeMb = readMemoryMb(server.pid, 'VmRSS');
  const sampler = sampleRss(server.pid, 10);
  const statuses: number[] = [];
  for (let i = 0; i < PIXEL_BOMBS; i += 1) {
    const outcome = await postRegistration(server.url, inviteCode, testPhone(99_000 + i), bomb);
    statuses.push(outcome.status ?? 0);
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { statuses, rssBeforeMb, rssPeakMb: sampler.stop().peakMb };
}

/** Stops the server as an operator would; a hang here is a finding, not a reason to wait forever. */
async function stopServer(server: ServerProcess): Promise<void> {
  const started = Date.now();
  const exit = await Promise.race([
    server.stop('SIGTERM'),
    new Promise<undefined>((resolve) => setTimeout(resolve, 30_000, undefined)),
  ]);
  if (!exit) {
    log('the server did not exit within 30 s of SIGTERM: killing it (the audit reads after crash recovery)');
    await server.stop('SIGKILL');
  } else {
    log(`server stopped in ${Date.now() - started} ms with ${JSON.stringify(exit)}`);
  }
}

/** Temporary folders, the fresh database and child processes: undone on every way out, Ctrl-C included. */
const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp(): Promise<void> {
  killLeftoverProcesses();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}
process.once('SIGINT', () => {
  log('interrupted: cleaning up');
  void cleanUp().finally(() => process.exit(130));
});

async function main() {
  const options = readOptions();
  try {
    const dataDir = makeTempDir('becca-bench');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env: NodeJS.ProcessEnv = {
      LOG_LEVEL: 'warn',
      VALIDATE_CODE_RATE_LIMIT: UNLIMITED,
      REGISTER_RATE_LIMIT: UNLIMITED,
      REGISTER_ACCEPTED_RATE_LIMIT: UNLIMITED,
      WAITLIST_RATE_LIMIT: UNLIMITED,
    };
    if (options.engine === 'postgres') {
      const database = await createFreshPostgresDatabase(options.baseDatabaseUrl, 'becca_bench');
      cleanups.push(() => database.drop());
      env.DATABASE_URL = database.url;
      log(`fresh PostgreSQL database ${new URL(database.url).pathname.slice(1)}`);
    }

    let firstStartPeakMb: number | undefined;
    if (options.engine === 'pglite') {
      // The first start on an empty folder runs initdb, a one-off peak: measure it, then measure a
      // server that starts on an existing folder, as every later start does.
      const first = await startServerProcess({ dataDir, env, via: 'node', startTimeoutMs: 180_000 });
      firstStartPeakMb = readMemoryMb(first.pid, 'VmHWM');
      await stopServer(first);
    }
    const server = await startServerProcess({ dataDir, env, via: 'node', startTimeoutMs: 180_000 });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleRssMb = readMemoryMb(server.pid, 'VmRSS');
    log(`server ${server.pid} on ${server.url} (${options.engine})`);
    let stopping = false;
    void server.exited.then((exit) => {
      if (!stopping)
        log(`the server ended on its own (${JSON.stringify(exit)}):\n${server.output().slice(-3000)}`);
    });
    const created = await runCli('invite', ['create', '--uses', '100000', '--label', 'bench'], {
      DATA_DIR: dataDir,
      DATABASE_URL: env.DATABASE_URL ?? '',
    });
    if (created.code !== 0) throw new Error(`invite create failed: ${created.stderr}`);
    const inviteCode = lastLine(created.stdout);
    const check = (await (await fetch(`${server.url}/api/auth/validate-code/${inviteCode}`)).json()) as {
      valid: boolean;
    };
    if (!check.valid) throw new Error(`the new invite code ${inviteCode} does not validate`);

    let embeddedLookupRate: number | undefined;
    if (options.engine === 'pglite') {
      log(`embedded lookup rate, ${options.seconds.lookup} s…`);
      embeddedLookupRate = await measureEmbeddedLookupRate(options.seconds.lookup);
    }
    const load = { connections: 50, seconds: options.seconds.get };
    log(`GET /health, ${load.seconds} s…`);
    const health = await measureGet(`${server.url}/health`, load);
    log(`GET validate-code, ${load.seconds} s…`);
    const validateCode = await measureGet(`${server.url}/api/auth/validate-code/${inviteCode}`, load);

    const floor = await measureAgainstFloor(server.url, options.floor);

    const pixelBomb = await measurePixelBombs(server, inviteCode);
    const photo = await makeTwoMegabytePhoto();
    const seconds = options.seconds.registrations;
    const sampler = sampleRss(server.pid);
    // "Sustained" is the rate once the server is warm: its first seconds of registrations run while V8
    // is still compiling their code (measured here: a tenth slower). Those are stored and audited too.
    log(
      `registrations with a ${photo.length} byte photo, 12 connections: ${options.seconds.registrationsWarmUp} s to warm up…`,
    );
    const warmUp = await measureRegistrations(server.url, inviteCode, photo, {
      connections: 12,
      seconds: options.seconds.registrationsWarmUp,
      firstPhone: 0,
    });
    log(`registrations, ${seconds} s measured…`);
    const registrations = await measureRegistrations(server.url, inviteCode, photo, {
      connections: 12,
      seconds,
      firstPhone: 50_000,
    });
    registrations.acknowledged.push(...warmUp.acknowledged);
    // The lifetime peak of this server: start-up, every load above and the registrations.
    const peakRssMb = Math.max(sampler.stop().peakMb, readMemoryMb(server.pid, 'VmHWM'));
    log(
      `registration answers: warming up ${JSON.stringify(warmUp.statuses)}, measured ${JSON.stringify(registrations.statuses)}`,
    );

    stopping = true;
    await stopServer(server);
    const database = await openStoredDatabase({ dataDir, databaseUrl: env.DATABASE_URL });
    const audit = await auditRegistrations(database.db).finally(() => database.close());
    const isWhole = (user: (typeof audit.users)[number]) =>
      user.photos === 1 &&
      user.wholePhotos === 1 &&
      user.groups === 1 &&
      user.people === 1 &&
      user.tokens === 1;
    const stored = new Map(audit.users.map((user) => [user.phone, user]));
    const measurements: BenchMeasurements = {
      engine: options.engine,
      embeddedLookupRate,
      health,
      validateCode,
      registrations: { ...registrations, seconds, photoBytes: photo.length },
      storage: {
        acknowledged: registrations.acknowledged.length,
        storedWhole: registrations.acknowledged.filter(({ phone, userId }) => {
          const user = stored.get(phone);
          return user !== undefined && user.id === userId && isWhole(user);
        }).length,
        incompleteUsers: audit.users.filter((user) => !isWhole(user)).length,
        orphans: audit.orphanPhotos + audit.orphanEntries + audit.orphanTokens,
      },
      usesMatchUsers: audit.codes.every((code) => code.uses === code.users),
      idleRssMb,
      peakRssMb,
      firstStartPeakMb,
      pixelBomb,
    };

    const [load1, load5] = os.loadavg();
    console.log(
      `\nBecca API bench — ${options.engine === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}, ` +
        `${new Date().toISOString().slice(0, 16)}Z, Node ${process.version}, ${os.cpus().length} cores, ` +
        `load average ${load1!.toFixed(1)}/${load5!.toFixed(1)} (1/5 min)\n`,
    );
    console.log(formatBudgetTable(measurements));
    console.log(
      formatFloorRatios(floor, {
        idleRssMb,
        peakRssMb,
        registrationsPerSecond: registrations.requestsPerSecond,
      }),
    );
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  // The whole error, `cause` included: "fetch failed" alone says nothing.
  console.error('The benchmark could not run:', error);
  process.exitCode = 1;
});
