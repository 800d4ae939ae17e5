import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedDatabase, type Database } from '../../server/db/database';
import { createInviteCode } from '../../server/invites/inviteCodeStore';
import { PHONE_TAKEN } from '../../server/routes/registrationRoutes';
import { expectDetail, pngPhoto, uniquePhone, webFormData, webRegistration } from './fixtures';
import { engines, startTestServer } from './testServer';

jest.setTimeout(120_000);

const TOO_MANY = /^Too many attempts\. Please wait \d+ seconds and try again\.$/;

/**
 * The per-code limit on registrations of a number that is already a member (3 a day) is what keeps a
 * code from probing membership. Kept in the process, a restart gave a code three more numbers; it is
 * kept in the database, so it holds across a restart: the embedded database closed and reopened from
 * its folder, or a new server process on the same PostgreSQL.
 */
describe.each(engines)('the per-code conflict limit across a restart on $name', (engine) => {
  test('three conflicts, a restart, and the fourth is still 429', async () => {
    const folder =
      engine.name === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'becca-restart-')) : undefined;
    const open = async (): Promise<Database> => {
      const database = folder ? await openEmbeddedDatabase(folder) : await engine.open();
      await database.migrate();
      return database;
    };
    const photo = await pngPhoto();
    let database = await open();
    try {
      const member = uniquePhone();
      const first = await startTestServer(engine, {}, { database });
      const register = (server: typeof first, code: string, phone: string, remoteAddress: string) =>
        server.app.inject({ ...webRegistration(webFormData(code, { phone }), [photo]), remoteAddress });
      const code = async () => (await createInviteCode(database.db, { maxUses: 1 })).code;
      expect((await register(first, await code(), member, '198.51.100.50')).statusCode).toBe(201);
      const probe = await code();
      for (const address of ['198.51.100.51', '198.51.100.52', '198.51.100.53'])
        expectDetail(await register(first, probe, member, address), 409, PHONE_TAKEN);
      await first.close();

      if (folder) {
        // The embedded engine's process ends: its database is closed and opened again from the folder.
        await database.close();
        database = await open();
      }
      const second = await startTestServer(engine, {}, { database });
      try {
        const refused = await register(second, probe, member, '198.51.100.54');
        expectDetail(refused, 429, TOO_MANY);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);
        // The code still admits a new number.
        expect((await register(second, probe, uniquePhone(), '198.51.100.55')).statusCode).toBe(201);
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
      if (folder) fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
