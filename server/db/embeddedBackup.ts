import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock, LOCK_FILE_NAME, readLockOwner, type DataDirLock } from '../dataDirLock';
import { makeDataDirPrivate } from '../privateDataDir';
import { openEmbeddedDatabase } from './database';

/** A refusal of `npm run db -- backup | restore`, in one sentence for the operator. */
export class BackupRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusal';
  }
}

const GZIP_MAGIC = [0x1f, 0x8b];

function lockStopped(dataDir: string, what: string): DataDirLock {
  const owner = readLockOwner(dataDir);
  if (owner) {
    throw new BackupRefusal(
      `A Becca server (process ${owner.pid}) has ${dataDir} open: stop it before ${what} (systemctl stop becca).`,
    );
  }
  return acquireDataDirLock(dataDir);
}

/**
 * The archive of a folder no server has open, as it is: no migration first, so a backup taken
 * before an upgrade restores the release it was taken with.
 */
export async function dumpStoppedDataDir(dataDir: string): Promise<Uint8Array> {
  const lock = lockStopped(dataDir, 'backing it up this way');
  try {
    const database = await openEmbeddedDatabase(dataDir);
    try {
      return await database.dumpDataDir!();
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * Writes the archive to `file`, readable by its owner only, all at once: into a new file beside it,
 * flushed to disk, then linked into place (or renamed over an old backup when `replace`).
 */
export function writeBackupFile(file: string, archive: Uint8Array, replace: boolean): void {
  const partial = `${file}.${process.pid}.partial`;
  const fd = fs.openSync(partial, 'wx', 0o600);
  try {
    fs.writeSync(fd, archive);
    fs.fchmodSync(fd, 0o600);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    if (replace) fs.renameSync(partial, file);
    else fs.linkSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/** Opens the archive in a folder of its own and checks that it holds a Becca database. */
async function unpackInto(staging: string, archive: Uint8Array): Promise<void> {
  const client = await PGlite.create({
    dataDir: staging,
    loadDataDir: new Blob([archive as Uint8Array<ArrayBuffer>]),
  });
  try {
    const { rows } = await client.query<{ becca: boolean }>(
      "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS becca",
    );
    if (!rows[0]?.becca) throw new BackupRefusal('This archive holds a database, but not a Becca one.');
    await client.exec('CHECKPOINT');
  } finally {
    await client.close();
  }
}

/**
 * Puts a backup into `dataDir`, which no server may have open. The archive is first unpacked and
 * opened in a folder inside dataDir (same file system, so the files then move by rename); only once
 * it proved whole does it replace what dataDir held, and only with `replace`.
 */
export async function restoreDataDir(dataDir: string, archive: Uint8Array, replace: boolean): Promise<void> {
  if (GZIP_MAGIC.some((byte, index) => archive[index] !== byte)) {
    throw new BackupRefusal('This file is not a backup made by `npm run db -- backup` (not a gzip archive).');
  }
  const lock = lockStopped(dataDir, 'restoring into it');
  const staging = path.join(dataDir, `.restoring-${process.pid}`);
  try {
    const present = fs.readdirSync(dataDir).filter((name) => name !== LOCK_FILE_NAME);
    if (present.length > 0 && !replace) {
      throw new BackupRefusal(
        `${dataDir} is not empty (${present.length} entries): restore into an empty folder ` +
          '(another DATA_DIR), or add --force to replace what it holds.',
      );
    }
    try {
      await unpackInto(staging, archive);
    } catch (error) {
      if (error instanceof BackupRefusal) throw error;
      throw new BackupRefusal(
        `This archive could not be restored: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    for (const name of present) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    for (const name of fs.readdirSync(staging)) {
      // Our own lock stays: no server may start until the folder is whole.
      if (name !== LOCK_FILE_NAME) fs.renameSync(path.join(staging, name), path.join(dataDir, name));
    }
    makeDataDirPrivate(dataDir);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}
