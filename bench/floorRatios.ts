import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, makeTempDir, productionNodeCommand } from '../__tests__/server/realServerProcess';
import type { Comparison } from './budgetTable';
import { wrkGet, type WrkResult } from './wrkLoad';

const projectRoot = path.resolve(__dirname, '..');

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
export async function startBareServer(): Promise<{ url: string; stop(): Promise<void> }> {
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
 * Many short rounds, ours and the floor back to back (the order swapping every round), and the ratio
 * of their mean rates. This machine's speed swings within a minute (other tenants): a few long rounds
 * let one swing decide the ratio, while short interleaved ones put each swing on both sides alike.
 */
export async function compareWithFloor(
  ourUrl: string,
  floorUrl: string,
  { connections, rounds: roundCount, secondsPerRound }: FloorLoad,
  headers: Record<string, string> = {},
): Promise<Comparison> {
  const load = { connections, seconds: secondsPerRound, headers };
  // Both warmed up first (JIT, connections), outside the count.
  await wrkGet(ourUrl, { ...load, seconds: 2 });
  await wrkGet(floorUrl, { ...load, seconds: 2 });
  const rounds: { ours: WrkResult; floor: WrkResult }[] = [];
  for (let round = 0; round < roundCount; round += 1) {
    if (round % 2 === 0) {
      const ours = await wrkGet(ourUrl, load);
      rounds.push({ ours, floor: await wrkGet(floorUrl, load) });
    } else {
      const floor = await wrkGet(floorUrl, load);
      rounds.push({ ours: await wrkGet(ourUrl, load), floor });
    }
  }
  return {
    ours: mean(rounds.map(({ ours }) => ours.requestsPerSecond)),
    floor: mean(rounds.map(({ floor }) => floor.requestsPerSecond)),
    roundRatios: rounds.map(({ ours, floor }) => ours.requestsPerSecond / floor.requestsPerSecond),
    p99Ms: median(rounds.map(({ ours }) => ours.p99Ms)),
    floorP99Ms: median(rounds.map(({ floor }) => floor.p99Ms)),
  };
}
