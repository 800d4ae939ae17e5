/**
 * A server holds the code of the storage it runs on and of nothing else: on the embedded database it
 * never loads the PostgreSQL client nor the Redis client, and on PostgreSQL with Redis it never loads
 * PGlite. The compiled server (npm start's entry point) runs as a child process with a preload that
 * writes, as the process exits, every CommonJS module it required.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  createFreshPostgresDatabase,
  killLeftoverProcesses,
  makeTempDir,
  startServerProcess,
} from './realServerProcess';

const PRELOAD = `process.on('exit', () => {
  require('node:fs').writeFileSync(process.env.LOADED_MODULES_FILE, Object.keys(require.cache).join('\\n'));
});
`;

const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  killLeftoverProcesses();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The packages (`pg`, `@electric-sql/pglite`, …) the server had required by the time it stopped. */
async function packagesLoadedBy(env: NodeJS.ProcessEnv): Promise<Set<string>> {
  const folder = makeTempDir('becca-drivers');
  cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
  const preload = path.join(folder, 'preload.cjs');
  const listFile = path.join(folder, 'loaded.txt');
  fs.writeFileSync(preload, PRELOAD);
  const server = await startServerProcess({
    dataDir: path.join(folder, 'data'),
    via: 'node',
    env: { NODE_OPTIONS: `--require ${preload}`, LOADED_MODULES_FILE: listFile, ...env },
  });
  // A query, so that nothing is loaded later than start-up without this test seeing it.
  expect((await fetch(`${server.url}/api/auth/validate-code/NOSUCHCODE`)).status).toBe(200);
  expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  const packages = fs
    .readFileSync(listFile, 'utf8')
    .split('\n')
    .map((file) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1])
    .filter((name): name is string => name !== undefined);
  return new Set(packages);
}

it('on the embedded database, loads PGlite and neither the PostgreSQL nor the Redis client', async () => {
  const packages = await packagesLoadedBy({});

  expect(packages).toContain('@electric-sql/pglite');
  expect(packages).not.toContain('pg');
  expect(packages).not.toContain('ioredis');
});

const itOnPostgres = process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL ? it : it.skip;

itOnPostgres('on PostgreSQL with Redis, loads their clients and not PGlite', async () => {
  const database = await createFreshPostgresDatabase(process.env.TEST_DATABASE_URL!);
  cleanups.push(() => database.drop());

  const packages = await packagesLoadedBy({
    DATABASE_URL: database.url,
    REDIS_URL: process.env.TEST_REDIS_URL,
  });

  expect(packages).toContain('pg');
  expect(packages).toContain('ioredis');
  expect(packages).not.toContain('@electric-sql/pglite');
});
