import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from '../../server/app';
import { readSettings, type Settings } from '../../server/config';
import { openEmbeddedDatabase, openPostgresDatabase, type Database } from '../../server/db/database';
import { loggerOptions } from '../../server/logging/requestLogging';

export interface Engine {
  name: 'pglite' | 'postgres';
  open(): Promise<Database>;
}

/** A fresh database per test file on a real PostgreSQL, dropped again on close. */
async function openFreshPostgres(baseUrl: string): Promise<Database> {
  const name = `becca_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openPostgresDatabase(url.toString());
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

const migrationsFolder = path.join(__dirname, '../../server/db/migrations');
const templateCache = path.join(__dirname, '../../node_modules/.cache/becca-tests');
let pgliteTemplate: Promise<string> | undefined;

/**
 * A migrated PGlite database folder, made once per checkout for these migrations and this PGlite.
 * Every new PGlite database runs initdb, which takes seconds on a busy 2-core machine; a copy of
 * this folder opens in a fraction of a second. It is a cache, so it lives with the other caches in
 * node_modules/.cache (gone with the next `npm ci`), not in the temporary folder a run deletes.
 */
function migratedPgliteTemplate(): Promise<string> {
  pgliteTemplate ??= (async () => {
    const hash = createHash('sha256');
    const pglitePackage = path.join(__dirname, '../../node_modules/@electric-sql/pglite/package.json');
    hash.update(fs.readFileSync(pglitePackage));
    for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
      const full = path.join(migrationsFolder, file);
      if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
    }
    const template = path.join(templateCache, `pglite-template-${hash.digest('hex').slice(0, 16)}`);
    if (fs.existsSync(path.join(template, 'PG_VERSION'))) return template;
    fs.mkdirSync(templateCache, { recursive: true });
    const building = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const database = await openEmbeddedDatabase(building);
    await database.migrate();
    await database.close();
    try {
      fs.renameSync(building, template); // atomic: another worker may have won the race
    } catch {
      fs.rmSync(building, { recursive: true, force: true });
    }
    // Templates of earlier migrations are never used again (40 MB each).
    for (const name of fs.readdirSync(templateCache)) {
      if (/^pglite-template-[0-9a-f]+$/.test(name) && name !== path.basename(template)) {
        fs.rmSync(path.join(templateCache, name), { recursive: true, force: true });
      }
    }
    return template;
  })();
  return pgliteTemplate;
}

/** A fresh embedded database per test file: a copy of the migrated template, deleted on close. */
async function openFreshPglite(): Promise<Database> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'becca-pglite-'));
  fs.cpSync(await migratedPgliteTemplate(), dataDir, { recursive: true });
  const database = await openEmbeddedDatabase(dataDir);
  return {
    ...database,
    close: async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every server test runs on the embedded engine, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const engines: Engine[] = [
  { name: 'pglite', open: openFreshPglite },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'postgres' as const, open: () => openFreshPostgres(process.env.TEST_DATABASE_URL!) }]
    : []),
];

/** A stand-in web build: the real one is exercised by the end-to-end tests. */
export function makeWebRoot(): string {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'becca-web-'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head>' +
      // Large enough (over 1 KB) to be worth compressing, like a real page.
      `<meta name="description" content="${'Becca introduces you to the right people. '.repeat(40)}">` +
      '</head><body><div id="root"></div>' +
      // Minified as the build writes it: a data block, never run, so never hashed.
      '<script type=application/json id=app-scripts>["/js/main.0123456789ab.js"]</script>' +
      '<script>document.documentElement.dataset.booted = "yes";</script>' +
      '</body></html>',
  );
  fs.mkdirSync(path.join(webRoot, 'js'));
  const script = path.join(webRoot, 'js', 'main.0123456789ab.js');
  fs.writeFileSync(script, 'console.log("app")');
  // As scripts/precompress.ts leaves it: compressed copies beside the text files.
  fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(fs.readFileSync(script)));
  fs.writeFileSync(`${script}.gz`, zlib.gzipSync(fs.readFileSync(script)));
  fs.writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return webRoot;
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  settings: Settings;
  close(): Promise<void>;
}

export interface TestServerExtras {
  /** Shared rate-limit counters, as `buildApp` takes them. */
  redis?: Redis;
  /** Serves the loopback admin routes with this token. */
  adminToken?: string;
  /** Another server's database: a second app on the same data, left open when this one closes. */
  database?: Database;
  /** Log with the server's own pino options (at the settings' level) into this array, a line each. */
  logLines?: string[];
}

export async function startTestServer(
  engine: Engine,
  overrides: Partial<Settings> = {},
  { redis, adminToken, database: sharedDatabase, logLines }: TestServerExtras = {},
): Promise<TestServer> {
  const database = sharedDatabase ?? (await engine.open());
  if (!sharedDatabase) await database.migrate();
  const settings = { ...readSettings({}), webRoot: makeWebRoot(), ...overrides };
  const logger = logLines
    ? loggerOptions(settings, { write: (line: string) => void logLines.push(line) })
    : false;
  const app = await buildApp({ settings, database, logger, redis, adminToken });
  await app.ready();
  return {
    app,
    database,
    settings,
    close: async () => {
      await app.close();
      if (!sharedDatabase) await database.close();
      fs.rmSync(settings.webRoot, { recursive: true, force: true });
    },
  };
}
