import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';

/**
 * The data folder holds names, phone numbers, photos, token hashes and the admin token: only the
 * account that runs the server may read it. The folder is made (or tightened to) 0700, anything already
 * in it loses its group and other bits, and files made from now on stay private (see below).
 */
export function makeDataDirPrivate(dataDir: string): void {
  keepNewFilesPrivate();
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir);
}

function tighten(target: string): void {
  const stat = fs.lstatSync(target);
  if (stat.isSymbolicLink()) return;
  if ((stat.mode & 0o077) !== 0) fs.chmodSync(target, stat.mode & 0o700);
  if (!stat.isDirectory()) return;
  for (const entry of fs.readdirSync(target)) tighten(path.join(target, entry));
}

let patched = false;

/**
 * The same rule for a child process that writes the folder (PGlite's initdb in
 * server/db/initEmbeddedDataDir.ts): ES module source to run before it imports PGlite. A umask
 * is inherited across exec, the patched chmods below are not.
 */
export const OWNER_ONLY_FILES_PRELUDE =
  "import fs from 'node:fs';" +
  "import { syncBuiltinESMExports } from 'node:module';" +
  'process.umask(0o077);' +
  "const ownerOnly = (mode) => (typeof mode === 'string' ? parseInt(mode, 8) : mode) & ~0o077;" +
  'const { chmodSync, fchmodSync } = fs;' +
  'fs.chmodSync = (target, mode) => chmodSync(target, ownerOnly(mode));' +
  'fs.fchmodSync = (fd, mode) => fchmodSync(fd, ownerOnly(mode));' +
  'syncBuiltinESMExports();';

/**
 * A umask covers files created with open(), but PGlite's file layer (Emscripten's NODEFS) then sets
 * each file's mode with an explicit chmod to 0666, which no umask affects. This process (the server
 * or an operator command on the embedded database) writes nothing that others should read, so its
 * chmods never grant group or other bits.
 */
function keepNewFilesPrivate(): void {
  process.umask(0o077);
  if (patched) return;
  patched = true;
  const ownerOnly = (mode: fs.Mode) => (typeof mode === 'string' ? parseInt(mode, 8) : mode) & ~0o077;
  const { chmodSync, fchmodSync } = fs;
  fs.chmodSync = (target, mode) => chmodSync(target, ownerOnly(mode));
  fs.fchmodSync = (fd, mode) => fchmodSync(fd, ownerOnly(mode));
  // ES modules importing { chmodSync } from 'node:fs' see the change too.
  syncBuiltinESMExports();
}
