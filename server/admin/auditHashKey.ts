import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { serverSecrets } from '../db/schema';
import { readOrCreateServerSecret } from '../db/serverSecret';

/**
 * The key of the audit trail's phone hashes (`phone:<HMAC>` targets). A hash of a phone number can be
 * reversed by whoever holds its key, by hashing every possible number (a country's numbers are a few
 * billion): kept beside the rows, as it once was (`server_secrets.audit_salt`), a dump of the database
 * reversed every target, an erased member's too. So the key lives outside the database:
 * `AUDIT_HASH_KEY` (from a secret store), or on the embedded engine a file in DATA_DIR (0600).
 */
export const AUDIT_HASH_KEY_FILE = 'audit-hash-key';
/** Where the key used to be kept; it is moved out (embedded) or deleted (AUDIT_HASH_KEY set). */
const DATABASE_SALT = 'audit_salt';

export type AuditHashKey = () => Promise<string>;

export interface AuditHashKeyOptions {
  db: Db;
  /** AUDIT_HASH_KEY, when set. */
  configured: string | undefined;
  /** The embedded database's folder, where the key file lives; undefined on PostgreSQL (or in memory). */
  dataDir: string | undefined;
}

async function databaseSalt(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, DATABASE_SALT));
  return row?.value;
}

const forgetDatabaseSalt = (db: Db) => db.delete(serverSecrets).where(eq(serverSecrets.name, DATABASE_SALT));

/**
 * The file's key, made on first use. A database that already had a salt hands it over, so the rows
 * hashed with it are still found by number; then the database forgets it.
 */
async function keyFile(db: Db, dataDir: string): Promise<string> {
  const file = path.join(dataDir, AUDIT_HASH_KEY_FILE);
  if (!fs.existsSync(file)) {
    const key = (await databaseSalt(db)) ?? randomBytes(32).toString('base64url');
    try {
      fs.writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = fs.readFileSync(file, 'utf8').trim();
  if (!key) throw new Error(`${file} is empty: restore it from a backup, or delete it to start a new key`);
  await forgetDatabaseSalt(db);
  return key;
}

async function resolveKey({ db, configured, dataDir }: AuditHashKeyOptions): Promise<string> {
  if (configured) {
    // Rows hashed with the old salt can no longer be matched by number, by anyone: they read as
    // anonymous targets (set AUDIT_HASH_KEY to the old salt's value to keep them findable).
    await forgetDatabaseSalt(db);
    return configured;
  }
  if (dataDir) return keyFile(db, dataDir);
  // PostgreSQL without AUDIT_HASH_KEY: the salt in the database, as before (the server warns at start).
  return readOrCreateServerSecret(db, DATABASE_SALT);
}

/** The key, worked out on first use and kept; a failure (a database hiccup) is retried next time. */
export function auditHashKey(options: AuditHashKeyOptions): AuditHashKey {
  let key: Promise<string> | undefined;
  return () => {
    if (!key) {
      key = resolveKey(options);
      key.catch(() => (key = undefined));
    }
    return key;
  };
}

/** Whether a dump of the database alone can reverse the trail's phone hashes (PostgreSQL, no key). */
export const keyIsInTheDatabase = (options: Omit<AuditHashKeyOptions, 'db'>): boolean =>
  !options.configured && !options.dataDir;
