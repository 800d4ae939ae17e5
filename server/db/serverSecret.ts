import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './database';
import { serverSecrets } from './schema';

/**
 * A value the server makes once (32 random bytes) and keeps in `server_secrets`, so that every
 * instance on this database and every restart agree on it.
 */
export async function readOrCreateServerSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`The server secret ${name} could not be stored`);
  return row.value;
}
