import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL cluster and a Redis of a test's own, on its own ports, which the test may stop, kill
 * and start again (never CI's shared ones). PostgreSQL runs as the user `postgres` when the test runs
 * as root (initdb refuses root).
 */

function postgresBinaries(): string {
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    const root = '/usr/lib/postgresql';
    const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
    return path.join(root, versions[0] ?? 'missing', 'bin');
  }
}

export function hasOwnServiceTools(): boolean {
  const onPath = (name: string) => {
    try {
      execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  return (
    fs.existsSync(path.join(postgresBinaries(), 'initdb')) && onPath('redis-server') && onPath('haproxy')
  );
}

export interface OwnPostgres {
  url(database?: string): string;
  /** `pg_ctl stop -m immediate`: every backend killed at once, as in a crash. */
  stopImmediately(): void;
  start(): void;
  destroy(): void;
}

export function startOwnPostgres(port: number): OwnPostgres {
  // Not under the run's temporary folder: that one is private to this user, and postgres must reach it.
  const folder = fs.mkdtempSync(path.join(fs.existsSync('/tmp') ? '/tmp' : os.tmpdir(), 'becca-own-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres', folder]);
  const bin = postgresBinaries();
  const data = path.join(folder, 'data');
  const run = (tool: string, args: string[]) => {
    const [command, fullArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    execFileSync(command, fullArgs, { cwd: folder, stdio: ['ignore', 'ignore', 'pipe'] });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = () =>
    run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(folder, 'log'), '-w', 'start']);
  start();
  return {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stopImmediately: () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    start,
    destroy: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

export interface OwnRedis {
  url: string;
  kill(): Promise<void>;
  start(): Promise<void>;
}

export async function startOwnRedis(port: number): Promise<OwnRedis> {
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'ignore' });
        return;
      } catch {
        if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill: async () => {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    start,
  };
}

export interface Balancer {
  url: string;
  stop(): Promise<void>;
}

/**
 * deploy/haproxy.cfg as an operator would install it, with only its listening address and the
 * instances' addresses replaced by the test's.
 */
export async function startHaproxy(port: number, backendPorts: number[]): Promise<Balancer> {
  const example = fs.readFileSync(path.join(__dirname, '../../deploy/haproxy.cfg'), 'utf8');
  const servers = backendPorts.map((backend, index) => `    server becca${index + 1} 127.0.0.1:${backend}`);
  let rendered = example.replace(/^ {4}bind :80$/m, `    bind 127.0.0.1:${port}`);
  rendered = rendered.replace(/(^ {4}server becca\d .*\n)+/m, `${servers.join('\n')}\n`);
  if (!rendered.includes(`bind 127.0.0.1:${port}`) || !rendered.includes(servers[0]!))
    throw new Error('deploy/haproxy.cfg no longer has the bind and server lines this test replaces');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'becca-haproxy-'));
  const config = path.join(folder, 'haproxy.cfg');
  fs.writeFileSync(config, rendered);
  const child = spawn('haproxy', ['-db', '-f', config], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('haproxy did not come up');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
