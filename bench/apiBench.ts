/**
 * `npm run bench`: measures the real server against the budgets of docs/performance.md, on the embedded engine and
 * on PostgreSQL, each against its floor in the same run, and prints one table. A measurement, not a
 * gate: it exits 0 whatever the figures, and 1 only when the run itself broke.
 *
 *   npm run bench                                   both engines: PGlite in a temporary DATA_DIR, then
 *                                                   a fresh database on postgres://postgres@127.0.0.1:5432
 *                                                   (DATABASE_URL names another server), dropped after
 *   npm run bench -- --engine pglite|postgres       one engine only
 *   npm run bench -- --quick                        shorter rounds and a 2-minute soak: a few minutes
 *   npm run bench -- --server build/other/main.js   another compiled server (an A/B build), same bench
 *
 * The server runs as `npm start` runs it: its environment, node flags and log level (info, one line
 * per request), stdout into a file as under a supervisor. The one difference is the rate limits,
 * lifted so that the load measures the server rather than its 429s. Load comes from other processes
 * (wrk) where it can; registrations, the room and the soak are sent from this one.
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
import { budgetRows, formatBudgetTable, type EngineMeasurements, type Engine, type Row } from './budgetTable';
import { pixelBombPng, readMemoryMb, sampleRss } from './memory';
import { measureRegistrations, type RegistrationLoadResult } from './registrationLoad';
import { compareWithFloor, startBareServer, startPhotoFloor, type PhotoFloor } from './floorRatios';
import { makeBenchPhoto } from './benchPhoto';
import { measureRoom } from './roomLoad';
import { measureSoak } from './soakLoad';
import { wrkGet } from './wrkLoad';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const UNLIMITED = '100000000';
const PIXEL_BOMBS = 5;
const ROOM = { registrants: 100, withinSeconds: 10 };

const log = (message: string) => console.error(`[bench] ${message}`);

function readOptions() {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string' },
      quick: { type: 'boolean', default: false },
      server: { type: 'string' },
    },
  });
  const engines = (values.engine ? [values.engine] : ['pglite', 'postgres']) as Engine[];
  for (const engine of engines)
    if (engine !== 'pglite' && engine !== 'postgres') throw new Error('--engine is pglite or postgres');
  const quick = values.quick;
  return {
    engines,
    baseDatabaseUrl: process.env.DATABASE_URL || DEFAULT_POSTGRES_URL,
    serverEntry: values.server,
    validateSeconds: quick ? 5 : 10,
    registrationsWarmUpSeconds: quick ? 3 : 5,
    // Ours and the photo floor take turns, as on the wrk lines.
    registrationRounds: { rounds: quick ? 2 : 5, secondsPerRound: quick ? 3 : 4 },
    floor: { connections: 50, rounds: quick ? 4 : 10, secondsPerRound: quick ? 2 : 3 },
    soakMinutes: quick ? 2 : 10,
  };
}
type Options = ReturnType<typeof readOptions>;

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

/** Temporary folders, fresh databases and child processes: undone on every way out, Ctrl-C included. */
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

/** The room's photo: a phone camera's 8 MP frame at JPEG quality 85, its noise chosen to make 2 MB. */
async function makeRoomPhoto(): Promise<Buffer> {
  return makeJpeg(3264, 2448, 85, 13);
}

/** What every engine's run shares: the photos, the photo floor and the bare server. */
interface Shared {
  photo: Buffer;
  photoFile: string;
  roomPhoto: Buffer;
  photoFloor: PhotoFloor;
  bareUrl: string;
}

