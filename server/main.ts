import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { readSettings, type Settings } from './config';
import { buildApp } from './app';
import { openEmbeddedDatabase, openPostgresDatabase, type Database } from './db/database';
import { migrateDatabase } from './db/migrateDatabase';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './dataDirLock';
import { countInviteCodes, createInviteCode } from './invites/inviteCodeStore';
import { removeAdminToken, writeAdminToken } from './operator/adminToken';
import { installShutdown } from './shutdown';
import { isDatabaseUnavailable } from './db/databaseOutage';
import { Readiness } from './readiness';
import { createRedisClient, watchRedis } from './redisClient';
import { framedBlock, openLogOutput } from './logging/logOutput';
import { loggerOptions } from './logging/requestLogging';

const FIRST_INVITE_USES = 10;
/** Waits between attempts to reach a PostgreSQL that does not answer at start: 1 s, 2 s, … then 5 s. */
const MAX_CONNECT_RETRY_MS = 5_000;
/** Taken by the instance that looks for an empty invite table, so instances started together make one code. */
const FIRST_INVITE_LOCK_KEY = 0x62656363612d6663n;

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

/** A newcomer can try the whole flow at once: an empty invite table gets one code, printed once. */
async function createFirstInviteCode(database: Database): Promise<string | undefined> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_INVITE_LOCK_KEY.toString()}::bigint)`);
    if ((await countInviteCodes(tx)) > 0) return undefined;
    const row = await createInviteCode(tx, { maxUses: FIRST_INVITE_USES, label: 'first start' });
    return row.code;
  });
}

/**
 * Migrations (under PostgreSQL's advisory lock: instances started together take turns) and the first
 * invite code. A PostgreSQL that does not answer yet is waited for, with a log line each attempt,
 * while /health/live answers and /health says 503; any other failure (a wrong password) ends the start.
 */
async function prepareDatabase(
  database: Database,
  settings: Settings,
  log: FastifyBaseLogger,
): Promise<string | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await migrateDatabase(database, settings);
      return await createFirstInviteCode(database);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const retryMs = Math.min(attempt * 1_000, MAX_CONNECT_RETRY_MS);
      log.warn(
        { err: error, attempt, retryMs },
        `PostgreSQL does not answer at start: trying again in ${retryMs / 1000} s (/health answers 503 meanwhile)`,
      );
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }
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
  // The embedded database is this process's own: migrated before anything listens. PostgreSQL may be
  // shared, busy migrating for another instance, or not up yet: that is waited for while listening.
  const embedded = database.engine === 'pglite';
  let firstInviteCode: string | undefined;
  if (embedded) {
    await migrateDatabase(database, settings);
    firstInviteCode = await createFirstInviteCode(database);
  }
  const readiness = new Readiness({ migrated: embedded });
  const redis = settings.redisUrl ? await createRedisClient(settings.redisUrl) : undefined;
  const adminToken = lock ? writeAdminToken(settings.dataDir) : undefined;
  const output = openLogOutput({ format: settings.logFormat, noColour: settings.noColour });
  const logger = loggerOptions(settings, output.stream);
  const app = await buildApp({ settings, database, redis, adminToken, logger, readiness });
  if (redis) {
    watchRedis(redis, app.log);
    // Rate limits count nothing until it answers; the client keeps trying in the background.
    redis.connect().catch(() => undefined);
  }

  installShutdown({
    app,
    closeDatabase: () => database.close(),
    flushLogs: output.flush,
    readiness,
    drainMs: settings.shutdownDrainMs,
    releaseResources: () => {
      redis?.disconnect();
      if (lock) {
        removeAdminToken(settings.dataDir);
        lock.release();
      }
    },
  });

  await app.listen({ port: settings.port, host: settings.host });
  if (!embedded) {
    firstInviteCode = await prepareDatabase(database, settings, app.log);
    readiness.migrated = true;
  }
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
