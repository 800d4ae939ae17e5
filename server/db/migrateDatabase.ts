import { postgresErrorIn } from './postgresErrors';
import { sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Settings } from '../config';
import { migrationsFolder, openPostgresDatabase, type Database } from './database';

/** When the newest migration in this release was made (drizzle records it with each migration applied). */
function newestMigrationMillis(): number {
  return Math.max(...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis));
}

/**
 * Whether this PostgreSQL database already has every migration of this release. Asked with reads
 * only, so a role that may read and write but not create (DATABASE_URL's, with two roles) can ask.
 */
async function everyMigrationApplied(database: Database): Promise<boolean> {
  const rowsOf = async <Row>(query: SQL) =>
    ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
  const [table] = await rowsOf<{ recorded: boolean }>(
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS "recorded"`,
  );
  if (!table?.recorded) return false;
  const [newest] = await rowsOf<{ millis: string | null }>(
    sql`SELECT max(created_at)::text AS "millis" FROM drizzle.__drizzle_migrations`,
  );
  return newest?.millis != null && Number(newest.millis) >= newestMigrationMillis();
}

/** A migration that DATABASE_URL's role was not allowed to apply, said with what to do about it. */
export class MigrationRoleError extends Error {
  constructor(cause: unknown) {
    super(
      'This release has migrations to apply, and the role of DATABASE_URL may not change the tables ' +
        '(permission denied): set DATABASE_MIGRATION_URL to the tables’ owner, or run ' +
        '`npm run db -- migrate` with it first (docs/upgrades.md).',
      { cause },
    );
    this.name = 'MigrationRoleError';
  }
}

function isPermissionDenied(error: unknown): boolean {
  return postgresErrorIn(error, ['42501']) !== undefined;
}

/**
 * Brings the database to this release's schema. On PostgreSQL with DATABASE_MIGRATION_URL, the
 * migrations run through that connection (the owner of the tables), which is closed again; the
 * server keeps only DATABASE_URL's, whose role cannot alter or disable what it does not own (the
 * audit trail's trigger). Without it, a database that is already up to date is left alone, so a
 * server whose role only reads and writes starts once the owner has migrated.
 */
export async function migrateDatabase(database: Database, settings: Settings): Promise<void> {
  if (database.engine !== 'postgres') return database.migrate();
  if (settings.databaseMigrationUrl) {
    const owner = await openPostgresDatabase(settings.databaseMigrationUrl);
    try {
      await owner.migrate();
    } finally {
      await owner.close();
    }
    return;
  }
  if (await everyMigrationApplied(database)) return;
  try {
    await database.migrate();
  } catch (error) {
    throw isPermissionDenied(error) ? new MigrationRoleError(error) : error;
  }
}
