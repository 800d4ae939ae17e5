import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Points TMPDIR (what `os.tmpdir()` answers) of this process and of every process it starts at a new
 * folder for this test run, and returns what deletes that folder. Tests remove what they create;
 * this also catches what a failing test, a killed server or Chromium leaves, so that a run leaves
 * /tmp as it found it.
 */
export function makeRunTempFolder(name: string): () => void {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = folder;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    fs.rmSync(folder, { recursive: true, force: true, maxRetries: 5 });
  };
}
