import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

jest.setTimeout(120_000);

const migrationsFolder = path.join(__dirname, '../../server/db/migrations');

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const journal = () =>
  (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;

/**
 * Drizzle's migrator applies a migration only when its journal `when` is later than the `created_at`
 * of the last migration the database recorded: an entry whose `when` is earlier than the one before
 * it runs on a fresh database and is skipped, silently, on every database already past that one.
 */
test('the journal lists every migration file once, each later than the one before', () => {
  const entries = journal();
  const files = fs.readdirSync(migrationsFolder).filter((file) => file.endsWith('.sql'));
  expect(entries.map((entry) => `${entry.tag}.sql`).sort()).toEqual(files.sort());
  entries.forEach((entry, i) => {
    expect(entry.idx).toBe(i);
    if (i > 0) expect(entry.when).toBeGreaterThan(entries[i - 1]!.when);
  });
});

test('a database migrated by an earlier release gets each later migration', async () => {
  const entries = journal();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'becca-migrations-'));
  const client = await PGlite.create();
  try {
    // As the release before the newest migration shipped it.
    fs.mkdirSync(path.join(folder, 'meta'));
    for (const entry of entries.slice(0, -1)) {
      fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    }
    fs.writeFileSync(
      path.join(folder, 'meta/_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries: entries.slice(0, -1) }),
    );
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: folder });
    await migrate(db, { migrationsFolder });
    const { rows } = await client.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
    );
    expect(rows[0]!.count).toBe(entries.length);
  } finally {
    await client.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
