import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import {
  createFreshPostgresDatabase,
  killLeftoverProcesses,
  makeTempDir,
  runProjectScript,
  startServerProcess,
} from './realServerProcess';
import { makeJpeg } from './registrationTraffic';

// A database of the first release, then today's server and commands on it: real processes.
jest.setTimeout(300_000);
afterAll(killLeftoverProcesses);

const migrationsFolder = path.join(__dirname, '../../server/db/migrations');
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

/** The migrations folder as the release that ended with `lastTag` shipped it (the committed files). */
function migrationsUpTo(lastTag: string): string {
  const folder = makeTempDir('becca-old-migrations');
  fs.mkdirSync(path.join(folder, 'meta'));
  const entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === lastTag) + 1);
  for (const { tag } of entries) {
    fs.copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

/** A database as an old release left it: migrated to `lastTag` by that release's migrations. */
interface OldDatabase {
  migrateTo(lastTag: string): Promise<void>;
  exec(statements: string): Promise<void>;
  query<Row>(text: string): Promise<Row[]>;
  close(): Promise<void>;
}

interface Target {
  name: string;
  /** The folder or database, and the environment that points a server or command at it. */
  make(): Promise<{ env: NodeJS.ProcessEnv; open(): Promise<OldDatabase>; drop(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'the embedded database',
    make: async () => {
      const dataDir = makeTempDir('becca-old-data');
      return {
        env: { DATA_DIR: dataDir },
        open: async () => {
          const client = await PGlite.create({ dataDir });
          const db = drizzlePglite({ client });
          return {
            migrateTo: (tag) => migratePglite(db, { migrationsFolder: migrationsUpTo(tag) }),
            exec: async (statements) => void (await client.exec(statements)),
            query: async <Row>(text: string) => (await client.query<Row>(text)).rows,
            close: async () => {
              await client.exec('CHECKPOINT');
              await client.close();
            },
          };
        },
        drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'PostgreSQL',
          make: async () => {
            const database = await createFreshPostgresDatabase(process.env.TEST_DATABASE_URL!);
            return {
              env: { DATABASE_URL: database.url, DATA_DIR: makeTempDir('becca-old-pg') },
              open: async (): Promise<OldDatabase> => {
                const pool = new pg.Pool({ connectionString: database.url, max: 1 });
                const db = drizzleNodePostgres({ client: pool });
                return {
                  migrateTo: (tag) => migrateNodePostgres(db, { migrationsFolder: migrationsUpTo(tag) }),
                  exec: async (statements) => void (await pool.query(statements)),
                  query: async <Row>(text: string) => (await pool.query(text)).rows as Row[],
                  close: () => pool.end(),
                };
              },
              drop: () => database.drop(),
            };
          },
        },
      ]
    : []),
];

const MEMBER_ID = '6f0d1c2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
const OTHER_ID = '7a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d';
const accessToken = randomBytes(32).toString('base64url');
const tokenHash = createHash('sha256').update(accessToken).digest('hex');

describe.each(targets)('a database of the first release, upgraded by today’s server, on $name', (target) => {
  let made: Awaited<ReturnType<Target['make']>>;
  let photo: Buffer;

  beforeAll(async () => {
    photo = await makeJpeg(320, 240);
    made = await target.make();
    const old = await made.open();
    try {
      // The first release: 0000_initial alone, filled with SQL of that schema.
      await old.migrateTo(journal.entries[0]!.tag);
      await old.exec(`
        INSERT INTO invite_codes (code, label, max_uses, uses, created_at) VALUES
          ('OLDCODE234', 'launch party', 10, 2, '2026-01-10T10:00:00Z'),
          ('SPARECODE2', NULL, 1, 0, '2026-01-11T10:00:00Z');
        INSERT INTO users (id, first_name, last_name, age, location, phone, occupation, looking_for, interests,
                           invite_code, linking_code, status, created_at) VALUES
          ('${MEMBER_ID}', 'Ada', 'Lovelace', 36, 'London', '+447911100701', 'Mathematician',
           '{Friendship}', '{Chess}', 'OLDCODE234', 'LINKAAAA', 'registered', '2026-01-12T10:00:00Z'),
          ('${OTHER_ID}', 'Grace', 'Hopper', 40, 'Arlington', '+447911100702', 'Admiral',
           '{Co-Founder}', '{}', 'OLDCODE234', 'LINKBBBB', 'onboarded', '2026-01-13T10:00:00Z');
        INSERT INTO user_photos (user_id, position, bytes, mime, width, height) VALUES
          ('${MEMBER_ID}', 0, decode('${photo.toString('hex')}', 'hex'), 'image/jpeg', 320, 240);
        INSERT INTO network_entries (user_id, kind, name, location, x, y, position) VALUES
          ('${MEMBER_ID}', 'group', 'Chess club', 'Camden', 0.25, 0.5, 0),
          ('${MEMBER_ID}', 'person', 'Charles', 'Marylebone', 0.75, 0.25, 1);
        INSERT INTO access_tokens (token_hash, user_id, expires_at) VALUES
          ('${tokenHash}', '${MEMBER_ID}', now() + interval '30 days');
        INSERT INTO nominations (nominated_by, first_name, last_name, instagram, phone) VALUES
          ('${MEMBER_ID}', 'Mary', 'Somerville', '@mary', '+447911100703');
        INSERT INTO waitlist (phone, name) VALUES ('+447911100704', 'Waiting Wendy');
      `);
      // The first release with webhook events (0001): one waiting in the outbox.
      await old.migrateTo(journal.entries[1]!.tag);
      await old.exec(`
        INSERT INTO webhook_events (id, type, body) VALUES
          ('msg_oldevent0000000000001', 'member.registered',
           '{"type":"member.registered","timestamp":"2026-01-12T10:00:00.000Z","data":{"user_id":"${MEMBER_ID}"}}');
      `);
    } finally {
      await old.close();
    }
  });

  afterAll(async () => {
    await made?.drop();
  });

  test('today’s server migrates it and serves every member, photo, code and event it held', async () => {
    const server = await startServerProcess({ dataDir: made.env.DATA_DIR!, env: made.env });
    try {
      const bearer = { authorization: `Bearer ${accessToken}` };
      const profile = await fetch(`${server.url}/api/me`, { headers: bearer });
      expect(profile.status).toBe(200);
      expect(await profile.json()).toMatchObject({
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone: '+447911100701',
      });
      const exported = (await (await fetch(`${server.url}/api/me/export`, { headers: bearer })).json()) as {
        photos: { data_url: string }[];
        nominations: { first_name: string }[];
      };
      expect(exported.photos.map((one) => one.data_url)).toEqual([
        `data:image/jpeg;base64,${photo.toString('base64')}`,
      ]);
      expect(exported.nominations.map((one) => one.first_name)).toEqual(['Mary']);
      const code = (await (await fetch(`${server.url}/api/auth/validate-code/OLDCODE234`)).json()) as {
        valid: boolean;
      };
      expect(code.valid).toBe(true);

      // The operator's commands, through the running server (or in-process on PostgreSQL).
      const members = await runProjectScript('server/cli/membersCommand.ts', ['list'], made.env);
      expect(members.code).toBe(0);
      expect(members.stdout).toContain(MEMBER_ID);
      expect(members.stdout).toContain(OTHER_ID);
      const events = await runProjectScript('server/cli/webhooksCommand.ts', ['list'], made.env);
      expect(events.code).toBe(0);
      expect(events.stdout).toContain('msg_oldevent0000000000001');
    } finally {
      expect(await server.stop()).toEqual({ code: 0, signal: null });
    }

    const upgraded = await made.open();
    try {
      const applied = await upgraded.query<{ n: string }>(
        'SELECT count(*)::text AS n FROM drizzle.__drizzle_migrations',
      );
      expect(Number(applied[0]!.n)).toBe(journal.entries.length);
      expect(
        await upgraded.query('SELECT id, first_name, phone, invite_code, status FROM users ORDER BY phone'),
      ).toEqual([
        {
          id: MEMBER_ID,
          first_name: 'Ada',
          phone: '+447911100701',
          invite_code: 'OLDCODE234',
          status: 'registered',
        },
        {
          id: OTHER_ID,
          first_name: 'Grace',
          phone: '+447911100702',
          invite_code: 'OLDCODE234',
          status: 'onboarded',
        },
      ]);
      const photos = await upgraded.query<{ hex: string }>(
        "SELECT encode(bytes, 'hex') AS hex FROM user_photos",
      );
      expect(photos).toEqual([{ hex: photo.toString('hex') }]);
      // The launch party's code was not minted at registration, so 0004 leaves it valid.
      expect(
        await upgraded.query(
          "SELECT code, uses, max_uses, revoked_at IS NULL AS live FROM invite_codes WHERE code IN ('OLDCODE234', 'SPARECODE2') ORDER BY code",
        ),
      ).toEqual([
        { code: 'OLDCODE234', uses: 2, max_uses: 10, live: true },
        { code: 'SPARECODE2', uses: 0, max_uses: 1, live: true },
      ]);
      expect(await upgraded.query('SELECT id, type, status FROM webhook_events ORDER BY id')).toEqual([
        { id: 'msg_oldevent0000000000001', type: 'member.registered', status: 'pending' },
      ]);
      expect(await upgraded.query('SELECT count(*)::int AS n FROM network_entries')).toEqual([{ n: 2 }]);
      expect(await upgraded.query('SELECT name FROM waitlist')).toEqual([{ name: 'Waiting Wendy' }]);
      expect(await upgraded.query('SELECT count(*)::int AS n FROM access_tokens')).toEqual([{ n: 1 }]);
    } finally {
      await upgraded.close();
    }
  });
});
