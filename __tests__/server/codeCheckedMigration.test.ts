import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

jest.setTimeout(120_000);

const migrationsFolder = path.join(__dirname, '../../server/db/migrations');

/** The migrations folder as a deployment had it before 0007: every migration up to `lastTag`. */
function foldersUpTo(lastTag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'becca-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  journal.entries = journal.entries.slice(0, last + 1);
  for (const { tag } of journal.entries) {
    fs.copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  return folder;
}

test('0007 reaches a database already at 0004: a code someone registered with counts as checked then', async () => {
  const folder = foldersUpTo('0004_trust_at_the_door');
  const client = await PGlite.create();
  const db = drizzle({ client });
  try {
    await migrate(db, { migrationsFolder: folder });
    await client.exec(`
      INSERT INTO invite_codes (code, max_uses) VALUES ('USEDCODE23', 5), ('IDLECODE23', 1);
      INSERT INTO users (first_name, last_name, age, location, phone, occupation, invite_code, linking_code, created_at)
      VALUES ('Early', 'Bird', 30, 'Leeds', '+447911100002', 'y', 'USEDCODE23', 'BBBBBBBB', '2026-03-04T05:06:07Z'),
             ('Late', 'Comer', 40, 'York', '+447911100003', 'z', 'USEDCODE23', 'CCCCCCCC', '2026-05-06T07:08:09Z');
    `);

    await migrate(db, { migrationsFolder });

    const { rows } = await client.query<{ code: string; first_checked_at: Date | null }>(
      'SELECT code, first_checked_at FROM invite_codes ORDER BY code',
    );
    expect(rows).toEqual([
      { code: 'IDLECODE23', first_checked_at: null },
      { code: 'USEDCODE23', first_checked_at: new Date('2026-03-04T05:06:07Z') },
    ]);
  } finally {
    await client.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
