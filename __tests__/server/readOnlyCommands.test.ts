import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  createFreshPostgresDatabase,
  killLeftoverProcesses,
  makeTempDir,
  runCli,
  type CliResult,
} from './realServerProcess';

// Every command is a real process (tsx start-up).
jest.setTimeout(120_000);

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  killLeftoverProcesses();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface ReadOnlyCase {
  command: 'invite' | 'waitlist' | 'members';
  args: string[];
  code: number;
  stdout: string | ReturnType<typeof expect.stringMatching>;
}

/** What each command that only reads answers where there is no data at all. */
const readOnlyCases: ReadOnlyCase[] = [
  { command: 'invite', args: ['list'], code: 0, stdout: '' },
  { command: 'waitlist', args: ['list'], code: 0, stdout: '' },
  // Still a valid CSV: `export > waitlist.csv` gives a file with its header.
  { command: 'waitlist', args: ['export'], code: 0, stdout: 'phone,email,name,joined_at\n' },
  // Nothing to revoke is a failure, as for a code that does not exist.
  { command: 'invite', args: ['revoke', 'ABCDEFGHJK'], code: 1, stdout: '' },
  { command: 'members', args: ['list'], code: 0, stdout: '' },
  {
    command: 'members',
    args: ['export'],
    code: 0,
    stdout: expect.stringMatching(/^user_id,first_name,[a-z_,]+\n$/),
  },
  { command: 'members', args: ['show', '1'], code: 1, stdout: '' },
];

function expectNoDataAnswer(result: CliResult, expected: ReadOnlyCase, where: RegExp): void {
  expect({ code: result.code, stdout: result.stdout }).toEqual({
    code: expected.code,
    stdout: expected.stdout,
  });
  expect(result.stderr).toMatch(where);
}

describe('commands that only read, with no server and no data folder', () => {
  const parent = makeTempDir('becca-readonly');
  cleanups.push(() => fs.rmSync(parent, { recursive: true, force: true }));
  const dataDir = path.join(parent, 'data');

  test.each(readOnlyCases)(
    '$command $args says there is no data yet and creates nothing',
    async (expected) => {
      const result = await runCli(expected.command, expected.args, { DATA_DIR: dataDir });
      expectNoDataAnswer(result, expected, new RegExp(`No data yet: there is no database in ${dataDir}`));
      expect(fs.readdirSync(parent)).toEqual([]);
    },
  );

  test('an unknown command is refused before anything is opened', async () => {
    const result = await runCli('waitlist', ['obliterate'], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Unknown command "obliterate"/);
    expect(fs.readdirSync(parent)).toEqual([]);
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL ?? '';
// Jest refuses describe.each over an empty table: without PostgreSQL the block is skipped, not failed.
const describeOnPostgres = postgresUrl ? describe : describe.skip;

describeOnPostgres('commands that only read, on an empty PostgreSQL database', () => {
  const baseUrl = postgresUrl;
  let databaseUrl: string;
  beforeAll(async () => {
    const database = await createFreshPostgresDatabase(baseUrl);
    cleanups.push(() => database.drop());
    databaseUrl = database.url;
  });

  async function schemasIn(url: string): Promise<string[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        "SELECT nspname AS name FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' ORDER BY 1",
      );
      return rows.map((row) => row.name);
    } finally {
      await client.end();
    }
  }

  test.each(readOnlyCases)(
    '$command $args says there is no data yet and migrates nothing',
    async (expected) => {
      const result = await runCli(expected.command, expected.args, { DATABASE_URL: databaseUrl });
      expectNoDataAnswer(
        result,
        expected,
        /No data yet: the PostgreSQL database at DATABASE_URL has no Becca tables/,
      );
      // No drizzle migrations schema, no tables: only what CREATE DATABASE made.
      expect(await schemasIn(databaseUrl)).toEqual(['public']);
    },
  );
});
