import { PGlite, types, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, quoteIdentifier, type Database, type Db } from './database';
import { initEmbeddedDataDir } from './initEmbeddedDataDir';
import * as schema from './schema';

/**
 * A photo goes to PGlite as a binary parameter, its bytes as they are. PGlite's own bytea serializer
 * builds one string per byte (about 250 ms of main-thread CPU per MB); even Node's hex encoder makes
 * a string twice the photo's size, which PGlite then measures character by character in JavaScript
 * and copies twice more. PGlite's bind message sends any value its serializer returns as an
 * ArrayBuffer view in binary format (PostgreSQL's bytearecv), so that is what this returns; the
 * declared type says string only because PGlite's typings do not mention that path.
 */
const byteaAsBinary = ((value: Uint8Array) => value) as unknown as (value: unknown) => string;

const keepText = (value: string) => value;

/**
 * What drizzle passes as `parsers` with every query it sends PGlite: dates, times and intervals (and
 * their arrays: numeric[], timestamp[], timestamptz[], interval[], date[]) left as PostgreSQL's text,
 * which drizzle maps itself.
 */
const DRIZZLE_PARSERS: Record<number, (value: string) => unknown> = {
  [types.TIMESTAMP]: keepText,
  [types.TIMESTAMPTZ]: keepText,
  [types.INTERVAL]: keepText,
  [types.DATE]: keepText,
  1231: keepText,
  1115: keepText,
  1185: keepText,
  1187: keepText,
  1182: keepText,
};

/** A query's own parsers when they add nothing to the instance's DRIZZLE_PARSERS: none. */
function withoutRedundantParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const oid in parsers) if (!(oid in DRIZZLE_PARSERS)) return options;
  return { ...options, parsers: undefined };
}

type PGliteClient = PGlite | Transaction;

/**
 * The client drizzle is given. PGlite merges a query's `parsers` into its own ~300 (one per type and
 * array type) on every query that has them: an object spread of 318 keys, which measured 80 µs and
 * about 80 KB of garbage a query, nearly a simple query's whole round trip (validate-code on this
 * engine: 1,700 → 2,050 requests/s without it). Drizzle passes the same nine parsers with every query, so
 * the instance holds them (openEmbeddedDatabase) and this client leaves them out; a query with any
 * other parser keeps its own. Transactions hand drizzle the same kind of client.
 */
function withInstanceParsers<Client extends PGliteClient>(client: Client): Client {
  const query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    client.query(text, params, withoutRedundantParsers(options))) as Client['query'];
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction' && target instanceof PGlite) {
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) => callback(withInstanceParsers(tx)));
      }
      const value: unknown = Reflect.get(target, property, target);
      // PGlite keeps its state in private fields, which only the object itself may reach.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** See openEmbeddedDatabase (database.ts), which loads this module. */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) initEmbeddedDataDir(dataDir);
  const client = await PGlite.create({
    dataDir,
    serializers: { [types.BYTEA]: byteaAsBinary },
    parsers: DRIZZLE_PARSERS,
    // 128 MB of shared buffers by default, held for the life of the process; this data set fits in far less.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=4MB'],
  });
  const drizzleClient = withInstanceParsers(client);
  const db = drizzlePglite({ client: drizzleClient, schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    dataDir,
    migrate: async () => {
      await migratePglite(drizzlePglite({ client: drizzleClient, schema }), { migrationsFolder });
    },
    // The simple protocol: one message, where query() sends five (parse, bind, describe, execute,
    // sync) and parses as many answers: 60 µs against 100 µs, on a route probes call in floods.
    ping: async () => {
      await client.exec('SELECT 1');
    },
    // A plain VACUUM leaves dead tuples' bytes in the pages' free space; VACUUM FULL writes each
    // table and its indexes anew and deletes the old files. CHECKPOINT then writes the new ones out
    // and lets the WAL segments that still hold the old values be recycled.
    forgetDeletedRows: async (tables) => {
      await client.exec(`VACUUM FULL ${tables.map(quoteIdentifier).join(', ')}`);
      if (dataDir) await client.exec('CHECKPOINT');
    },
    close: async () => {
      if (client.closed) return;
      // PGlite never fsyncs on its own: flush everything to the folder before letting go of it.
      if (dataDir) await client.exec('CHECKPOINT');
      await client.close();
    },
  };
}