async function benchEngine(engine: Engine, options: Options, shared: Shared): Promise<EngineMeasurements> {
  const dataDir = makeTempDir(`becca-bench-${engine}`);
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
  if (engine === 'postgres') {
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
    startTimeoutMs: 180_000,
  };
  // The first start creates the schema (on an empty DATA_DIR, initdb too), a one-off peak: measured,
  // then the server is measured as every later start runs, on an existing database.
  const first = await startServerProcess(serverOptions);
  const firstStartPeakMb = engine === 'pglite' ? readMemoryMb(first.pid, 'VmHWM') : undefined;
  await stopServer(first);
  const server = await startServerProcess(serverOptions);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idleRssMb = readMemoryMb(server.pid, 'VmRSS');
  log(`server ${server.pid} on ${server.url} (${engine}), idle ${Math.round(idleRssMb)} MB`);
  let stopping = false;
  void server.exited.then((exit) => {
    if (!stopping)
      log(`the server ended on its own (${JSON.stringify(exit)}):\n${server.output().slice(-3000)}`);
  });
  const sampler = sampleRss(server.pid);
  try {
    const created = await runCli('invite', ['create', '--uses', '100000', '--label', 'bench'], {
      DATA_DIR: dataDir,
      DATABASE_URL: env.DATABASE_URL ?? '',
    });
    if (created.code !== 0) throw new Error(`invite create failed: ${created.stderr}`);
    const inviteCode = lastLine(created.stdout);

    const validateUrl = `${server.url}/api/auth/validate-code/${inviteCode}`;
    await wrkGet(validateUrl, { connections: 50, seconds: 2 });
    log(`wrk: validate-code, ${options.validateSeconds} s…`);
    const validateCode = await wrkGet(validateUrl, { connections: 50, seconds: options.validateSeconds });

    // The floors of /health and / are engine-independent on their side: measured on the first engine.
    let health: EngineMeasurements['health'];
    let landing: EngineMeasurements['landing'];
    if (engine === options.engines[0]) {
      const { rounds, secondsPerRound } = options.floor;
      const described = `${rounds} interleaved rounds of ${secondsPerRound} s`;
      if (engine === 'pglite') {
        log(`wrk: /health, ours and bare Fastify + PGlite, ${described}…`);
        health = await compareWithFloor(`${server.url}/health`, `${shared.bareUrl}/health`, options.floor);
      }
      log(`wrk: / with br, ours and the bare bytes, ${described}…`);
      const brotli = { 'accept-encoding': 'br' };
      const comparison = await compareWithFloor(
        `${server.url}/`,
        `${shared.bareUrl}/`,
        options.floor,
        brotli,
      );
      const page = await fetch(`${server.url}/`, { headers: brotli });
      const etag = page.headers.get('etag');
      const again = await fetch(`${server.url}/`, { headers: { ...brotli, 'if-none-match': etag ?? '' } });
      landing = { ...comparison, notModified: etag !== null && again.status === 304 };
    }

    const pixelBomb = await measurePixelBombs(server, inviteCode);

    log(
      `registrations with a ${shared.photo.length} byte photo, 12 connections: ${options.registrationsWarmUpSeconds} s to warm up…`,
    );
    const warmUp = await measureRegistrations(server.url, inviteCode, shared.photo, {
      connections: 12,
      seconds: options.registrationsWarmUpSeconds,
      firstPhone: 0,
    });
    const { rounds: roundCount, secondsPerRound } = options.registrationRounds;
    log(`registrations and the photo floor, ${roundCount} interleaved rounds of ${secondsPerRound} s each…`);
    const registrationRounds: { result: RegistrationLoadResult; floor: number }[] = [];
    for (let round = 0; round < roundCount; round += 1) {
      const ours = () =>
        measureRegistrations(server.url, inviteCode, shared.photo, {
          connections: 12,
          seconds: secondsPerRound,
          firstPhone: 10_000 + round * 5_000,
        });
      if (round % 2 === 0) {
        const result = await ours();
        registrationRounds.push({ result, floor: await shared.photoFloor.run(secondsPerRound) });
      } else {
        const floor = await shared.photoFloor.run(secondsPerRound);
        registrationRounds.push({ result: await ours(), floor });
      }
    }
    const registrations = combineRounds(registrationRounds.map(({ result }) => result));
    const acknowledged = [...warmUp.acknowledged, ...registrations.acknowledged];
    // The peak under the registration bench (the memory budget): start-up, the loads above and the registrations.
    const peakRssMb = Math.max(sampler.stop().peakMb, readMemoryMb(server.pid, 'VmHWM'));
    log(
      `registration answers: warming up ${JSON.stringify(warmUp.statuses)}, measured ${JSON.stringify(registrations.statuses)}; peak ${Math.round(peakRssMb)} MB`,
    );

    let room: EngineMeasurements['room'];
    if (engine === 'postgres') {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      log(
        `the room: ${ROOM.registrants} registrants with a ${shared.roomPhoto.length} byte photo within ${ROOM.withinSeconds} s…`,
      );
      const result = await measureRoom(server.url, inviteCode, shared.roomPhoto, {
        ...ROOM,
        firstPhone: 40_000,
      });
      acknowledged.push(...result.acknowledged);
      room = { ...result, photoBytes: shared.roomPhoto.length };
    }

    let soak: EngineMeasurements['soak'];
    // The soak on the engine `npm start` uses by default, or on the only one asked for.
    if (engine === options.engines[0]) {
      log(`the soak: ${options.soakMinutes} minutes of mixed traffic…`);
      soak = await measureSoak(server.url, server.pid, inviteCode, shared.roomPhoto, {
        minutes: options.soakMinutes,
        firstPhone: 50_000,
      });
      acknowledged.push(...soak.acknowledged);
      log(`soak RSS every 5 s (MB): ${soak.rssSamplesMb.map(Math.round).join(' ')}`);
    }

    stopping = true;
    await stopServer(server);
    log(`log file: ${countLines(logFile).toLocaleString('en-GB')} lines`);
    const database = await openStoredDatabase({ dataDir, databaseUrl: env.DATABASE_URL });
    const audit = await auditRegistrations(database.db).finally(() => database.close());
    const isWhole = (user: (typeof audit.users)[number]) =>
      user.photos === 1 &&
      user.wholePhotos === 1 &&
      user.groups === 1 &&
      user.people === 1 &&
      user.tokens === 1;
    const stored = new Map(audit.users.map((user) => [user.phone, user]));
    return {
      engine,
      idleRssMb,
      firstStartPeakMb,
      validateCode,
      health,
      landing,
      registrations: {
        ...registrations,
        floor: mean(registrationRounds.map(({ floor }) => floor)),
        roundRatios: registrationRounds.map(({ result, floor }) => result.requestsPerSecond / floor),
        photoBytes: shared.photo.length,
      },
      peakRssMb,
      pixelBomb,
      room,
      soak,
      storage: {
        acknowledged: acknowledged.length,
        storedWhole: acknowledged.filter(({ phone, userId }) => {
          const user = stored.get(phone);
          return user !== undefined && user.id === userId && isWhole(user);
        }).length,
        incompleteUsers: audit.users.filter((user) => !isWhole(user)).length,
        orphans: audit.orphanPhotos + audit.orphanEntries + audit.orphanTokens,
        usesMatchUsers: audit.codes.every((code) => code.uses === code.users),
      },
    };
  } finally {
    sampler.stop();
    stopping = true;
    if (server.child.exitCode === null) await stopServer(server);
  }
}

