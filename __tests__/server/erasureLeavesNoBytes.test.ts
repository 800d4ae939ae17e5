import fs from 'node:fs';
import path from 'node:path';
import { openEmbeddedDatabase } from '../../server/db/database';
import {
  codeFromWhatsAppUrl,
  generousRateLimits,
  makeInvite,
  pngPhoto,
  uniquePhone,
  webFormData,
  webRegistration,
} from './fixtures';
import { engines, startTestServer } from './testServer';
import { makeTempDir } from './realServerProcess';

jest.setTimeout(120_000);

/** Every file under `folder` whose bytes contain `needle`, as paths relative to it. */
function filesContaining(folder: string, needle: string): string[] {
  const wanted = Buffer.from(needle);
  return fs
    .readdirSync(folder, { recursive: true })
    .map(String)
    .filter((file) => {
      const full = path.join(folder, file);
      return fs.statSync(full).isFile() && fs.readFileSync(full).includes(wanted);
    });
}

test('after an erasure and a clean shutdown, no table or index file of the embedded database holds the member’s values', async () => {
  const dataDir = makeTempDir('becca-erasure');
  try {
    const database = await openEmbeddedDatabase(dataDir);
    await database.migrate();
    const server = await startTestServer(engines[0]!, { rateLimits: generousRateLimits }, { database });
    const phone = uniquePhone();
    const secrets = { first_name: 'Quillonbert', last_name: 'Vexworthington', phone };
    const response = await server.app.inject(
      webRegistration(
        webFormData(await makeInvite(database.db), {
          ...secrets,
          who_i_know_groups: [
            {
              id: 'g1',
              group_name: 'Zanzibarian Rowing',
              location: 'Oxford',
              position: { x: 0.2, y: 0.4 },
              kind: 'group',
            },
          ],
        }),
        [await pngPhoto()],
      ),
    );
    expect(response.statusCode).toBe(201);
    const { access_token: token, whatsapp_url: whatsappUrl } = response.json<{
      access_token: string;
      whatsapp_url: string;
    }>();
    const needles = [...Object.values(secrets), 'Zanzibarian Rowing', codeFromWhatsAppUrl(whatsappUrl)];
    // Another member put them forward: their number in someone else's nomination.
    const other = await server.app.inject(
      webRegistration(webFormData(await makeInvite(database.db)), [await pngPhoto()]),
    );
    const nominated = await server.app.inject({
      method: 'POST',
      url: '/api/nominate/friend',
      headers: { authorization: `Bearer ${other.json<{ access_token: string }>().access_token}` },
      payload: { firstName: 'Quillonbert', lastName: 'Vexworthington', instagram: '', phone },
    });
    expect(nominated.statusCode).toBe(200);
    // Written out, so that the values are in the files before the erasure (not only in memory).
    await database.db.execute('CHECKPOINT' as never);
    const base = path.join(dataDir, 'base');
    expect(filesContaining(base, 'Vexworthington').length).toBeGreaterThan(0);

    const erased = await server.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(erased.statusCode).toBe(204);
    await server.close();
    await database.close();

    for (const needle of needles)
      expect({ needle, files: filesContaining(base, needle) }).toEqual({ needle, files: [] });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
