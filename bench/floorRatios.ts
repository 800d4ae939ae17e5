import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../__tests__/server/realServerProcess';
import { wrkGet, type WrkResult } from './wrkLoad';

const projectRoot = path.resolve(__dirname, '..');

interface Round {
  ours: WrkResult;
  bare: WrkResult;
}

/** The median round, and every round's ratio so that the spread is in the report too. */
type Comparison = Round & { ratios: number[] };

export interface FloorMeasurements {
  health: Comparison;
  landing: Comparison;
}

/** Starts bench/bareServer.ts in its own process and resolves with its URL and a stop function. */
async function startBareServer(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/bareServer.ts', String(port), path.join(projectRoot, 'dist')],
    { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** Alternating rounds of ours-then-bare; the round whose ratio is the median is the one reported. */
const ROUNDS = 3;

async function medianRound(
  ourUrl: string,
  bareUrl: string,
  load: Parameters<typeof wrkGet>[1],
): Promise<Comparison> {
  const rounds: Round[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    rounds.push({ ours: await wrkGet(ourUrl, load), bare: await wrkGet(bareUrl, load) });
  }
  const ratio = ({ ours, bare }: Round) => ours.requestsPerSecond / bare.requestsPerSecond;
  const ratios = rounds.map(ratio);
  return { ...rounds.sort((a, b) => ratio(a) - ratio(b))[Math.floor(ROUNDS / 2)]!, ratios };
}

/**
 * /health and / (brotli) on our server and on the bare floor, with wrk, alternating in the same run:
 * on a shared machine only the ratio means something, and a burst of someone else's load lands on
 * one round rather than on one side.
 */
export async function measureAgainstFloor(
  serverUrl: string,
  load: { connections: number; seconds: number },
): Promise<FloorMeasurements> {
  const bare = await startBareServer();
  try {
    const br = { ...load, headers: { 'accept-encoding': 'br' } };
    console.error(`[bench] wrk: /health, ours then bare, ${ROUNDS} rounds…`);
    const health = await medianRound(`${serverUrl}/health`, `${bare.url}/health`, load);
    console.error(`[bench] wrk: / with br, ours then bare, ${ROUNDS} rounds…`);
    const landing = await medianRound(`${serverUrl}/`, `${bare.url}/`, br);
    return { health, landing };
  } finally {
    bare.stop();
  }
}

const percent = (ours: number, bare: number) => `${Math.round((100 * ours) / bare)} %`;
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
const spread = (ratios: number[]) =>
  `rounds ${ratios.map((ratio) => `${Math.round(100 * ratio)}`).join('/')} %`;
const row = (name: string, { ours, bare, ratios }: Comparison, budget: string, pass: boolean) =>
  `${verdict(pass)}  ${name.padEnd(34)} ${Math.round(ours.requestsPerSecond).toString().padStart(7)} req/s  ` +
  `p99 ${ours.p99Ms.toFixed(1).padStart(6)} ms   floor ${Math.round(bare.requestsPerSecond)
    .toString()
    .padStart(
      7,
    )} req/s   ratio ${percent(ours.requestsPerSecond, bare.requestsPerSecond).padStart(5)} (${spread(ratios)})   (${budget})`;

export function formatFloorRatios(
  floor: FloorMeasurements,
  extra: { idleRssMb: number; peakRssMb: number; registrationsPerSecond: number },
): string {
  const { health, landing } = floor;
  return [
    '',
    `Against the floor (wrk -t1 -c50, same run, median of ${ROUNDS} alternating rounds):`,
    row(
      'GET /health vs Fastify+PGlite',
      health,
      'budget ≥ 80 %, p99 ≤ 50 ms',
      health.ours.requestsPerSecond >= 0.8 * health.bare.requestsPerSecond && health.ours.p99Ms <= 50,
    ),
    row(
      'GET / (br) vs precompressed bytes',
      landing,
      'budget ≥ 50 %',
      landing.ours.requestsPerSecond >= 0.5 * landing.bare.requestsPerSecond,
    ),
    `${verdict(extra.registrationsPerSecond >= 20)}  Registrations with a 2 MB photo      ${extra.registrationsPerSecond.toFixed(1)} /s (budget ≥ 20)`,
    `${verdict(extra.idleRssMb <= 150 && extra.peakRssMb <= 250)}  RSS idle ${Math.round(extra.idleRssMb)} MB (budget ≤ 150), peak ${Math.round(extra.peakRssMb)} MB (budget ≤ 250)`,
  ].join('\n');
}
