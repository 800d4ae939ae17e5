import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { operators, operatorSessions, operatorSignInLinks } from '../../server/db/schema';
import { redactPath } from '../../server/logging/requestLogging';
import {
  OPERATOR_SESSION_COOKIE,
  operatorSessionCookieName,
} from '../../server/operator/operatorSessionCookie';
import { sessionCookie } from '../../server/operator/operatorSessions';
import { OPERATOR_NAME_RULE } from '../../src/domain/operatorName';
import { engines, startTestServer, type TestServer } from './testServer';

const APP_URL = 'https://becca.test';
/** Over https the cookie carries the `__Host-` prefix: no sibling host can plant one of its name. */
const COOKIE_NAME = operatorSessionCookieName(APP_URL);
/** An operator's browser on the public internet, reaching the site through its name. */
const BROWSER = { remoteAddress: '203.0.113.9', host: 'becca.test' };
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const SESSION_COOKIE = new RegExp(
  `^${COOKIE_NAME}=([A-Za-z0-9_-]{43}); HttpOnly; Secure; SameSite=Strict; Path=/$`,
);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(engines)('operator accounts and sessions on $name', (engine) => {
  const adminToken = randomBytes(32).toString('base64url');
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { appUrl: APP_URL }, { adminToken });
  });
  afterAll(async () => {
    await server.close();
  });
  const db = () => server.database.db;

  /** The operator's CLI: loopback, the admin token. */
  const cli = (method: InjectOptions['method'], url: string, payload?: object) =>
    server.app.inject({
      method,
      url,
      remoteAddress: '127.0.0.1',
      headers: { host: 'localhost:3000', authorization: `Bearer ${adminToken}` },
      ...(payload ? { payload } : {}),
    });

  /** A browser request from anywhere, with the session cookie when given. */
  const browser = (
    method: InjectOptions['method'],
    url: string,
    {
      cookie,
      headers = {},
      payload,
    }: { cookie?: string; headers?: Record<string, string>; payload?: object } = {},
  ) =>
    server.app.inject({
      method,
      url,
      remoteAddress: BROWSER.remoteAddress,
      headers: {
        host: BROWSER.host,
        ...(cookie ? { cookie: `theme=dark; ${COOKIE_NAME}=${cookie}` } : {}),
        ...headers,
      },
      ...(payload ? { payload } : {}),
    });

  const linkPath = (link: string) => new URL(link).pathname;
  const mintLink = async (name: string) => {
    const minted = await cli('POST', `/api/admin/operators/${name}/sign-in-links`, {});
    expect(minted.statusCode).toBe(201);
    return minted.json<{ name: string; link: string; expires_at: string }>();
  };
  /** Presses the page's button: a same-origin form post, as a browser sends it. */
  const pressSignIn = (path: string, headers: Record<string, string> = SAME_ORIGIN) =>
    browser('POST', path, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
  const sessionTokenFrom = (response: LightMyRequestResponse) => {
    const match = SESSION_COOKIE.exec(String(response.headers['set-cookie']));
    expect(match).not.toBeNull();
    return match![1]!;
  };
  const signIn = async (name: string) => {
    const { link } = await mintLink(name);
    const pressed = await pressSignIn(linkPath(link));
    expect(pressed.statusCode).toBe(303);
    return sessionTokenFrom(pressed);
  };
  const namesListed = async () =>
    (await cli('GET', '/api/admin/operators')).json<{ name: string }[]>().map((operator) => operator.name);
  const sessionOf = async (cookie: string) => browser('GET', '/api/admin/session', { cookie });

  test('add, list and remove operators; a name is checked, case-folded and unique among current operators', async () => {
    const added = await cli('POST', '/api/admin/operators', { name: 'Alice' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      name: 'alice',
      // The first account is an owner.
      role: 'owner',
      added_at: expect.any(String),
      last_seen_at: null,
      sessions: 0,
    });
    expect((await cli('POST', '/api/admin/operators', { name: 'alice' })).json()).toEqual({
      detail: 'There is already an operator alice.',
    });
    for (const name of ['', 'a b', 'cli:root@host', 'x'.repeat(41), '-dash', 'K\u212Aate', 'ali\u0000ce']) {
      const refused = await cli('POST', '/api/admin/operators', { name });
      expect([400, 422]).toContain(refused.statusCode);
      if (refused.statusCode === 422) expect(refused.json()).toEqual({ detail: OPERATOR_NAME_RULE });
    }
    // The same rule on a role change: a Kelvin sign must not fold into another operator's "k".
    expect((await cli('POST', '/api/admin/operators', { name: 'kate' })).statusCode).toBe(201);
    const kelvin = await cli('PUT', `/api/admin/operators/${encodeURIComponent('\u212Aate')}/role`, {
      role: 'owner',
    });
    expect([400, 422]).toContain(kelvin.statusCode);
    expect((await cli('GET', '/api/admin/operators')).json()).toContainEqual(
      expect.objectContaining({ name: 'kate', role: 'operator' }),
    );
    expect((await cli('DELETE', '/api/admin/operators/kate')).statusCode).toBe(200);
    expect((await cli('POST', '/api/admin/operators', { name: 'bob', admin: true })).statusCode).toBe(400);
    expect((await cli('POST', '/api/admin/operators', { name: 'zed.ops_2' })).statusCode).toBe(201);
    expect(await namesListed()).toEqual(['alice', 'zed.ops_2']);

    expect((await cli('DELETE', '/api/admin/operators/nobody')).json()).toEqual({
      detail: 'No operator nobody.',
    });
    const removed = await cli('DELETE', '/api/admin/operators/ZED.OPS_2');
    expect(removed.json()).toEqual({ removed: true });
    expect(await namesListed()).toEqual(['alice']);
    expect((await cli('DELETE', '/api/admin/operators/zed.ops_2')).statusCode).toBe(404);
    // The name can be given again: the removed row is reinstated, with no session or link of before.
    expect((await cli('POST', '/api/admin/operators', { name: 'zed.ops_2' })).statusCode).toBe(201);
    expect(await namesListed()).toEqual(['alice', 'zed.ops_2']);
    expect((await cli('POST', '/api/admin/operators/nobody/sign-in-links', {})).statusCode).toBe(404);
  });

  test('a sign-in link points at APP_URL, is stored hashed, and opening it (GET, HEAD) uses nothing up', async () => {
    const { link, name, expires_at: expiresAt } = await mintLink('alice');
    expect(name).toBe('alice');
    expect(link).toMatch(/^https:\/\/becca\.test\/admin\/sign-in\/[A-Za-z0-9_-]{43}$/);
    const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    const token = link.split('/').at(-1)!;
    const [stored] = await db()
      .select()
      .from(operatorSignInLinks)
      .where(eq(operatorSignInLinks.tokenHash, sha256(token)));
    expect(stored).toMatchObject({ usedAt: null });
    const everyStoredHash = (await db().select().from(operatorSignInLinks)).map((row) => row.tokenHash);
    expect(everyStoredHash).not.toContain(token);

    for (let i = 0; i < 3; i += 1) {
      const page = await browser('GET', linkPath(link));
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-store');
      // So that a browser without Sec-Fetch-Site sends our Origin with the form, not `null`.
      expect(page.headers['referrer-policy']).toBe('strict-origin');
      expect(page.body).toContain('<form method="post">');
      expect(page.body).toContain('<button type="submit">Sign in as alice</button>');
      expect(page.body).not.toMatch(/<script/i);
      // The page's one <style> is admitted by its hash; no inline script is allowed at all.
      const style = /<style>([\s\S]*)<\/style>/.exec(page.body)![1]!;
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("form-action 'self'");
      expect((await browser('HEAD', linkPath(link))).statusCode).toBe(200);
    }
    const [after] = await db()
      .select()
      .from(operatorSignInLinks)
      .where(eq(operatorSignInLinks.tokenHash, sha256(token)));
    expect(after!.usedAt).toBeNull();
  });

  test('pressing the button uses the link up and sets the session cookie: HttpOnly, Secure, SameSite=Strict, Path=/', async () => {
    const { link } = await mintLink('alice');
    const pressed = await pressSignIn(linkPath(link));
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toBe('/admin');
    const sessionToken = sessionTokenFrom(pressed);
    const rows = await db()
      .select()
      .from(operatorSessions)
      .where(eq(operatorSessions.tokenHash, sha256(sessionToken)));
    expect(rows).toHaveLength(1);
    const linkToken = link.split('/').at(-1)!;
    const [used] = await db()
      .select()
      .from(operatorSignInLinks)
      .where(eq(operatorSignInLinks.tokenHash, sha256(linkToken)));
    expect(used!.usedAt).toBeInstanceOf(Date);

    expect((await sessionOf(sessionToken)).json()).toEqual({ operator: { name: 'alice', role: 'owner' } });
  });

  test('a used link is refused, by its page and by a second press, and opens no second session', async () => {
    const { link } = await mintLink('alice');
    expect((await pressSignIn(linkPath(link))).statusCode).toBe(303);
    const sessionsBefore = (await db().select().from(operatorSessions)).length;

    const again = await pressSignIn(linkPath(link));
    expect(again.statusCode).toBe(410);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body).toContain('This sign-in link has been used already');
    const page = await browser('GET', linkPath(link));
    expect(page.statusCode).toBe(410);
    expect(page.body).not.toContain('<button');
    expect((await db().select().from(operatorSessions)).length).toBe(sessionsBefore);
  });

  test('of two presses of one link at the same moment, one signs in', async () => {
    const { link } = await mintLink('alice');
    const statuses = (await Promise.all([pressSignIn(linkPath(link)), pressSignIn(linkPath(link))])).map(
      (response) => response.statusCode,
    );
    expect(statuses.sort()).toEqual([303, 410]);
  });

  test('an expired link is refused and signs no one in', async () => {
    const { link } = await mintLink('alice');
    const token = link.split('/').at(-1)!;
    await db()
      .update(operatorSignInLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(operatorSignInLinks.tokenHash, sha256(token)));
    const page = await browser('GET', linkPath(link));
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This sign-in link has expired');
    const pressed = await pressSignIn(linkPath(link));
    expect(pressed.statusCode).toBe(410);
    expect(pressed.headers['set-cookie']).toBeUndefined();
  });

  test.each([
    ['a made-up token', `/admin/sign-in/${randomBytes(32).toString('base64url')}`],
    ['a token of the wrong shape', '/admin/sign-in/abc'],
    ['a very long token', `/admin/sign-in/${'a'.repeat(5000)}`],
  ])('%s is refused as not valid', async (_what, path) => {
    expect((await browser('GET', path)).statusCode).toBe(404);
    const pressed = await pressSignIn(path);
    expect(pressed.statusCode).toBe(404);
    expect(pressed.headers['set-cookie']).toBeUndefined();
  });

  test.each([
    ['another site', { 'sec-fetch-site': 'cross-site' }],
    ['a sibling subdomain', { 'sec-fetch-site': 'same-site' }],
    ['no Sec-Fetch-Site and another Origin', { origin: 'https://evil.example' }],
    ['no Sec-Fetch-Site and no Origin', {}],
  ])('a sign-in posted from %s is refused and leaves the link usable', async (_from, headers) => {
    const { link } = await mintLink('alice');
    const pressed = await pressSignIn(linkPath(link), headers);
    expect(pressed.statusCode).toBe(403);
    expect(pressed.headers['set-cookie']).toBeUndefined();
    expect((await browser('GET', linkPath(link))).body).toContain('Sign in as alice');
  });

  test('a session reaches the admin GET routes from any address; without one they stay 404', async () => {
    const session = await signIn('alice');
    const listed = await browser('GET', '/api/admin/waitlist', { cookie: session });
    expect(listed.statusCode).toBe(200);
    expect((await browser('GET', '/api/admin/operators', { cookie: session })).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'alice', last_seen_at: expect.any(String) })]),
    );
    // Through a proxy too: the session does not depend on where the request comes from.
    const proxied = await browser('GET', '/api/admin/waitlist', {
      cookie: session,
      headers: { 'x-forwarded-for': '198.51.100.4' },
    });
    expect(proxied.statusCode).toBe(200);

    const stranger = await browser('GET', '/api/admin/waitlist');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ detail: 'No API endpoint GET /api/admin/waitlist.' });
    const forged = await browser('GET', '/api/admin/waitlist', {
      cookie: randomBytes(32).toString('base64url'),
    });
    expect(forged.statusCode).toBe(404);
    // The stored hash presented as the token is no session either.
    expect((await browser('GET', '/api/admin/waitlist', { cookie: sha256(session) })).statusCode).toBe(404);
    expect((await browser('GET', '/api/admin/session')).statusCode).toBe(401);
  });

  test.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['Sec-Fetch-Site: none', { 'sec-fetch-site': 'none' }],
    ['cross-site with our own Origin', { 'sec-fetch-site': 'cross-site', origin: APP_URL }],
    ['no Sec-Fetch-Site, another Origin', { origin: 'https://evil.example' }],
    ['no Sec-Fetch-Site, our host over http', { origin: 'http://becca.test' }],
    ['no Sec-Fetch-Site, a look-alike host', { origin: 'https://becca.test.evil.example' }],
    ['no Sec-Fetch-Site, Origin null', { origin: 'null' }],
    ['no Sec-Fetch-Site and no Origin', {}],
  ])('a change with a valid session and %s is refused (404) and changes nothing', async (_what, headers) => {
    const session = await signIn('alice');
    const before = await namesListed();
    const added = await browser('POST', '/api/admin/operators', {
      cookie: session,
      headers,
      payload: { name: 'mallory' },
    });
    expect(added.statusCode).toBe(404);
    expect(added.json()).toEqual({ detail: 'No API endpoint POST /api/admin/operators.' });
    const removed = await browser('DELETE', '/api/admin/operators/alice', { cookie: session, headers });
    expect(removed.statusCode).toBe(404);
    const code = await browser('POST', '/api/admin/invite-codes', {
      cookie: session,
      headers,
      payload: { uses: 1 },
    });
    expect(code.statusCode).toBe(404);
    const signOut = await browser('POST', '/api/admin/session/sign-out', { cookie: session, headers });
    expect(signOut.statusCode).toBe(404);
    expect(await namesListed()).toEqual(before);
    expect((await sessionOf(session)).statusCode).toBe(200);
  });

  test.each([
    ['Sec-Fetch-Site: same-origin', SAME_ORIGIN],
    ['no Sec-Fetch-Site and APP_URL’s origin', { origin: APP_URL }],
  ])('a change with a valid session and %s is accepted', async (_what, headers) => {
    const session = await signIn('alice');
    const added = await browser('POST', '/api/admin/operators', {
      cookie: session,
      headers,
      payload: { name: 'carol' },
    });
    expect(added.statusCode).toBe(201);
    const removed = await browser('DELETE', '/api/admin/operators/carol', { cookie: session, headers });
    expect(removed.json()).toEqual({ removed: true });
  });

  test('removing an operator ends their sessions at once and kills their unused links', async () => {
    expect((await cli('POST', '/api/admin/operators', { name: 'bob' })).statusCode).toBe(201);
    const first = await signIn('bob');
    const second = await signIn('bob');
    const { link } = await mintLink('bob');
    expect((await browser('GET', '/api/admin/waitlist', { cookie: first })).statusCode).toBe(200);

    expect((await cli('DELETE', '/api/admin/operators/bob')).statusCode).toBe(200);
    for (const session of [first, second]) {
      expect((await sessionOf(session)).statusCode).toBe(401);
      expect((await browser('GET', '/api/admin/waitlist', { cookie: session })).statusCode).toBe(404);
    }
    expect((await browser('GET', linkPath(link))).statusCode).toBe(404);
    expect((await pressSignIn(linkPath(link))).statusCode).toBe(404);
    const [bob] = await db().select().from(operators).where(eq(operators.name, 'bob'));
    expect(bob!.removedAt).toBeInstanceOf(Date);
    expect(
      await db().select().from(operatorSessions).where(eq(operatorSessions.operatorId, bob!.id)),
    ).toEqual([]);

    // Added again, bob starts from nothing: the old cookies stay dead.
    expect((await cli('POST', '/api/admin/operators', { name: 'bob' })).statusCode).toBe(201);
    expect((await sessionOf(first)).statusCode).toBe(401);
  });

  test('a session idle for 12 hours is over; one used within 12 hours is kept alive', async () => {
    const idle = await signIn('alice');
    const active = await signIn('alice');
    const setLastSeen = (token: string, ago: string) =>
      db()
        .update(operatorSessions)
        .set({ lastSeenAt: sql`now() - ${sql.raw(`interval '${ago}'`)}` })
        .where(eq(operatorSessions.tokenHash, sha256(token)));
    await setLastSeen(idle, '12 hours 1 second');
    await setLastSeen(active, '11 hours 59 minutes');

    expect((await sessionOf(idle)).statusCode).toBe(401);
    expect((await browser('GET', '/api/admin/waitlist', { cookie: idle })).statusCode).toBe(404);
    expect((await sessionOf(active)).statusCode).toBe(200);
    const [kept] = await db()
      .select()
      .from(operatorSessions)
      .where(eq(operatorSessions.tokenHash, sha256(active)));
    expect(Date.now() - kept!.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  test('signing out (the /admin page’s form) ends the session and clears the cookie', async () => {
    const session = await signIn('alice');
    const signedOut = await browser('POST', '/api/admin/session/sign-out', {
      cookie: session,
      headers: { ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toBe('/admin');
    expect(signedOut.headers['set-cookie']).toBe(
      `${COOKIE_NAME}=; HttpOnly; Secure; SameSite=Strict; Path=/; Max-Age=0`,
    );
    expect((await sessionOf(session)).statusCode).toBe(401);
    // From the console's fetch: an empty answer.
    const other = await signIn('alice');
    const fetched = await browser('POST', '/api/admin/session/sign-out', {
      cookie: other,
      headers: SAME_ORIGIN,
    });
    expect(fetched.statusCode).toBe(204);
    expect((await sessionOf(other)).statusCode).toBe(401);
  });

  test('list shows when each operator was last seen and how many live sessions they have', async () => {
    expect((await cli('POST', '/api/admin/operators', { name: 'dora' })).statusCode).toBe(201);
    const [fresh] = (await cli('GET', '/api/admin/operators'))
      .json<{ name: string }[]>()
      .filter((o) => o.name === 'dora');
    expect(fresh).toMatchObject({ last_seen_at: null, sessions: 0 });
    await signIn('dora');
    await signIn('dora');
    const [seen] = (await cli('GET', '/api/admin/operators'))
      .json<{ name: string }[]>()
      .filter((o) => o.name === 'dora');
    expect(seen).toMatchObject({ last_seen_at: expect.any(String), sessions: 2 });
  });
});

test('the cookie is Secure and __Host- only when APP_URL is https', () => {
  expect(COOKIE_NAME).toBe('__Host-becca_operator');
  expect(sessionCookie('t', 'https://becca.example')).toBe(
    '__Host-becca_operator=t; HttpOnly; Secure; SameSite=Strict; Path=/',
  );
  expect(sessionCookie('t', 'http://localhost:3000')).toBe(
    `${OPERATOR_SESSION_COOKIE}=t; HttpOnly; SameSite=Strict; Path=/`,
  );
});

test('the log shows a sign-in link’s path without its token', () => {
  const token = randomBytes(32).toString('base64url');
  expect(redactPath(`/admin/sign-in/${token}`)).toBe('/admin/sign-in/:token');
  expect(redactPath(`/admin/%73ign-in/${token}?x=1`)).toBe('/admin/%73ign-in/:token');
  expect(redactPath('/api/admin/operators/alice/sign-in-links')).toBe(
    '/api/admin/operators/:param/sign-in-links',
  );
});
