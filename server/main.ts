import path from 'node:path';
import { readSettings, type Settings } from './config';
import { buildApp } from './app';
import { openEmbeddedDatabase, openPostgresDatabase, type Database } from './db/database';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './dataDirLock';
import { buildWebApp, isWebBuildStale } from './webBuild';

const projectRoot = path.resolve(__dirname, '..');

async function openDatabase(settings: Settings): Promise<{ database: Database; lock?: DataDirLock }> {
  if (settings.databaseUrl) return { database: await openPostgresDatabase(settings.databaseUrl) };
  const lock = acquireDataDirLock(settings.dataDir);
  try {
    return { database: await openEmbeddedDatabase(settings.dataDir), lock };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function main() {
  const settings = readSettings();
  if (process.env.SKIP_WEB_BUILD !== '1' && isWebBuildStale(projectRoot, settings.webRoot)) {
    console.log('Building the web app (first start or sources changed)…');
    buildWebApp(projectRoot);
  }

  const { database, lock } = await openDatabase(settings);
  await database.migrate();
  const app = await buildApp({ settings, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests, then closing the database`);
    try {
      await app.close();
      await database.close();
    } finally {
      lock?.release();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: settings.port, host: settings.host });
  lock?.update({ adminUrl: address });
  const storage = database.engine === 'pglite' ? `embedded database in ${settings.dataDir}` : 'PostgreSQL';
  console.log(`Becca is running on ${address.replace('127.0.0.1', 'localhost')} (${storage})`);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Becca could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
