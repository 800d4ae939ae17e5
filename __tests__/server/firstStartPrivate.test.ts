import fs from 'node:fs';
import path from 'node:path';
import { entriesOpenToOthers } from './fileModes';
import { makeTempDir, startServerProcess, type ServerProcess } from './realServerProcess';

/**
 * Issue 30: initdb runs in a child process, and on the first start it left most of the new database
 * mode 0666 until the next start tightened it. The owner-only rule holds for every process that
 * writes DATA_DIR, so a first start leaves nothing open to the group or other users.
 */
jest.setTimeout(180_000);

let parent: string;
let server: ServerProcess | undefined;

beforeAll(() => {
  parent = makeTempDir('becca-first-start');
});

afterAll(async () => {
  await server?.stop('SIGKILL');
  fs.rmSync(parent, { recursive: true, force: true });
});

test('the first start on a new DATA_DIR leaves no file or folder open to group or others', async () => {
  const dataDir = path.join(parent, 'data');
  // A usual shell's umask, inherited by the server: it leaves files readable by others.
  const umask = process.umask(0o022);
  try {
    server = await startServerProcess({ dataDir, startTimeoutMs: 150_000 });
  } finally {
    process.umask(umask);
  }
  expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
  expect(fs.readdirSync(path.join(dataDir, 'base')).length).toBeGreaterThan(0);
  expect(entriesOpenToOthers(dataDir)).toEqual([]);
});
