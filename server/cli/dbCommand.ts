import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { connectAdmin } from '../admin/adminClient';
import { readSettings } from '../config';
import { readLockOwner } from '../dataDirLock';
import { migrationsFolder, openEmbeddedDatabase, openPostgresDatabase, type Database } from '../db/database';
import { BackupRefusal, dumpStoppedDataDir, restoreDataDir, writeBackupFile } from '../db/embeddedBackup';
import { migrateDatabase } from '../db/migrateDatabase';
import { acquireDataDirLock } from '../dataDirLock';
import { chosenCommand, runCommandLine } from './commandLine';
import { CommandFailure, failureText, print, printError, text } from './operatorOutput';

const USAGE = text`Usage:
  npm run db -- backup FILE [--force]    the embedded database (DATA_DIR) into FILE, a gzipped tar archive only you
                                         can read; while a server runs, that server makes it. --force replaces FILE.
  npm run db -- restore FILE [--force]   FILE into DATA_DIR, with no server running on it; --force replaces what
                                         DATA_DIR holds.
  npm run db -- migrate                  applies this release's migrations: through DATABASE_MIGRATION_URL (the
                                         tables' owner) when set, else DATABASE_URL, else DATA_DIR.
On PostgreSQL, back up with pg_dump and restore with pg_restore (docs/backups.md).`;

const COMMANDS = ['backup', 'restore', 'migrate'] as const;
const MEGABYTE = 1024 * 1024;

const ON_POSTGRES = (what: string) =>
  new CommandFailure(
    text`DATABASE_URL is set: ${what} PostgreSQL with pg_dump and pg_restore, as docs/backups.md shows.`,
  );

async function backup(file: string, replace: boolean): Promise<void> {
  const { databaseUrl, dataDir } = readSettings();
  if (databaseUrl) throw ON_POSTGRES('back up');
  if (fs.existsSync(file) && !replace) {
    throw new CommandFailure(
      text`${file} exists already: choose another name, or add --force to replace it.`,
    );
  }
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new CommandFailure(text`There is no database in ${dataDir} to back up.`);
  }
  let archive: Uint8Array;
  if (readLockOwner(dataDir)) {
    // The server has the folder open: only it can read it consistently (and it records the backup).
    const admin = await connectAdmin();
    try {
      archive = await admin.createBackup();
    } finally {
      await admin.close();
    }
  } else {
    archive = await dumpStoppedDataDir(dataDir);
  }
  writeBackupFile(file, archive, replace);
  print(text`Backed up ${dataDir} to ${file} (${(archive.length / MEGABYTE).toFixed(1)} MB).`);
}

async function restore(file: string, replace: boolean): Promise<void> {
  const { databaseUrl, dataDir } = readSettings();
  if (databaseUrl) throw ON_POSTGRES('restore');
  let archive: Buffer;
  try {
    archive = fs.readFileSync(file);
  } catch (error) {
    throw new CommandFailure(text`${file} cannot be read: ${(error as Error).message}`);
  }
  await restoreDataDir(dataDir, archive, replace);
  print(text`Restored ${file} into ${dataDir}. The server applies any newer migrations when it starts.`);
}

/** The newest migration's name, as the journal lists it, to say where the database is now. */
function newestMigrationTag(): string {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string }[];
  };
  return journal.entries.at(-1)?.tag ?? 'none';
}

async function migrate(): Promise<void> {
  const settings = readSettings();
  let database: Database;
  let release = () => {};
  if (settings.databaseUrl) {
    database = await openPostgresDatabase(settings.databaseUrl);
  } else {
    const owner = readLockOwner(settings.dataDir);
    if (owner) {
      throw new CommandFailure(
        text`A Becca server (process ${owner.pid}) has ${settings.dataDir} open; it migrated it when it started.`,
      );
    }
    const lock = acquireDataDirLock(settings.dataDir);
    release = () => lock.release();
    database = await openEmbeddedDatabase(settings.dataDir);
  }
  try {
    await migrateDatabase(database, settings);
  } finally {
    await database.close();
    release();
  }
  print(text`The database is up to date (newest migration: ${newestMigrationTag()}).`);
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    printError(failureText(error), USAGE);
    process.exitCode = 1;
    return;
  }
  const { positionals, values } = parsed;
  const command = chosenCommand(positionals[0], COMMANDS, USAGE, values.help);
  if (!command) return;
  const file = positionals[1];
  if (command !== 'migrate' && !file) {
    printError(text`${command} needs a FILE.`, USAGE);
    process.exitCode = 1;
    return;
  }
  try {
    if (command === 'backup') await backup(file!, values.force === true);
    else if (command === 'restore') await restore(file!, values.force === true);
    else await migrate();
  } catch (error) {
    printError(error instanceof BackupRefusal ? text`${error.message}` : failureText(error));
    process.exitCode = 1;
  }
}

runCommandLine(main);
