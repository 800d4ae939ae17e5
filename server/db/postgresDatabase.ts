import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder, quoteIdentifier, type Database, type Db } from './database';
import * as schema from './schema';

/** See openPostgresDatabase (database.ts), which loads this module. */
export async function openNodePostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzleNodePostgres({ client: pool, schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    migrate: async () => {
      await migrateNodePostgres(drizzleNodePostgres({ client: pool, schema }), { migrationsFolder });
    },
    // Dead tuples are pruned from tables and indexes without locking out other sessions; their
    // bytes stay in free space until it is reused, and in WAL and backups (README, Privacy).
    forgetDeletedRows: async (tables) => {
      await db.execute(sql.raw(`VACUUM ${tables.map(quoteIdentifier).join(', ')}`));
    },
    ping: async () => {
      await db.execute(sql`SELECT 1`);
    },
    close: async () => {
      await pool.end();
    },
  };
}
