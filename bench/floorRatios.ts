import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../__tests__/server/realServerProcess';
import { wrkGet, type WrkResult } from './wrkLoad';

const projectRoot = path.resolve(__dirname, '..');

export interface FloorMeasurements {
  health: { ours: WrkResult; bare: WrkResult };
  landing: { ours: WrkResult; bare: WrkResult };
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

/**
 * /health and / (brotli) on our server and on the bare floor, with wrk, one after the other in the
 * same run: on a shared machine only the ratio means something.
 */
export async function measureAgainstFloor(
  serverUrl: string,
  load: { connections: number; seconds: number },
): Promise<FloorMeasurements> {
  const bare = await startBareServer();
  try {
    const br = { ...load, headers: { 'accept-encoding': 'br' } };
    console.error('[bench] wrk: /health, ours then bare…');
    const health = {
      ours: await wrkGet(`${serverUrl}/health`, load),
      bare: await wrkGet(`${bare.url}/health`, load),
    };
    console.error('[bench] wrk: / with br, ours then bare…');
    const landing = { ours: await wrkGet(`${serverUrl}/`, br), bare: await wrkGet(`${bare.url}/`, br) };
    return { health, landing };
  } finally {
    bare.stop();
  }
}

const percent = (ours: number, bare: number) => `${Math.round((100 * ours) / bare)} %`;
const row = (name: string, ours: WrkResult, bare: WrkResult, budget: string) =>
  `${name.padEnd(34)} ${Math.round(ours.requestsPerSecond).toString().padStart(7)} req/s  ` +
  `p99 ${ours.p99Ms.toFixed(1).padStart(6)} ms   floor ${Math.round(bare.requestsPerSecond)
    .toString()
    .padStart(
      7,
    )} req/s   ratio ${percent(ours.requestsPerSecond, bare.requestsPerSecond).padStart(5)}   (${budget})`;

export function formatFloorRatios(
  floor: FloorMeasurements,
  extra: { idleRssMb: number; peakRssMb: number; registrationsPerSecond: number },
): string {
  return [
    '',
    'Against the floor (wrk -t1 -c50, same run):',
    row('GET /health vs Fastify+PGlite', floor.health.ours, floor.health.bare, 'budget ≥ 80 %, p99 ≤ 50 ms'),
    row('GET / (br) vs precompressed bytes', floor.landing.ours, floor.landing.bare, 'budget ≥ 50 %'),
    `Registrations with a 2 MB photo      ${extra.registrationsPerSecond.toFixed(1)} /s (budget ≥ 20)`,
    `RSS idle ${Math.round(extra.idleRssMb)} MB (budget ≤ 150), peak ${Math.round(extra.peakRssMb)} MB (budget ≤ 250)`,
  ].join('\n');
}
