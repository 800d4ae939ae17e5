import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, makeTempDir, productionNodeCommand } from '../__tests__/server/realServerProcess';
import { wrkGet, type WrkResult } from './wrkLoad';

const projectRoot = path.resolve(__dirname, '..');

interface Round {
  ours: WrkResult;
  bare: WrkResult;
}

/** Every round, and the totals that the ratio is made of. */
interface Comparison {
  rounds: Round[];
  /** Mean requests/s over all rounds, ours and bare. */
  ours: number;
  bare: number;
  /** Ours' p99 in its median round, and in its worst. */
  p99Ms: number;
  worstP99Ms: number;
  /** The floor's p99 in its median round: the machine's own tail, for reading ours against. */
  bareP99Ms: number;
}

export interface FloorMeasurements {
  health: Comparison;
  landing: Comparison;
}

export interface FloorLoad {
  connections: number;
  /** Rounds of ours and bare, one after the other (the order swaps every round). */
  rounds: number;
  secondsPerRound: number;
}

/**
 * Starts bench/bareServer.ts in its own process, its PGlite in a fresh data folder as the server's
 * is, and resolves with its URL and a stop function (which also deletes that folder).
 */
async function startBareServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dataDir = makeTempDir('becca-bench-floor');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/bareServer.ts', String(port), path.join(projectRoot, 'dist'), dataDir],
    { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  }).catch((error: unknown) => {
    removeDataDir();
    throw error;
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      removeDataDir();
    },
  };
}

export interface PhotoFloor {
  /** Photos through the server's pipeline for `seconds`, alone in their process: finished ÷ seconds. */
  run(seconds: number): Promise<number>;
  stop(): void;
}

/**
 * Starts bench/photoFloor.ts in its own process, with the environment and node flags `npm start`
 * gives the server, and resolves once it has processed its first photos (libvips loaded, code warm).
 */
