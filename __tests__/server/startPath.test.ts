import fs from 'node:fs';
import path from 'node:path';
import { LOCK_FILE_NAME } from '../../server/dataDirLock';
import { killLeftoverProcesses, makeTempDir, startServerProcess } from './realServerProcess';

// `npm start` boots npm, compiles the server when stale and opens PGlite: seconds on a busy machine.
jest.setTimeout(240_000);

const STOP_DEADLINE_MS = 10_000;
const tempDirs: string[] = [];

afterAll(() => {
  killLeftoverProcesses();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The environment `pid` was started with (Linux). */
function environment(pid: number): Record<string, string> {
  const entries = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
  return Object.fromEntries(
    entries.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
}

/** The command line the kernel ran for `pid` (Linux), to show which program is serving. */
function commandLine(pid: number): string[] {
  return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
}

describe.each(['SIGTERM', 'SIGINT'] as const)('npm start told %s by a supervisor', (signal) => {
  test('one compiled node process serves, and the signal to npm stops it with the lock released', async () => {
    const dataDir = makeTempDir('becca-start');
    tempDirs.push(dataDir);
    const webRoot = makeTempDir('becca-start-web');
    tempDirs.push(webRoot);
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Becca</title>');
    const server = await startServerProcess({
      dataDir,
      via: 'npm start',
      env: { WEB_ROOT: webRoot },
      // A first start creates the database (initdb in WebAssembly): over a minute on a loaded machine.
      startTimeoutMs: 180_000,
    });

    const lockPath = path.join(dataDir, LOCK_FILE_NAME);
    const servingPid = (JSON.parse(fs.readFileSync(lockPath, 'utf8')) as { pid: number }).pid;
    // npm started node on the compiled entry itself: no shell, no TypeScript loader in between.
    expect(servingPid).not.toBe(server.pid);
    expect(commandLine(servingPid)).toEqual([expect.stringMatching(/node$/), 'build/server/main.js']);
    // sharp's advice under glibc (docs/decisions/malloc-arena-max.md).
    expect(environment(servingPid)).toMatchObject({ MALLOC_ARENA_MAX: '1' });

    const stoppedBy = Date.now() + STOP_DEADLINE_MS;
    process.kill(server.pid, signal);
    let timer: NodeJS.Timeout | undefined;
    const exit = await Promise.race([
      server.exited,
      new Promise<'too slow'>((resolve) => (timer = setTimeout(() => resolve('too slow'), STOP_DEADLINE_MS))),
    ]);
    clearTimeout(timer);
    expect(exit).not.toBe('too slow');
    while (isAlive(servingPid) && Date.now() < stoppedBy) await new Promise((r) => setTimeout(r, 50));
    expect(isAlive(servingPid)).toBe(false);
    expect(fs.existsSync(lockPath)).toBe(false);
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
  });
});
