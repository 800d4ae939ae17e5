import fs from 'node:fs';
import { openEmbeddedDatabase } from '../server/db/database';
import { createInviteCode, findInviteCode } from '../server/invites/inviteCodeStore';
import { makeTempDir } from '../__tests__/server/realServerProcess';

/**
 * The floor under validate-code on the embedded engine: the same drizzle query the route runs
 * (`findInviteCode`), one after another in this process, on a PGlite folder of its own.
 */
export async function measureEmbeddedLookupRate(seconds: number): Promise<number> {
  const dataDir = makeTempDir('becca-bench-lookup');
  const database = await openEmbeddedDatabase(dataDir);
  try {
    await database.migrate();
    const { code } = await createInviteCode(database.db, { maxUses: 10 });
    // Warm up the prepared plan and the page cache so the first, slower queries do not count.
    for (let i = 0; i < 200; i += 1) await findInviteCode(database.db, code);
    let queries = 0;
    const started = performance.now();
    const until = started + seconds * 1000;
    while (performance.now() < until) {
      if (!(await findInviteCode(database.db, code))) throw new Error('the invite code went missing');
      queries += 1;
    }
    return queries / ((performance.now() - started) / 1000);
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
