import { PGlite, types } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { databaseArchive } from './dataDirArchive';
import { migrationsFolder, quoteIdentifier, type Database, type Db } from './database';
import { initEmbeddedDataDir } from './initEmbeddedDataDir';
import * as schema from './schema';

/**
 * A photo goes to PGlite as a binary parameter, its bytes as they are. PGlite's own bytea serializer
 * builds one string per byte, on the main thread; even Node's hex encoder makes
 * a string twice the photo's size, which PGlite then measures character by character in JavaScript
 * and copies twice more. PGlite's bind message sends any value its serializer returns as an
 * ArrayBuffer view in binary format (PostgreSQL's bytearecv), so that is what this returns; the
 * declared type says string only because PGlite's typings do not mention that path.
 */
const byteaAsBinary = ((value: Uint8Array) => value) as unknown as (value: unknown) => string;

/** See openEmbeddedDatabase (database.ts), which loads this module. */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) initEmbeddedDataDir(dataDir);
  const client = await PGlite.create({
    dataDir,
    serializers: { [types.BYTEA]: byteaAsBinary },
    // 128 MB of shared buffers by default, held for the life of the process; this data set fits in far less.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=4MB'],
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    dataDir,
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    // The simple protocol: one message, where query() sends five (parse, bind, describe, execute,
    // sync) and parses as many answers, on a route probes call in floods.
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
    // A checkpoint first, so a restore has little WAL to replay. Then the tarball is written while
    // no transaction is open (PGlite's transaction lock) and no statement runs (dumpDataDir takes
    // the query lock): the files hold every committed transaction and nothing of an unfinished one,
    // which is what PostgreSQL recovers from after a crash.
    dumpDataDir: async () => {
      await client.exec('CHECKPOINT');
      const tar = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
      return databaseArchive(new Uint8Array(await tar.arrayBuffer()));
    },
    close: async () => {
      if (client.closed) return;
      // PGlite never fsyncs on its own: flush everything to the folder before letting go of it.
      if (dataDir) await client.exec('CHECKPOINT');
      await client.close();
    },
  };
}
