import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';

jest.setTimeout(120_000);

const migrationsFolder = path.join(__dirname, '../../server/db/migrations');

/** The migrations folder as it was before 0001: only the initial schema in its journal. */
function initialOnlyFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'becca-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.copyFileSync(path.join(migrationsFolder, '0000_initial.sql'), path.join(folder, '0000_initial.sql'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.tag === '0000_initial');
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  return folder;
}

test('0001 migrates a database that already has members: codes get 30 days, onboarded keeps its time', async () => {
  const folder = initialOnlyFolder();
  const client = await PGlite.create();
  const db = drizzle({ client });
  try {
    await migrate(db, { migrationsFolder: folder });
    await client.exec(`
      INSERT INTO invite_codes (code, max_uses) VALUES ('OLDCODE234', 5);
      INSERT INTO users (first_name, last_name, age, location, phone, occupation, invite_code, linking_code, status, created_at)
      VALUES ('Old', 'Member', 40, 'London', '+447911100001', 'x', 'OLDCODE234', 'AAAAAAAA', 'registered', now() - interval '90 days'),
             ('Early', 'Bird', 30, 'Leeds', '+447911100002', 'y', 'OLDCODE234', 'BBBBBBBB', 'onboarded', now() - interval '10 days');
    `);

    await migrate(db, { migrationsFolder });

    const { rows } = await client.query<{
      linking_code: string;
      status: string;
      days_left: number;
      onboarded_matches_registration: boolean | null;
      linked_at: Date | null;
    }>(`
      SELECT linking_code, status, linked_at,
             round(extract(epoch FROM linking_code_expires_at - now()) / 86400)::int AS days_left,
             onboarded_at = created_at AS onboarded_matches_registration
      FROM users ORDER BY linking_code`);
    expect(rows).toEqual([
      {
        linking_code: 'AAAAAAAA',
        status: 'registered',
        linked_at: null,
        days_left: 30,
        onboarded_matches_registration: null,
      },
      {
        linking_code: 'BBBBBBBB',
        status: 'onboarded',
        linked_at: null,
        days_left: 30,
        onboarded_matches_registration: true,
      },
    ]);
    const outbox = await db.execute(sql`SELECT count(*)::int AS n FROM webhook_events`);
    expect(outbox.rows).toEqual([{ n: 0 }]);
  } finally {
    await client.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
