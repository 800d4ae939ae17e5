import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** The embedded database's folder (DATA_DIR); undefined on PostgreSQL and for one in memory. */
  dataDir?: string;
  migrate(): Promise<void>;
  /** A trivial round trip, for /health. */
  ping(): Promise<void>;
  /**
   * After rows holding personal data were deleted (an erasure): make the database let go of their
   * bytes in these tables (see docs/privacy.md for what each engine keeps).
   */
  forgetDeletedRows(tables: readonly string[]): Promise<void>;
  /**
   * The embedded database's files as a gzipped tarball, as of one moment between transactions
   * (`npm run db -- backup`); PostgreSQL has none (pg_dump backs it up).
   */
  dumpDataDir?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(__dirname, 'migrations');

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

// Each engine's driver is loaded when that engine is opened, never both: a server on the embedded
// database does not hold the PostgreSQL client's code and objects, nor one on PostgreSQL PGlite's.
// require, not import(): Playwright's TypeScript transform hands import() to Node, which cannot
// load a .ts file; esbuild's bundle still runs each module only when it is first required.

/**
 * Embedded PGlite in `dataDir` (or in memory when dataDir is undefined), used by default and in tests.
 * PGlite is one connection: it runs queries and transactions one at a time, which is what serialises
 * concurrent registrations on the embedded engine.
 */
export async function openEmbeddedDatabase(dataDir: string | undefined): Promise<Database> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { openPglite } = require('./embeddedDatabase') as typeof import('./embeddedDatabase');
  return openPglite(dataDir);
}

/** PostgreSQL at `databaseUrl`, through a pool of node-postgres connections. */
export async function openPostgresDatabase(databaseUrl: string): Promise<Database> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { openNodePostgres } = require('./postgresDatabase') as typeof import('./postgresDatabase');
  return openNodePostgres(databaseUrl);
}
