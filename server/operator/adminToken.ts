import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { carriesBearerToken, secretsMatch } from '../auth/bearerToken';

export const ADMIN_TOKEN_FILE = 'admin-token';

/**
 * The operator's commands reach a running server (which owns the embedded database folder) through
 * loopback-only admin routes. Proof of being the operator is reading this file: it lives in DATA_DIR
 * with mode 0600, so only the account that runs the server can read it. A new token every start.
 */
export function writeAdminToken(dataDir: string): string {
  const token = randomBytes(32).toString('base64url');
  const file = path.join(dataDir, ADMIN_TOKEN_FILE);
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, token, { mode: 0o600, flag: 'wx' });
  return token;
}

export function readAdminToken(dataDir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dataDir, ADMIN_TOKEN_FILE), 'utf8').trim();
  } catch {
    return undefined;
  }
}

export function removeAdminToken(dataDir: string): void {
  fs.rmSync(path.join(dataDir, ADMIN_TOKEN_FILE), { force: true });
}

export function tokensMatch(expected: string, presented: string | undefined): boolean {
  return secretsMatch(expected, presented);
}

/** Whether a request's `Authorization: Bearer …` carries the admin token. */
export function carriesAdminToken(adminToken: string, authorization: string | undefined): boolean {
  return carriesBearerToken(authorization, adminToken);
}
