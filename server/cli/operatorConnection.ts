import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { readSettings } from '../config';
import { acquireDataDirLock, readLockOwner } from '../dataDirLock';
import { openEmbeddedDatabase, openPostgresDatabase, type Database } from '../db/database';
import { readAdminToken } from '../operator/adminToken';
import { serverMemberCommands } from '../operator/memberOperatorCommands';
import { serverOperatorAccountCommands } from '../operator/operatorAccountCommands';
import { databaseOperatorCommands, type OperatorCommands } from '../operator/operatorCommands';
import { serverPrivacyCommands } from '../operator/privacyOperatorCommands';
import { failureText, printError } from './operatorOutput';

export interface OperatorConnection {
  commands: OperatorCommands;
  close(): Promise<void>;
}

async function adminRequest<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (response.status === 404 && path.includes('/revoke')) return undefined as T;
  if (response.status === 404 && method === 'DELETE' && path.startsWith('/api/admin/members/')) {
    return { deleted: false } as T;
  }
  const json = (await response.json().catch(() => ({}))) as { detail?: string };
  if (!response.ok) throw new Error(json.detail ?? `The server answered ${response.status}`);
  return json as T;
}

const memberPath = (userId: string) => `/api/admin/members/${encodeURIComponent(userId)}`;

function serverOperatorCommands(baseUrl: string, token: string): OperatorCommands {
  return {
    ...serverPrivacyCommands((method, path, body) => adminRequest(baseUrl, token, method, path, body)),
    ...serverMemberCommands((method, path) => adminRequest(baseUrl, token, method, path)),
    ...serverOperatorAccountCommands((method, path, body) =>
      adminRequest(baseUrl, token, method, path, body),
    ),
    createInvite: (options) => adminRequest(baseUrl, token, 'POST', '/api/admin/invite-codes', options),
    listInvites: () => adminRequest(baseUrl, token, 'GET', '/api/admin/invite-codes'),
    revokeInvite: (code) =>
      adminRequest(baseUrl, token, 'POST', `/api/admin/invite-codes/${encodeURIComponent(code)}/revoke`),
    listWaitlist: () => adminRequest(baseUrl, token, 'GET', '/api/admin/waitlist'),
    grantInvites: (userId, count) =>
      adminRequest(baseUrl, token, 'POST', `${memberPath(userId)}/invite-grants`, { count }),
    inviteTree: () => adminRequest(baseUrl, token, 'GET', '/api/admin/invite-tree'),
    revokeBranch: (userId) =>
      adminRequest(baseUrl, token, 'POST', `${memberPath(userId)}/branch-revocation`, {}),
    inviteFromWaitlist: (target) =>
      adminRequest(baseUrl, token, 'POST', '/api/admin/waitlist/invitations', target),
  };
}

/**
 * Where the operator's commands run:
 * - with DATABASE_URL, straight on PostgreSQL (any number of processes may share it);
 * - when a server owns the embedded database folder, through that server's loopback admin routes;
 * - otherwise on the embedded database itself, holding its lock while the command runs.
 */
export async function connectOperator(): Promise<OperatorConnection> {
  const settings = readSettings();
  const direct = async (database: Database, release = () => {}) => {
    await database.migrate();
    return {
      commands: databaseOperatorCommands(database.db, settings.appUrl, database.forgetDeletedRows),
      close: async () => {
        await database.close();
        release();
      },
    };
  };

  if (settings.databaseUrl) return direct(await openPostgresDatabase(settings.databaseUrl));

  const owner = readLockOwner(settings.dataDir);
  if (owner) {
    const token = readAdminToken(settings.dataDir);
    if (!owner.adminUrl || !token) {
      throw new Error(
        `A server (process ${owner.pid}) is starting on ${settings.dataDir}; try again in a moment.`,
      );
    }
    return { commands: serverOperatorCommands(owner.adminUrl, token), close: async () => {} };
  }

  const lock = acquireDataDirLock(settings.dataDir);
  try {
    return await direct(await openEmbeddedDatabase(settings.dataDir), () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Has any server or command ever migrated this PostgreSQL database? Asking creates nothing. */
async function hasBeccaTables(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ migrated: boolean }>(
      "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS migrated",
    );
    return rows[0]?.migrated === true;
  } finally {
    await client.end();
  }
}

/**
 * Where a command that only reads would find no database at all, the sentence saying so; opening one
 * would create it (a folder, tables), and a command that only reads must leave no trace.
 */
export async function noDataYet(): Promise<string | undefined> {
  const settings = readSettings();
  if (settings.databaseUrl) {
    return (await hasBeccaTables(settings.databaseUrl))
      ? undefined
      : 'No data yet: the PostgreSQL database at DATABASE_URL has no Becca tables; `npm start` creates them.';
  }
  // A running server owns its folder; PG_VERSION is the first file initdb writes.
  if (readLockOwner(settings.dataDir) || fs.existsSync(path.join(settings.dataDir, 'PG_VERSION'))) {
    return undefined;
  }
  return `No data yet: there is no database in ${settings.dataDir}; \`npm start\` creates one.`;
}

/** Runs a command, prints a clear message on failure and sets the exit code. */
export async function runOperatorCommand(run: (commands: OperatorCommands) => Promise<void>): Promise<void> {
  let connection: OperatorConnection | undefined;
  try {
    connection = await connectOperator();
    await run(connection.commands);
  } catch (error) {
    printError(failureText(error));
    process.exitCode = 1;
  } finally {
    await connection?.close();
  }
}
