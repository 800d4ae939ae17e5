import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder, quoteIdentifier, type Database, type Db } from './database';
import * as schema from './schema';

/**
 * The advisory lock every instance takes around its migrations, so that instances started together
 * apply them one at a time: the first applies them, the others find them applied. A fixed number
 * (the ASCII of "becca-mg"), unlikely to meet another application's lock in a shared database.
 */
export const MIGRATION_LOCK_KEY = 0x62656363612d6d67n;
/** A request waits at most this long for a connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A pool whose checked-out clients give themselves back when their connection drops. Drizzle's
 * transaction checks a client out and sends BEGIN before its try/finally: a connection that drops
 * right then (a database restart) would never be released, and each such client is one connection
 * fewer until the pool has none (and `end()` waits for them for ever). Released on the drop, the
 * client is discarded; drizzle's own release later does nothing.
 */
class SelfReleasingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      error: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    // The callback form is pg-pool's own (pool.query), which releases its client on every outcome.
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const releaseOnce = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', releaseOnce);
        release(error);
      };
      client.on('error', releaseOnce);
      client.release = releaseOnce;
      return client;
    });
  }
}

/** See openPostgresDatabase (database.ts), which loads this module. */
export async function openNodePostgres(databaseUrl: string): Promise<Database> {
  const pool = new SelfReleasingPool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A connection whose server vanished without a word (a host gone, a cable pulled) is noticed.
    keepAlive: true,
  });
  // A connection that drops emits 'error' on its client. The pool listens only while the client is
  // idle; a client checked out by a transaction has no listener of the pool's, and an unheard
  // 'error' event ends the process. So every client listens for its whole life: the query in
  // flight fails with that error (the request answers 503) and the pool discards the client.
  const ignoreDroppedConnection = () => undefined;
  pool.on('connect', (client) => client.on('error', ignoreDroppedConnection));
  pool.on('error', ignoreDroppedConnection);
  const db = drizzleNodePostgres({ client: pool, schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    migrate: async () => {
      // One session holds the lock and applies the migrations: an advisory lock belongs to its session.
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
        try {
          await migrateNodePostgres(drizzleNodePostgres({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
        }
      } catch (error) {
        broken = error as Error;
        throw error;
      } finally {
        // A session that failed may still hold the lock: closing it is what lets the lock go.
        client.release(broken);
      }
    },
    // Dead tuples are pruned from tables and indexes without locking out other sessions; their
    // bytes stay in free space until it is reused, and in WAL and backups (docs/privacy.md).
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
