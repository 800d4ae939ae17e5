import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../../server/db/database';
import { makeInvite, pngPhoto, storedCounts, webFormData, webRegistration } from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

/**
 * The router decodes each path segment before matching, so `/%61pi/auth/register` is the register
 * route. Everything that decides by path (security headers, log redaction) must read it the same way.
 */
describe.each(engines)('percent-encoded API paths on $name', (engine) => {
  const lines: string[] = [];
  let server: TestServer;
  let app: FastifyInstance;
  let database: Database;
  let photo: Buffer;

  beforeAll(async () => {
    server = await startTestServer(engine, { logLevel: 'info' }, { logLines: lines });
    ({ app, database } = server);
    photo = await pngPhoto();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    lines.length = 0;
  });

  const loggedPaths = () => lines.map((line) => (JSON.parse(line) as { req?: { path: string } }).req?.path);

  function expectApiHeaders(response: LightMyRequestResponse) {
    expect(response.headers).toMatchObject({
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'content-type': expect.stringMatching(/^application\/json/),
    });
  }

  test('POST /%61pi/auth/register is refused (404, API headers) and stores nothing', async () => {
    const code = await makeInvite(database.db);
    const before = await storedCounts(database.db);
    const refused = await app.inject({
      ...webRegistration(webFormData(code), [photo]),
      url: '/%61pi/auth/register',
    });
    expect(refused.statusCode).toBe(404);
    expectApiHeaders(refused);
    expect(refused.json()).toEqual({ detail: 'No API endpoint POST /%61pi/auth/register.' });
    expect(await storedCounts(database.db)).toEqual(before);
    expect(loggedPaths()).toEqual(['/%61pi/auth/register']);

    // The same registration under the path's own spelling goes through: the spelling was refused.
    const registered = await app.inject(webRegistration(webFormData(code), [photo]));
    expect(registered.statusCode).toBe(201);
    expect((await storedCounts(database.db)).users).toBe(before.users + 1);
  });

  test.each([
    ['/api/auth/%76alidate-code/SECRETCODE9', '/api/auth/%76alidate-code/:code'],
    ['/%61pi/auth/validate-code/SECRETCODE9?x=1', '/%61pi/auth/validate-code/:code'],
    ['/api/auth/validate-code/SECRET%43ODE9', '/api/auth/validate-code/:code'],
  ])('GET %s is refused with API headers and the code is not logged', async (url, logged) => {
    const refused = await app.inject({ url });
    expect(refused.statusCode).toBe(404);
    expectApiHeaders(refused);
    expect(loggedPaths()).toEqual([logged]);
    expect(lines.join('')).not.toMatch(/SECRET(CODE|%43ODE)9/);
  });

  test('an admin path spelled with encodings logs no code either', async () => {
    // No admin routes in this app (no admin token): a 404 all the same, with the code out of the log.
    const refused = await app.inject({ method: 'POST', url: '/api/%61dmin/invite-codes/SECRETCODE9/revoke' });
    expect(refused.statusCode).toBe(404);
    expectApiHeaders(refused);
    expect(loggedPaths()).toEqual(['/api/%61dmin/invite-codes/:param/revoke']);
  });

  test('/%6Detrics and /healt%68 are the API: refused with its headers, not a page', async () => {
    for (const url of ['/%6Detrics', '/healt%68']) {
      const refused = await app.inject({ url });
      expect(refused.statusCode).toBe(404);
      expectApiHeaders(refused);
    }
  });

  test('a malformed encoding in an API path is answered 400 with the API headers', async () => {
    for (const url of ['/api/auth/validate-code/%ZZ', '/%61pi/%ZZ']) {
      const refused = await app.inject({ url });
      expect(refused.statusCode).toBe(400);
      expectApiHeaders(refused);
      expect(refused.json()).toEqual({ detail: 'The address of this request is malformed.' });
    }
  });

  test('a canonical code with characters that need encoding still reaches validate-code', async () => {
    const answer = await app.inject({ url: '/api/auth/validate-code/NO%20SUCH%2FCODE' });
    expect(answer.statusCode).toBe(200);
    expectApiHeaders(answer);
    expect(answer.json()).toMatchObject({ valid: false });
    expect(loggedPaths()).toEqual(['/api/auth/validate-code/:code']);
  });

  test('a page spelled with encodings is still a page, with the page headers', async () => {
    const page = await app.inject({ url: '/%6Aoin' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/script-src/);
    expect(page.headers['cache-control']).not.toBe('no-store');
  });
});
