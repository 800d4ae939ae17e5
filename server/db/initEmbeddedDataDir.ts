import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeDataDirPrivate, OWNER_ONLY_FILES_PRELUDE } from '../privateDataDir';

/**
 * Creates PostgreSQL's files in an empty data folder in a short-lived child process. initdb grows
 * PGlite's WebAssembly memory to 400+ MB that the server would otherwise hold (unused) for its whole
 * life; in a child, it is all returned when the child exits. The child keeps the folder owner-only as
 * this process does, and the folder is tightened once more after it, before anything is served.
 */
export function initEmbeddedDataDir(dataDir: string): void {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const pglite = pathToFileURL(require.resolve('@electric-sql/pglite')).href;
  const script =
    OWNER_ONLY_FILES_PRELUDE +
    `const { PGlite } = await import(${JSON.stringify(pglite)});` +
    'const client = await PGlite.create({ dataDir: process.argv[1] });' +
    "await client.exec('CHECKPOINT');" +
    'await client.close();';
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script, dataDir], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`Creating the embedded database in ${dataDir} failed.`);
  makeDataDirPrivate(dataDir);
}
