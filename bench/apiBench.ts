/**
 * `npm run bench`: measures the real server against its latency and throughput budgets and prints a table.
 * A measurement, not a gate: it exits 0 whatever the figures, and 1 only when the run itself broke.
 *
 *   npm run bench                                   embedded PGlite in a temporary DATA_DIR
 *   DATABASE_URL=postgres://… npm run bench         a fresh database created (and dropped) next to that one
 *   npm run bench -- --engine postgres              the same, on postgres://postgres@127.0.0.1:5432/postgres
 *   npm run bench -- --quick                        a third of the durations, for trying the script out
 *   npm run bench -- --server build/other/main.js   another compiled server (an A/B build), same bench
 *
 * The server runs as `npm start` runs it: its environment, node flags and log level (info, one line
 * per request), stdout into a file as under a supervisor. The one difference is the rate limits,
 * lifted so that the load measures the server rather than its 429s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import {
  createFreshPostgresDatabase,
  killLeftoverProcesses,
  productionNodeCommand,
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
import { measureRegistrations, type RegistrationLoadResult } from './registrationLoad';
import { measureAgainstFloor, formatFloorRatios, startPhotoFloor } from './floorRatios';
import { makeBenchPhoto } from './benchPhoto';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const UNLIMITED = '100000000';
const PIXEL_BOMBS = 5;

const log = (message: string) => console.error(`[bench] ${message}`);

function readOptions() {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string' },
      quick: { type: 'boolean', default: false },
      server: { type: 'string' },
    },
  });
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const engine = (values.engine ?? (databaseUrl ? 'postgres' : 'pglite')) as Engine;
  if (engine !== 'pglite' && engine !== 'postgres') throw new Error(`--engine is pglite or postgres`);
  const scale = values.quick ? 1 / 3 : 1;
  const seconds = (full: number) => Math.max(2, Math.round(full * scale));
  return {
    engine,
    baseDatabaseUrl: databaseUrl ?? DEFAULT_POSTGRES_URL,
    serverEntry: values.server,
    seconds: {
      lookup: seconds(5),
      get: seconds(10),
      registrationsWarmUp: seconds(5),
      idleAfterRegistrations: 15,
    },
    // Ours and the photo floor take turns, as on the wrk lines.
    registrationRounds: { rounds: values.quick ? 2 : 5, secondsPerRound: values.quick ? 3 : 4 },
    floor: { connections: 50, rounds: values.quick ? 4 : 10, secondsPerRound: values.quick ? 2 : 3 },
  };
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

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The interleaved rounds as one load: the rate over all their seconds, every answer and every 201. */
function combineRounds(rounds: RegistrationLoadResult[]): RegistrationLoadResult {
  const byMedianP99 = [...rounds].sort((a, b) => a.p99Ms - b.p99Ms);
  const statuses: Record<number, number> = {};
  for (const round of rounds)
    for (const [status, count] of Object.entries(round.statuses))
      statuses[Number(status)] = (statuses[Number(status)] ?? 0) + count;
  return {
    requestsPerSecond: mean(rounds.map((round) => round.requestsPerSecond)),
    p50Ms: byMedianP99[Math.floor(rounds.length / 2)]!.p50Ms,
    p99Ms: byMedianP99[Math.floor(rounds.length / 2)]!.p99Ms,
    total: rounds.reduce((sum, round) => sum + round.total, 0),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
    non2xx: rounds.reduce((sum, round) => sum + round.non2xx, 0),
    acknowledged: rounds.flatMap((round) => round.acknowledged),
    statuses,
  };
}

function countLines(file: string): number {
  const bytes = fs.readFileSync(file);
  let lines = 0;
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) lines += 1;
  return lines;
}

