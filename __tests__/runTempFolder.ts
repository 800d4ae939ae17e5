import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isProcessAlive } from '../server/dataDirLock';

/**
 * Points TMPDIR (what `os.tmpdir()` answers) of this process and of every process it starts at a new
 * folder for this test run, and returns what deletes that folder. Tests remove what they create;
 * this also catches what a failing test, a killed server or Chromium leaves, so that a run leaves
 * /tmp as it found it.
 */
export function makeRunTempFolder(name: string): () => void {
  removeFoldersOfEndedRuns(name);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  fs.writeFileSync(path.join(folder, OWNER_FILE), String(process.pid));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = folder;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    fs.rmSync(folder, { recursive: true, force: true, maxRetries: 5 });
  };
}

const OWNER_FILE = '.run-owner-pid';

/**
 * A run that was killed (SIGKILL, a closed terminal) never reaches its clean-up: the next run of the
 * same name removes the folders whose owner is no longer running, so /tmp does not fill with them.
 */
function removeFoldersOfEndedRuns(name: string): void {
  const parent = os.tmpdir();
  for (const entry of fs.readdirSync(parent)) {
    if (!entry.startsWith(`${name}-`)) continue;
    const folder = path.join(parent, entry);
    let owner: number;
    try {
      owner = Number(fs.readFileSync(path.join(folder, OWNER_FILE), 'utf8'));
    } catch {
      continue; // Not one of ours, or still being made.
    }
    if (Number.isInteger(owner) && owner > 0 && !isProcessAlive(owner))
      fs.rmSync(folder, { recursive: true, force: true, maxRetries: 5 });
  }
}
