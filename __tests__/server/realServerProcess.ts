import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import pg from 'pg';
import { isServerBuildStale } from '../../scripts/buildIfStale.cjs';
import { buildServer, serverEntry } from '../../scripts/buildServer.cjs';

const projectRoot = path.resolve(__dirname, '../..');

/** Every child we spawn, so that a failing test (or bench) never leaves a server or CLI behind. */
const runningChildren = new Set<ChildProcess>();

function track(child: ChildProcess): void {
  runningChildren.add(child);
  child.once('exit', () => runningChildren.delete(child));
}

/** SIGKILL for whatever is still running; for afterAll and for a script's exit path. */
export function killLeftoverProcesses(): void {
  for (const child of runningChildren) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
process.once('exit', killLeftoverProcesses);

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

function exitOf(child: ChildProcess): Promise<ProcessExit> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function makeTempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
}

export interface ServerProcess {
  url: string;
  pid: number;
  dataDir: string;
  child: ChildProcess;
  /** stdout and stderr so far, interleaved. */
  output(): string;
  /** stdout alone: the log records. */
  stdout(): string;
  /** stderr alone. */
  stderr(): string;
  exited: Promise<ProcessExit>;
  stop(signal?: NodeJS.Signals): Promise<ProcessExit>;
}

export interface ServerProcessOptions {
  dataDir: string;
  /** Added to (and overriding) the production-like defaults below, e.g. DATABASE_URL. */
  env?: NodeJS.ProcessEnv;
  startTimeoutMs?: number;
  /**
   * How the server is run: its TypeScript source under tsx (the default, quickest to start from a
   * test), the compiled entry under plain node (what production runs), or `npm start` itself.
   */
  via?: 'tsx' | 'node' | 'npm start';
  /** With `via: 'node'`: another compiled entry than build/server/main.js (a bench's A/B build). */
  entry?: string;
  /**
   * stdout straight into this file, as under a supervisor, instead of a pipe read by this process
   * (`stdout()` is then empty: read the file).
   */
  stdoutFile?: string;
  /** A fixed port (a balancer's configuration names it) instead of a free one. */
  port?: number;
  /** Resolve once /health/live answers rather than /health (a server waiting for its database). */
  readyPath?: '/health' | '/health/live';
}

/** Compiles the server first when its build is missing or older than its sources. */
export function compiledServerEntry(): string {
  if (isServerBuildStale(projectRoot)) buildServer(projectRoot);
  return serverEntry;
}

/**
 * The environment and node flags `npm start` runs the compiled server with. package.json's start
 * script is the one place they are written, so a bench or test of "what production runs" reads them
 * there: `… && NAME=value … exec node <flags> build/server/main.js`.
 */
export function productionNodeCommand(): { env: Record<string, string>; flags: string[] } {
  const packageJson = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const command = /&&\s*((?:[A-Z_]+=\S+\s+)*)exec node\s+(.*?)\s*build\/server\/main\.js\s*$/.exec(
    packageJson.scripts.start,
  );
  if (!command)
    throw new Error(`package.json's start script no longer ends in "exec node … build/server/main.js"`);
  const [, assignments = '', flags = ''] = command;
  const env = Object.fromEntries(
    assignments
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((assignment) => assignment.split('=', 2) as [string, string]),
  );
  return { env, flags: flags.split(/\s+/).filter(Boolean) };
}

function serverCommand(
  via: ServerProcessOptions['via'],
  entry?: string,
): [string, string[], Record<string, string>] {
  if (via === 'npm start') return ['npm', ['start', '--silent'], {}];
  if (via === 'node') {
    const { env, flags } = productionNodeCommand();
    return [process.execPath, [...flags, entry ?? compiledServerEntry()], env];
  }
  return [process.execPath, ['--import', 'tsx', 'server/main.ts'], {}];
}

/**
 * The real server (`npm start`'s entry point) as a child process on a free port. It resolves once
 * /health answers 200, and kills the child itself when that never happens.
 */
export async function startServerProcess({
  dataDir,
  env = {},
  startTimeoutMs = 60_000,
  via = 'tsx',
  entry,
  stdoutFile,
  port: fixedPort,
  readyPath = '/health',
}: ServerProcessOptions): Promise<ServerProcess> {
  const port = fixedPort ?? (await freePort());
  let output = '';
  let stdout = '';
  let stderr = '';
  const [command, args, productionEnv] = serverCommand(via, entry);
  const stdoutFd = stdoutFile === undefined ? undefined : fs.openSync(stdoutFile, 'a');
  const child = spawn(command, args, {
    cwd: projectRoot,
    env: {
      ...process.env,
      ...productionEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // An inherited DATABASE_URL would silently move an "embedded" run onto PostgreSQL.
      DATABASE_URL: '',
      REDIS_URL: '',
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'],
  });
  // The child has its own copy of the descriptor.
  if (stdoutFd !== undefined) fs.closeSync(stdoutFd);
  track(child);
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stdout += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stderr += chunk.toString();
  });
  const exited = exitOf(child);
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const how = child.signalCode ? `signal ${child.signalCode}` : `code ${child.exitCode}`;
      throw new Error(`The server exited (${how}) before answering /health:\n${output}`);
    }
    try {
      if ((await fetch(`${url}${readyPath}`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /health within ${startTimeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    pid: child.pid!,
    dataDir,
    child,
    output: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Polls until `condition` holds, or throws saying what it waited for. */
export async function waitFor(what: string, condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Gave up after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Lines of the server's output containing every one of `parts` (its log lines are one JSON each). */
export function countOutputLines(server: ServerProcess, ...parts: string[]): number {
  return server
    .output()
    .split('\n')
    .filter((line) => parts.every((part) => line.includes(part))).length;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run invite -- …` / `npm run waitlist -- …` without npm in between, so exit codes are the CLI's. */
export function runCli(
  command: 'invite' | 'waitlist' | 'members',
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
): Promise<CliResult> {
  return runProjectScript(`server/cli/${command}Command.ts`, args, env, timeoutMs);
}

/** A TypeScript entry point of the project (a CLI, or the server itself) run to its end. */
export async function runProjectScript(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
): Promise<CliResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const { code } = await exitOf(child);
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/** The last line of a CLI's stdout: `invite create` prints the new code alone there. */
export function lastLine(text: string): string {
  return text.trimEnd().split('\n').at(-1) ?? '';
}

export interface FreshPostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A database of its own on the PostgreSQL at `baseUrl`, so runs never litter (or see) each other. */
export async function createFreshPostgresDatabase(
  baseUrl: string,
  prefix = 'becca_test',
): Promise<FreshPostgresDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const runOnBase = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await runOnBase(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runOnBase(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
