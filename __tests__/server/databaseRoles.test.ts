import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  killLeftoverProcesses,
  lastLine,
  makeTempDir,
  runProjectScript,
  startServerProcess,
} from './realServerProcess';
import { makeJpeg, postRegistration, testPhone } from './registrationTraffic';

// PostgreSQL only (jest.config.ts runs this file when TEST_DATABASE_URL is set): roles are PostgreSQL's.
jest.setTimeout(300_000);
afterAll(killLeftoverProcesses);

const projectRoot = path.resolve(__dirname, '../..');
const baseUrl = process.env.TEST_DATABASE_URL!;
const suffix = randomBytes(4).toString('hex');
// Roles belong to the whole cluster: unique names, dropped at the end.
const names = {
  owner: `becca_owner_${suffix}`,
  app: `becca_app_${suffix}`,
  database: `becca_roles_${suffix}`,
};

/** The docs' SQL blocks whose first line starts with `-- as <who>`, with this run's names. */
function docsSql(who: string): string {
  const install = fs.readFileSync(path.join(projectRoot, 'docs/install.md'), 'utf8');
  const block = [...install.matchAll(/```sql\n([\s\S]*?)```/g)]
    .map((match) => match[1]!)
    .find((text) => text.startsWith(`-- as ${who}`));
  if (!block) throw new Error(`docs/install.md has no SQL block for "${who}"`);
  return block
    .replace(/\bbecca_owner\b/g, names.owner)
    .replace(/\bbecca_app\b/g, names.app)
    .replace(/DATABASE becca\b/g, `DATABASE ${names.database}`);
}

function urlAs(role: 'owner' | 'app' | 'superuser', database = names.database): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  if (role !== 'superuser') {
    url.username = names[role];
    url.password = role === 'owner' ? 'owner-secret' : 'app-secret';
  }
  return url.toString();
}

/** Each statement on its own, as psql sends them (CREATE DATABASE cannot share a transaction). */
async function run(url: string, statements: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const withoutComments = statements.replace(/^--.*$/gm, '');
    for (const statement of withoutComments.split(/;\s*(?:\n|$)/).filter((text) => text.trim())) {
      await client.query(statement);
    }
  } finally {
    await client.end();
  }
}

/** The error PostgreSQL answers `statement` with, as `role`; undefined when it succeeds. */
async function refusal(role: 'owner' | 'app', statement: string): Promise<string | undefined> {
  try {
    await run(urlAs(role), statement);
    return undefined;
  } catch (error) {
    return `${(error as { code?: string }).code}: ${(error as Error).message}`;
  }
}

const cli = (script: string, args: string[], env: NodeJS.ProcessEnv) =>
  runProjectScript(`server/cli/${script}Command.ts`, args, {
    DATA_DIR: makeTempDir('becca-roles-cli'),
    ...env,
  });

