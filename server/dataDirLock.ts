import fs from 'node:fs';
import path from 'node:path';
import { makeDataDirPrivate } from './privateDataDir';

export const LOCK_FILE_NAME = 'becca.lock';

export interface LockOwner {
  pid: number;
  /** Where the owning server listens, so the operator's commands can reach it. */
  adminUrl?: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The data folder ${dataDir} is already in use by another Becca server (process ${owner.pid}). ` +
        'The embedded database can only be opened by one process: stop that server, or choose another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Whether a process runs with this pid (another user's counts: signalling it is refused, EPERM). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLockOwner(dataDir: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')) as LockOwner;
    return Number.isInteger(owner.pid) && isProcessAlive(owner.pid) ? owner : undefined;
  } catch {
    return undefined;
  }
}

export interface DataDirLock {
  /** Records where the server listens once it knows its port. */
  update(owner: Omit<LockOwner, 'pid'>): void;
  release(): void;
}

/**
 * PGlite does not lock its folder and two processes writing it corrupt it, so we do: an exclusive
 * create of a lock file holding our pid. A lock left by a dead process (kill -9) is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  makeDataDirPrivate(dataDir);
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  const write = (owner: LockOwner, flag: 'wx' | 'w') =>
    fs.writeFileSync(lockPath, JSON.stringify(owner), { flag, mode: 0o600 });

  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      write({ pid: process.pid }, 'wx');
      let released = false;
      return {
        update: (owner) => write({ pid: process.pid, ...owner }, 'w'),
        release: () => {
          if (released) return;
          released = true;
          fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readLockOwner(dataDir);
      if (owner) throw new DataDirLockedError(dataDir, owner);
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock file ${lockPath}`);
}
