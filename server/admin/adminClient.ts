import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { CLI_ACTOR_HEADER } from './operatorActor';
import { buildApp } from '../app';
import { readSettings } from '../config';
import { acquireDataDirLock, readLockOwner } from '../dataDirLock';
import { openEmbeddedDatabase, openPostgresDatabase, type Database } from '../db/database';
import { migrateDatabase } from '../db/migrateDatabase';
import { readAdminToken } from '../operator/adminToken';
import {
  adminPaths,
  adminUrl,
  type AdminAnswer,
  type AdminOperationId,
  type AdminRequest,
} from '../../src/domain/contracts/adminPaths';

/** One operation's method: its request's parts, or no argument when it has none. */
type OperationCall<Id extends AdminOperationId> = keyof AdminRequest<Id> extends never
  ? () => Promise<AdminAnswer<Id>>
  : (request: AdminRequest<Id>) => Promise<AdminAnswer<Id>>;

/**
 * The operator's commands are clients of the admin API (`/api/admin/…`, server/routes/adminRoutes.ts),
 * its one implementation: this is how they reach it. Each operation is a method named by its
 * operationId (`admin.listInviteCodes({ query: {} })`), with its path and method from `adminPaths` and
 * its parts and answer from the contracts: a wrong path or body does not type-check. A refusal (any
 * status but 2xx) throws AdminRefusal with its detail.
 */
export type AdminClient = { [Id in AdminOperationId]: OperationCall<Id> } & { close(): Promise<void> };

/** The admin API said no: its status and its one sentence. */
export class AdminRefusal extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(detail);
  }
}

/** Who runs the command, for the audit trail: `<os user>@<host>` (the server prefixes `cli:`). */
export function whoRunsThis(): string {
  let user = 'unknown';
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry for this uid (some containers): the audit trail says cli:unknown.
  }
  return `${user}@${os.hostname()}`;
}

/** What a transport brings back: the status and the body's bytes. */
interface RawAnswer {
  status: number;
  bytes: Uint8Array;
}
type Transport = (method: string, url: string, body: unknown) => Promise<RawAnswer>;

function jsonOf(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Every operation of `adminPaths` over one transport. The answer is the contract's type: the route
 * declares the same schema and the server's serializer answers by it. The backup is the one answer
 * in bytes; every other is JSON.
 */
function adminOperations(send: Transport): Omit<AdminClient, 'close'> {
  const call = async (id: AdminOperationId, request: AdminParts = {}) => {
    const { status, bytes } = await send(adminPaths[id].method, adminUrl(id, request), request.body);
    if (status < 200 || status >= 300) {
      const detail = (jsonOf(bytes) as { detail?: unknown } | undefined)?.detail;
      throw new AdminRefusal(status, typeof detail === 'string' ? detail : `The server answered ${status}.`);
    }
    return id === 'createBackup' ? bytes : jsonOf(bytes);
  };
  return Object.fromEntries(
    (Object.keys(adminPaths) as AdminOperationId[]).map((id) => [
      id,
      (request?: AdminParts) => call(id, request),
    ]),
  ) as unknown as Omit<AdminClient, 'close'>;
}

interface AdminParts {
  params?: Record<string, string>;
  query?: object;
  body?: unknown;
}

const jsonType = (body: unknown): Record<string, string> =>
  body === undefined ? {} : { 'content-type': 'application/json' };

/** Over loopback to the running server that owns the embedded database, with its admin token. */
function serverClient(baseUrl: string, token: string): AdminClient {
  const send = (method: string, path: string, body?: unknown) =>
    fetch(new URL(path, baseUrl), {
      method,
      headers: { authorization: `Bearer ${token}`, [CLI_ACTOR_HEADER]: whoRunsThis(), ...jsonType(body) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    ...adminOperations(async (method, url, body) => {
      const response = await send(method, url, body);
      return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
    }),
    close: async () => {},
  };
}

/**
 * The same routes called in this process with `inject()`: the same validation, answers and errors
 * as over the wire. Tests use it too, on the app they built.
 */
export function injectClient(
  app: FastifyInstance,
  token: string,
  close: () => Promise<void> = async () => {},
): AdminClient {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    app.inject({
      method,
      url: path,
      headers: {
        authorization: `Bearer ${token}`,
        host: 'localhost',
        [CLI_ACTOR_HEADER]: whoRunsThis(),
        ...jsonType(body),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    ...adminOperations(async (method, url, body) => {
      const response = await send(method as 'GET' | 'POST' | 'PUT' | 'DELETE', url, body);
      return { status: response.statusCode, bytes: new Uint8Array(response.rawPayload) };
    }),
    close,
  };
}

async function inProcessClient(database: Database, release = () => {}): Promise<AdminClient> {
  try {
    const settings = readSettings();
    await migrateDatabase(database, settings);
    const adminToken = randomBytes(32).toString('base64url');
    const app = await buildApp({
      settings,
      database,
      logger: false,
      adminToken,
      operatorCommandsOnly: true,
    });
    await app.ready();
    return injectClient(app, adminToken, async () => {
      await app.close();
      await database.close();
      release();
    });
  } catch (error) {
    await database.close();
    release();
    throw error;
  }
}

/**
 * Where the admin API is for this command:
 * - when a server owns the embedded database folder, that server, over loopback with its admin token;
 * - otherwise (no server running, or DATABASE_URL) the app built in this process, called with
 *   `inject()`; on the embedded database it holds the folder's lock while the command runs.
 */
export async function connectAdmin(): Promise<AdminClient> {
  const settings = readSettings();
  if (settings.databaseUrl) return inProcessClient(await openPostgresDatabase(settings.databaseUrl));

  const owner = readLockOwner(settings.dataDir);
  if (owner) {
    const token = readAdminToken(settings.dataDir);
    if (!owner.adminUrl || !token) {
      throw new Error(
        `A server (process ${owner.pid}) is starting on ${settings.dataDir}; try again in a moment.`,
      );
    }
    return serverClient(owner.adminUrl, token);
  }

  const lock = acquireDataDirLock(settings.dataDir);
  try {
    return await inProcessClient(await openEmbeddedDatabase(settings.dataDir), () => lock.release());
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
