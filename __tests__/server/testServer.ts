import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { readSettings, type Settings } from '../../server/config';
import { openEmbeddedDatabase, openPostgresDatabase, type Database } from '../../server/db/database';

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

/** Every server test runs on the embedded engine, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const engines: Engine[] = [
  { name: 'pglite', open: () => openEmbeddedDatabase(undefined) },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'postgres' as const, open: () => openFreshPostgres(process.env.TEST_DATABASE_URL!) }]
    : []),
];

/** A stand-in web build: the real one is exercised by the end-to-end tests. */
export function makeWebRoot(): string {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'becca-web-'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"></head><body><div id="root"></div></body></html>',
  );
  fs.mkdirSync(path.join(webRoot, 'js'));
  fs.writeFileSync(path.join(webRoot, 'js', 'main.0123456789ab.js'), 'console.log("app")');
  return webRoot;
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  settings: Settings;
  close(): Promise<void>;
}

export async function startTestServer(
  engine: Engine,
  overrides: Partial<Settings> = {},
): Promise<TestServer> {
  const database = await engine.open();
  await database.migrate();
  const settings = { ...readSettings({}), webRoot: makeWebRoot(), ...overrides };
  const app = await buildApp({ settings, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    settings,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(settings.webRoot, { recursive: true, force: true });
    },
  };
}
