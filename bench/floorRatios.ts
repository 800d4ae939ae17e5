import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../__tests__/server/realServerProcess';
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
    bare.stop();
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

export function formatFloorRatios(
  floor: FloorMeasurements,
  extra: { idleRssMb: number; peakRssMb: number; registrationsPerSecond: number },
): string {
  const { health, landing } = floor;
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
    `${verdict(extra.registrationsPerSecond >= 20)}  Registrations with a 2 MB photo      ${extra.registrationsPerSecond.toFixed(1)} /s (budget ≥ 20)`,
    `${verdict(extra.idleRssMb <= 150 && extra.peakRssMb <= 250)}  RSS idle ${Math.round(extra.idleRssMb)} MB (budget ≤ 150), peak ${Math.round(extra.peakRssMb)} MB (budget ≤ 250)`,
  ].join('\n');
}