describe('two database roles: the owner migrates, the server reads and writes', () => {
  const appEnv = { DATABASE_URL: urlAs('app') };
  const ownerEnv = { ...appEnv, DATABASE_MIGRATION_URL: urlAs('owner') };

  beforeAll(async () => {
    await run(urlAs('superuser', new URL(baseUrl).pathname.slice(1)), docsSql('the superuser'));
  });

  afterAll(async () => {
    const base = urlAs('superuser', new URL(baseUrl).pathname.slice(1));
    await run(base, `DROP DATABASE IF EXISTS ${names.database} WITH (FORCE)`);
    await run(base, `DROP ROLE IF EXISTS ${names.app}; DROP ROLE IF EXISTS ${names.owner}`);
  });

  test('`npm run db -- migrate` applies the migrations as the owner; the owner then grants the docs’ rights', async () => {
    const migrated = await cli('db', ['migrate'], ownerEnv);
    expect(migrated).toMatchObject({ code: 0, stderr: '' });
    expect(migrated.stdout).toMatch(/^The database is up to date \(newest migration: \d{4}_\w+\)\.\n$/);
    await run(urlAs('owner'), docsSql('becca_owner'));
    const client = new pg.Client({ connectionString: urlAs('superuser') });
    await client.connect();
    const { rows } = await client.query<{ owner: string }>(
      "SELECT tableowner AS owner FROM pg_tables WHERE tablename = 'operator_audit'",
    );
    await client.end();
    expect(rows).toEqual([{ owner: names.owner }]);
  });

  test('the server runs as the lesser role: it serves, registers, records and erases', async () => {
    const server = await startServerProcess({ dataDir: makeTempDir('becca-roles'), env: appEnv });
    try {
      const created = await cli('invite', ['create', '--uses', '3'], appEnv);
      expect(created.code).toBe(0);
      const registration = await postRegistration(
        server.url,
        lastLine(created.stdout),
        testPhone(901),
        await makeJpeg(200, 200),
      );
      expect(registration.status).toBe(201);
      const erased = await cli('members', ['delete', registration.body!.user_id!, '--yes'], appEnv);
      expect(erased).toMatchObject({ code: 0 });
    } finally {
      expect(await server.stop()).toEqual({ code: 0, signal: null });
    }
    const client = new pg.Client({ connectionString: urlAs('app') });
    await client.connect();
    const { rows } = await client.query<{ action: string }>('SELECT action FROM operator_audit ORDER BY id');
    const { rows: users } = await client.query('SELECT id FROM users');
    await client.end();
    expect(rows.map((row) => row.action)).toEqual(['invite.create', 'members.delete']);
    expect(users).toEqual([]);
  });

  test('the server’s role cannot disable, drop or get around the audit trail’s trigger; the owner could', async () => {
    expect(
      await refusal('app', 'ALTER TABLE operator_audit DISABLE TRIGGER operator_audit_no_change'),
    ).toMatch(/^42501: must be owner of table operator_audit$/);
    expect(await refusal('app', 'ALTER TABLE operator_audit DISABLE TRIGGER ALL')).toMatch(/^42501: /);
    expect(await refusal('app', 'DROP TRIGGER operator_audit_no_change ON operator_audit')).toMatch(
      /^42501: /,
    );
    expect(await refusal('app', 'DELETE FROM operator_audit')).toMatch(/^42501: permission denied/);
    expect(await refusal('app', "UPDATE operator_audit SET reason = 'rewritten'")).toMatch(/^42501: /);
    expect(await refusal('app', 'TRUNCATE operator_audit')).toMatch(/^42501: /);
    expect(await refusal('app', 'ALTER TABLE users ADD COLUMN x int')).toMatch(/^42501: /);
    // The same statement from the owner succeeds: the refusals above are the role's, not a typo's.
    expect(
      await refusal(
        'owner',
        'BEGIN; ALTER TABLE operator_audit DISABLE TRIGGER operator_audit_no_change; ROLLBACK;',
      ),
    ).toBeUndefined();
  });

  test('with a migration pending, the lesser role alone refuses to start and says what to do', async () => {
    // As if this release had one more migration than the database: its newest is forgotten.
    await run(
      urlAs('owner'),
      'DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)',
    );
    await expect(startServerProcess({ dataDir: makeTempDir('becca-roles'), env: appEnv })).rejects.toThrow(
      /set DATABASE_MIGRATION_URL to the tables’ owner, or run `npm run db -- migrate` with it first/,
    );
    // With the owner's address beside it, the server migrates through it, then serves as the lesser role.
    const server = await startServerProcess({ dataDir: makeTempDir('becca-roles'), env: ownerEnv });
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    await server.stop();
    expect(await refusal('app', 'ALTER TABLE operator_audit DISABLE TRIGGER ALL')).toMatch(/^42501: /);
  });

  test('docs/backups.md’s pg_dump and pg_restore bring it back with its rows and its grants', async () => {
    const dump = path.join(makeTempDir('becca-roles-dump'), 'becca.dump');
    execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, urlAs('owner')], { stdio: 'pipe' });
    const restored = `${names.database}_restored`;
    const base = urlAs('superuser', new URL(baseUrl).pathname.slice(1));
    await run(base, `CREATE DATABASE ${restored} OWNER ${names.owner}`);
    try {
      execFileSync('pg_restore', ['--exit-on-error', `--dbname=${urlAs('owner', restored)}`, dump], {
        stdio: 'pipe',
      });
      await run(urlAs('superuser', restored), `GRANT CONNECT ON DATABASE ${restored} TO ${names.app}`);
      const client = new pg.Client({ connectionString: urlAs('app', restored) });
      await client.connect();
      try {
        const { rows } = await client.query<{ action: string }>(
          'SELECT action FROM operator_audit ORDER BY id',
        );
        expect(rows.map((row) => row.action)).toEqual(['invite.create', 'members.delete']);
        await expect(client.query('ALTER TABLE operator_audit DISABLE TRIGGER ALL')).rejects.toMatchObject({
          code: '42501',
        });
        await expect(client.query('DELETE FROM operator_audit')).rejects.toMatchObject({ code: '42501' });
      } finally {
        await client.end();
      }
    } finally {
      await run(base, `DROP DATABASE IF EXISTS ${restored} WITH (FORCE)`);
    }
  });

  test('DATABASE_MIGRATION_URL without DATABASE_URL is refused', async () => {
    const refused = await cli('db', ['migrate'], {
      DATABASE_URL: '',
      DATABASE_MIGRATION_URL: urlAs('owner'),
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('DATABASE_MIGRATION_URL is set without DATABASE_URL');
  });
});
