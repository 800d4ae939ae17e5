import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import {
  generousRateLimits,
  inviteUses,
  makeInvite,
  pngPhoto,
  storedCounts,
  uniquePhone,
  webFormData,
  webRegistration,
} from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

const AT_ONCE = 20;

let photo: Buffer;
beforeAll(async () => {
  photo = await pngPhoto(48, 48);
});

describe.each(engines)('registrations at the same moment on $name', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimits: generousRateLimits });
  });
  afterAll(async () => {
    await server.close();
  });

  const burst = (formDataFor: (index: number) => Record<string, unknown>) =>
    Promise.all(
      Array.from({ length: AT_ONCE }, (_, index) =>
        server.app.inject(webRegistration(formDataFor(index), [photo])),
      ),
    );
  const statuses = (responses: { statusCode: number }[]) =>
    responses.map((response) => response.statusCode).sort((a, b) => a - b);

  test(`${AT_ONCE} people racing for a one-use code: exactly one gets in`, async () => {
    const code = await makeInvite(server.database.db, 'valid', 1);
    const before = await storedCounts(server.database.db);
    const responses = await burst(() => webFormData(code, { phone: uniquePhone() }));

    expect(statuses(responses)).toEqual([201, ...Array<number>(AT_ONCE - 1).fill(403)]);
    for (const refused of responses.filter((response) => response.statusCode === 403)) {
      expect(refused.json()).toEqual({
        detail: expect.stringMatching(/already been used|Invalid|no longer/),
      });
    }
    expect(await server.database.db.select().from(users).where(eq(users.inviteCode, code))).toHaveLength(1);
    expect(await inviteUses(server.database.db, code)).toBe(1);
    const after = await storedCounts(server.database.db);
    expect({ users: after.users - before.users, photos: after.photos - before.photos }).toEqual({
      users: 1,
      photos: 1,
    });
    expect(after.tokens - before.tokens).toBe(1);
  });

  test(`${AT_ONCE} registrations of one phone number at once: one user, one use of the code, at most 3 conflicts told`, async () => {
    const code = await makeInvite(server.database.db, 'valid', AT_ONCE);
    const phone = uniquePhone();
    const before = await storedCounts(server.database.db);
    const responses = await burst((index) => webFormData(code, { phone, first_name: `Racer ${index}` }));

    // One code tells at most 3 times a day that a number is a member; past that it answers 429.
    expect(statuses(responses)).toEqual([201, 409, 409, 409, ...Array<number>(AT_ONCE - 4).fill(429)]);
    expect(await server.database.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(1);
    expect(await inviteUses(server.database.db, code)).toBe(1);
    const after = await storedCounts(server.database.db);
    expect(after.users - before.users).toBe(1);
    expect(after.photos - before.photos).toBe(1);
    expect(after.entries - before.entries).toBe(2);
    expect(after.tokens - before.tokens).toBe(1);
  });

  test('the server answers normally after the races', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const code = await makeInvite(server.database.db, 'valid', 1);
    const response = await server.app.inject(webRegistration(webFormData(code), [photo]));
    expect(response.statusCode).toBe(201);
  });
});