async function main() {
  const options = readOptions();
  const startLoad = os
    .loadavg()
    .slice(0, 2)
    .map((load) => load.toFixed(1))
    .join('/');
  try {
    const dataDir = makeTempDir('becca-bench');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const logFile = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.log`);
    cleanups.push(() => fs.rmSync(logFile, { force: true }));
    const env: NodeJS.ProcessEnv = {
      // npm start's level (unset: info), not startServerProcess's quiet default for tests.
      LOG_LEVEL: undefined,
      // The one difference from npm start: without it the loads below would measure 429s.
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

    const serverOptions = {
      dataDir,
      env,
      via: 'node' as const,
      entry: options.serverEntry,
      stdoutFile: logFile,
    };
    let firstStartPeakMb: number | undefined;
    if (options.engine === 'pglite') {
      // The first start on an empty folder runs initdb, a one-off peak: measure it, then measure a
      // server that starts on an existing folder, as every later start does.
      const first = await startServerProcess({ ...serverOptions, startTimeoutMs: 180_000 });
      firstStartPeakMb = readMemoryMb(first.pid, 'VmHWM');
      await stopServer(first);
    }
    const server = await startServerProcess({ ...serverOptions, startTimeoutMs: 180_000 });
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
    const photo = await makeBenchPhoto();
    const photoFile = path.join(path.dirname(dataDir), `${path.basename(dataDir)}-photo.jpg`);
    fs.writeFileSync(photoFile, photo);
    cleanups.push(() => fs.rmSync(photoFile, { force: true }));
    log(`photo floor: ${photo.length} bytes through the server's sharp pipeline, in its own process…`);
    const photoFloor = await startPhotoFloor(photoFile);
    cleanups.push(() => photoFloor.stop());
    const sampler = sampleRss(server.pid);
    // The first seconds of registrations run while V8 is still compiling their code (a tenth
    // slower): they are not counted, but they are stored and audited like the others.
    log(
      `registrations with a ${photo.length} byte photo, 12 connections: ${options.seconds.registrationsWarmUp} s to warm up…`,
    );
    const warmUp = await measureRegistrations(server.url, inviteCode, photo, {
      connections: 12,
      seconds: options.seconds.registrationsWarmUp,
      firstPhone: 0,
    });
    const { rounds: roundCount, secondsPerRound } = options.registrationRounds;
    log(`registrations and the photo floor, ${roundCount} interleaved rounds of ${secondsPerRound} s each…`);
    const registrationRounds: { result: RegistrationLoadResult; floor: number }[] = [];
    for (let round = 0; round < roundCount; round += 1) {
      const ours = () =>
        measureRegistrations(server.url, inviteCode, photo, {
          connections: 12,
          seconds: secondsPerRound,
          firstPhone: 10_000 + round * 5_000,
        });
      if (round % 2 === 0) {
        const result = await ours();
        registrationRounds.push({ result, floor: await photoFloor.run(secondsPerRound) });
      } else {
        const floor = await photoFloor.run(secondsPerRound);
        registrationRounds.push({ result: await ours(), floor });
      }
    }
    photoFloor.stop();
    const registrations = combineRounds(registrationRounds.map(({ result }) => result));
    registrations.acknowledged.push(...warmUp.acknowledged);
    // The lifetime peak of this server: start-up, every load above and the registrations.
    const peakRssMb = Math.max(sampler.stop().peakMb, readMemoryMb(server.pid, 'VmHWM'));
    log(
      `registration answers: warming up ${JSON.stringify(warmUp.statuses)}, measured ${JSON.stringify(registrations.statuses)}`,
    );
    log(`idle for ${options.seconds.idleAfterRegistrations} s…`);
    await new Promise((resolve) => setTimeout(resolve, options.seconds.idleAfterRegistrations * 1000));
    const idleAfterRegistrationsMb = readMemoryMb(server.pid, 'VmRSS');

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
      registrations: { ...registrations, seconds: roundCount * secondsPerRound, photoBytes: photo.length },
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

    const storedWhole =
      measurements.storage.storedWhole === measurements.storage.acknowledged &&
      measurements.storage.incompleteUsers === 0 &&
      measurements.storage.orphans === 0 &&
      measurements.usesMatchUsers;
    const logLines = countLines(logFile);
    const [load1, load5] = os.loadavg();
    console.log(
      `\nBecca API bench — ${options.engine === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}, ` +
        `${new Date().toISOString().slice(0, 16)}Z, Node ${process.version}, ${os.cpus().length} cores, ` +
        `load average ${load1!.toFixed(1)}/${load5!.toFixed(1)} (1/5 min; ${startLoad} at the start)\n`,
    );
    console.log(
      `Server: ${options.serverEntry ?? 'build/server/main.js'} as npm start runs it ` +
        `(${Object.entries(productionNodeCommand().env)
          .map(([name, value]) => `${name}=${value}`)
          .join(' ')} node ${productionNodeCommand().flags.join(' ')}), ` +
        `LOG_LEVEL ${env.LOG_LEVEL ?? 'unset (info)'}, stdout to a file: ${logLines.toLocaleString('en-GB')} lines; ` +
        'rate limits lifted for the load.\n',
    );
    console.log(formatBudgetTable(measurements));
    console.log(
      formatFloorRatios(
        floor,
        {
          photoMb: photo.length / 1e6,
          rounds: registrationRounds.map(({ result, floor: photoRate }) => ({
            ours: result.requestsPerSecond,
            floor: photoRate,
          })),
          ours: registrations.requestsPerSecond,
          floor: mean(registrationRounds.map(({ floor: photoRate }) => photoRate)),
          storedWhole,
          storedSummary: `${measurements.storage.storedWhole} of ${measurements.storage.acknowledged} stored whole`,
        },
        { idleRssMb, idleAfterRegistrationsMb, peakRssMb },
      ),
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