export async function startPhotoFloor(photoFile: string): Promise<PhotoFloor> {
  const { env, flags } = productionNodeCommand();
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'bench/photoFloor.ts', photoFile], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const answers: ((line: string) => void)[] = [];
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      answers.shift()?.(line);
    }
  });
  const exited = new Promise<never>((_resolve, reject) =>
    child.once('exit', (code) => reject(new Error(`the photo floor exited (${code})`))),
  );
  exited.catch(() => {});
  const nextLine = () => Promise.race([new Promise<string>((resolve) => answers.push(resolve)), exited]);
  await nextLine();
  return {
    async run(seconds) {
      const answer = nextLine();
      child.stdin.write(`run ${seconds}\n`);
      return (JSON.parse(await answer) as { rate: number }).rate;
    },
    stop: () => child.kill('SIGTERM'),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * Many short rounds, ours and bare back to back, and the ratio of their totals. This machine's
 * speed swings by a third within a minute (other tenants): a few long rounds let one swing decide
 * the ratio, while short interleaved ones put each swing on both sides alike and average it out.
 */
async function compare(
  ourUrl: string,
  bareUrl: string,
  { connections, rounds: roundCount, secondsPerRound }: FloorLoad,
  headers: Record<string, string> = {},
): Promise<Comparison> {
  const load = { connections, seconds: secondsPerRound, headers };
  // Both warmed up first (JIT, connections), outside the count.
  await wrkGet(ourUrl, { ...load, seconds: 2 });
  await wrkGet(bareUrl, { ...load, seconds: 2 });
  const rounds: Round[] = [];
  for (let round = 0; round < roundCount; round += 1) {
    if (round % 2 === 0) {
      const ours = await wrkGet(ourUrl, load);
      rounds.push({ ours, bare: await wrkGet(bareUrl, load) });
    } else {
      const bare = await wrkGet(bareUrl, load);
      rounds.push({ ours: await wrkGet(ourUrl, load), bare });
    }
  }
  const p99s = rounds.map(({ ours }) => ours.p99Ms);
  return {
    rounds,
    ours: mean(rounds.map(({ ours }) => ours.requestsPerSecond)),
    bare: mean(rounds.map(({ bare }) => bare.requestsPerSecond)),
    p99Ms: median(p99s),
    worstP99Ms: Math.max(...p99s),
    bareP99Ms: median(rounds.map(({ bare }) => bare.p99Ms)),
  };
}

/**
 * /health and / (brotli) on our server and on the bare floor, with wrk, alternating in the same run:
 * on a shared machine only the ratio means something, and a burst of someone else's load lands on
 * one round rather than on one side.
 */
export async function measureAgainstFloor(serverUrl: string, load: FloorLoad): Promise<FloorMeasurements> {
  const bare = await startBareServer();
  try {
    const rounds = `${load.rounds} rounds of ${load.secondsPerRound} s each`;
    console.error(`[bench] wrk: /health, ours and bare, ${rounds}…`);
    const health = await compare(`${serverUrl}/health`, `${bare.url}/health`, load);
    console.error(`[bench] wrk: / with br, ours and bare, ${rounds}…`);
    const landing = await compare(`${serverUrl}/`, `${bare.url}/`, load, { 'accept-encoding': 'br' });
    return { health, landing };
  } finally {
    await bare.stop();
  }
}

const percent = (ratio: number) => `${Math.round(100 * ratio)} %`;
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
const row = (
  name: string,
  { rounds, ours, bare, p99Ms, worstP99Ms, bareP99Ms }: Comparison,
  budget: string,
  pass: boolean,
) => {
  const ratios = rounds.map((round) => round.ours.requestsPerSecond / round.bare.requestsPerSecond);
  return (
    `${verdict(pass)}  ${name.padEnd(34)} ${Math.round(ours).toString().padStart(7)} req/s  ` +
    `p99 ${p99Ms.toFixed(1).padStart(6)} ms (worst round ${worstP99Ms.toFixed(1)})   ` +
    `floor ${Math.round(bare).toString().padStart(7)} req/s, p99 ${bareP99Ms.toFixed(1)} ms   ratio ${percent(ours / bare).padStart(5)} ` +
    `(rounds ${percent(Math.min(...ratios))}–${percent(Math.max(...ratios))})   (${budget})`
  );
};

export interface RegistrationRounds {
  photoMb: number;
  /** Registrations answered 201 or otherwise within each round ÷ its seconds, ours and the photo floor's. */
  rounds: { ours: number; floor: number }[];
  ours: number;
  floor: number;
  /** Every accepted registration (warm-up included) found whole after the server stopped. */
  storedWhole: boolean;
  storedSummary: string;
}

export function formatFloorRatios(
  floor: FloorMeasurements,
  registrations: RegistrationRounds,
  memory: { idleRssMb: number; idleAfterRegistrationsMb: number; peakRssMb: number },
): string {
  const { health, landing } = floor;
  const roundRatios = registrations.rounds.map(({ ours, floor: bare }) => ours / bare);
  const registrationRatio = registrations.ours / registrations.floor;
  const registrationsPass = registrationRatio >= 0.7 && registrations.ours >= 20 && registrations.storedWhole;
  const idlePass = memory.idleRssMb <= 150 && memory.idleAfterRegistrationsMb <= 150;
  return [
    '',
    `Against the floor (wrk -t1 -c50, same run, ${health.rounds.length} interleaved rounds each; ` +
      'ratio of the mean rates; p99 of the median round):',
    row(
      'GET /health vs Fastify+PGlite',
      health,
      'budget ≥ 80 %, p99 ≤ 50 ms',
      health.ours >= 0.8 * health.bare && health.p99Ms <= 50,
    ),
    row('GET / (br) vs precompressed bytes', landing, 'budget ≥ 50 %', landing.ours >= 0.5 * landing.bare),
    `${verdict(registrationsPass)}  ${`Registrations, ${registrations.photoMb.toFixed(1)} MB photo`.padEnd(34)} ` +
      `${registrations.ours.toFixed(1).padStart(7)} /s      ` +
      `photo floor ${registrations.floor.toFixed(1)} /s   ratio ${percent(registrationRatio).padStart(5)} ` +
      `(rounds ${percent(Math.min(...roundRatios))}–${percent(Math.max(...roundRatios))}), ` +
      `${registrations.storedSummary}   (budget ≥ 70 % and ≥ 20 /s, all stored whole)`,
    `${verdict(idlePass && memory.peakRssMb <= 250)}  RSS idle ${Math.round(memory.idleRssMb)} MB, ` +
      `15 s after the registrations ${Math.round(memory.idleAfterRegistrationsMb)} MB (budget ≤ 150), ` +
      `peak ${Math.round(memory.peakRssMb)} MB (budget ≤ 250)`,
  ].join('\n');
}
