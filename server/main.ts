import type { AddressInfo } from 'node:net';
import { readSettings, type Settings } from './config';
import { buildApp } from './app';
import { openEmbeddedDatabase, openPostgresDatabase, type Database } from './db/database';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './dataDirLock';
import { countInviteCodes, createInviteCode } from './invites/inviteCodeStore';
import { removeAdminToken, writeAdminToken } from './operator/adminToken';
import { installShutdown } from './shutdown';
import { framedBlock, openLogOutput } from './logging/logOutput';
import { loggerOptions } from './logging/requestLogging';

const FIRST_INVITE_USES = 10;

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

/** The Redis client is loaded only when REDIS_URL asks for it: most servers never hold its code. */
async function connectRedis(url: string) {
  const { Redis } = await import('ioredis');
  return new Redis(url, { maxRetriesPerRequest: 1 });
}

/** A newcomer can try the whole flow at once: an empty invite table gets one code, printed once. */
async function createFirstInviteCode(database: Database): Promise<string | undefined> {
  if ((await countInviteCodes(database.db)) > 0) return undefined;
  const row = await createInviteCode(database.db, { maxUses: FIRST_INVITE_USES, label: 'first start' });
  return row.code;
}

/** Where this machine's operator commands can reach us: loopback even when listening on all interfaces. */
function loopbackUrl(address: AddressInfo): string {
  const host =
    address.family === 'IPv6'
      ? address.address === '::'
        ? '[::1]'
        : `[${address.address}]`
      : address.address;
  return `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`;
}

async function main() {
  const settings = readSettings();
  const { database, lock } = await openDatabase(settings);
  await database.migrate();
  const firstInviteCode = await createFirstInviteCode(database);
  const redis = settings.redisUrl ? await connectRedis(settings.redisUrl) : undefined;
  const adminToken = lock ? writeAdminToken(settings.dataDir) : undefined;
  const output = openLogOutput({ format: settings.logFormat, noColour: settings.noColour });
  const logger = loggerOptions(settings, output.stream);
  const app = await buildApp({ settings, database, redis, adminToken, logger });

  installShutdown({
    app,
    closeDatabase: () => database.close(),
    flushLogs: output.flush,
    releaseResources: () => {
      redis?.disconnect();
      if (lock) {
        removeAdminToken(settings.dataDir);
        lock.release();
      }
    },
  });

  await app.listen({ port: settings.port, host: settings.host });
  const address = app.server.address() as AddressInfo;
  lock?.update({ adminUrl: loopbackUrl(address) });
  const storage = database.engine === 'pglite' ? `embedded database in ${settings.dataDir}` : 'PostgreSQL';
  output.print(`Becca is running on http://${settings.host}:${address.port} (${storage})\n`);
  if (firstInviteCode) {
    // Printed for the operator, never logged: log records end up in places a code should not.
    output.print(
      framedBlock([
        `Your first invite code (${FIRST_INVITE_USES} uses): ${firstInviteCode}`,
        `Try it at http://${settings.host}:${address.port}/join?code=${firstInviteCode}`,
        'List and create codes with: npm run invite -- list | create',
      ]),
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Becca could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