async function main() {
  const options = readOptions();
  const startLoad = os
    .loadavg()
    .slice(0, 2)
    .map((load) => load.toFixed(1))
    .join('/');
  const started = new Date();
  try {
    const folder = makeTempDir('becca-bench-photos');
    cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
    const photo = await makeBenchPhoto();
    const photoFile = path.join(folder, 'photo.jpg');
    fs.writeFileSync(photoFile, photo);
    const roomPhoto = await makeRoomPhoto();
    log(`photo floor: ${photo.length} bytes through the server's sharp pipeline, in its own process…`);
    const photoFloor = await startPhotoFloor(photoFile);
    cleanups.push(() => photoFloor.stop());
    const bare = await startBareServer();
    cleanups.push(() => bare.stop());
    const shared: Shared = { photo, photoFile, roomPhoto, photoFloor, bareUrl: bare.url };
    const rows: Row[] = [];
    for (const engine of options.engines)
      rows.push(...budgetRows(await benchEngine(engine, options, shared)));

    const [load1, load5] = os.loadavg();
    const { env: startEnv, flags } = productionNodeCommand();
    console.log(
      `\nBecca bench, ${started.toISOString().slice(0, 16)}Z, ${Math.round((Date.now() - started.getTime()) / 60_000)} min` +
        `${process.argv.includes('--quick') ? ' (--quick)' : ''}; Node ${process.version}, ` +
        `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ` +
        `load average ${load1!.toFixed(1)}/${load5!.toFixed(1)} (1/5 min; ${startLoad} at the start)`,
    );
    console.log(
      `Server: ${options.serverEntry ?? 'build/server/main.js'} as npm start runs it (` +
        [...Object.entries(startEnv).map(([name, value]) => `${name}=${value}`), 'node', ...flags].join(' ') +
        '), LOG_LEVEL unset (info), stdout to a file; rate limits lifted. ' +
        'Ratios: ours and the floor in interleaved rounds of the same run (wrk -t1 -c50 for GETs).\n',
    );
    console.log(formatBudgetTable(rows));
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  // The whole error, `cause` included: "fetch failed" alone says nothing.
  console.error('The benchmark could not run:', error);
  process.exitCode = 1;
});
