import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { AuditEntry } from '../../src/domain/contracts/adminAudit';
import { TWO_SESSION_COOKIES_DETAIL } from '../../src/domain/operatorSession';
import { AUDIT_HASH_KEY_FILE } from '../../server/admin/auditHashKey';
import { operatorSessions, serverSecrets } from '../../server/db/schema';
import { operatorSessionCookieName } from '../../server/operator/operatorSessionCookie';
import { makeInvite, uniquePhone, webFormData, webRegistration, pngPhoto } from './fixtures';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import os from 'node:os';
import { migrationsFolder } from '../../server/db/database';
import { engines, startTestServer, type TestServer } from './testServer';

const APP_URL = 'https://becca.test';
const COOKIE = operatorSessionCookieName(APP_URL);
const BROWSER = { remoteAddress: '203.0.113.9', host: 'becca.test' };
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(engines)('every operator accountable on $name', (engine) => {
  const adminToken = 'an-admin-token-for-the-accountability-tests-0123456789';
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { appUrl: APP_URL }, { adminToken });
  });
  afterAll(() => server.close());
  const db = () => server.database.db;

  const cli = (method: InjectOptions['method'], url: string, payload?: object) =>
    server.app.inject({
      method,
      url,
      remoteAddress: '127.0.0.1',
      headers: { host: 'localhost', authorization: `Bearer ${adminToken}`, 'becca-actor': 'ops@becca-1' },
      ...(payload ? { payload } : {}),
    });
  const browser = (
    method: InjectOptions['method'],
    url: string,
    cookie: string | undefined,
    payload?: object,
    cookieHeader?: string,
  ) =>
    server.app.inject({
      method,
      url,
      remoteAddress: BROWSER.remoteAddress,
      headers: {
        host: BROWSER.host,
        ...SAME_ORIGIN,
        ...(cookieHeader ? { cookie: cookieHeader } : cookie ? { cookie: `${COOKIE}=${cookie}` } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  const audit = async (query: Record<string, string> = {}) =>
    (await cli('GET', `/api/admin/audit?${new URLSearchParams(query)}`)).json<AuditEntry[]>();
  const signIn = async (name: string) => {
    const minted = await cli('POST', `/api/admin/operators/${name}/sign-in-links`, {});
    expect(minted.statusCode).toBe(201);
    const pressed = await server.app.inject({
      method: 'POST',
      url: new URL(minted.json<{ link: string }>().link).pathname,
      remoteAddress: BROWSER.remoteAddress,
      headers: { host: BROWSER.host, ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pressed.statusCode).toBe(303);
    return new RegExp(`^${COOKIE}=([A-Za-z0-9_-]{43});`).exec(String(pressed.headers['set-cookie']))![1]!;
  };

  test('the first account is an owner, later ones operators unless made owners; the CLI sets roles', async () => {
    expect((await cli('POST', '/api/admin/operators', { name: 'olive' })).json()).toMatchObject({
      name: 'olive',
      role: 'owner',
    });
    expect((await cli('POST', '/api/admin/operators', { name: 'otto' })).json()).toMatchObject({
      role: 'operator',
    });
    expect((await cli('POST', '/api/admin/operators', { name: 'opal', role: 'owner' })).json()).toMatchObject(
      {
        role: 'owner',
      },
    );
    expect((await cli('POST', '/api/admin/operators', { name: 'x', role: 'admin' })).statusCode).toBe(400);
    const promoted = await cli('PUT', '/api/admin/operators/otto/role', { role: 'owner' });
    expect(promoted.json()).toEqual({
      name: 'otto',
      role: 'owner',
      effect: 'made otto an owner (was operator)',
    });
    const demoted = await cli('PUT', '/api/admin/operators/otto/role', { role: 'operator' });
    expect(demoted.json()).toMatchObject({ role: 'operator' });
    expect((await cli('PUT', '/api/admin/operators/nobody/role', { role: 'owner' })).statusCode).toBe(404);
    const roles = (await cli('GET', '/api/admin/operators')).json<{ name: string; role: string }[]>();
    expect(roles.map(({ name, role }) => `${name}:${role}`)).toEqual([
      'olive:owner',
      'opal:owner',
      'otto:operator',
    ]);
    expect((await audit({ action: 'operators.role' })).map((row) => row.effect)).toEqual([
      'made otto an owner (was operator)',
      'made otto an operator (was owner)',
    ]);
  });

  test('an operator session may not make another’s link, add, remove or promote anyone: 403, and each attempt is recorded', async () => {
    const otto = await signIn('otto');
    const session = sha256(otto).slice(0, 12);
    const before = (await audit()).length;
    const attempts: [InjectOptions['method'], string, object | undefined, string, string][] = [
      ['POST', '/api/admin/operators/olive/sign-in-links', {}, 'operators.sign-in-link', 'olive'],
      ['POST', '/api/admin/operators', { name: 'mallory', role: 'owner' }, 'operators.add', 'mallory'],
      ['DELETE', '/api/admin/operators/olive', undefined, 'operators.remove', 'olive'],
      ['PUT', '/api/admin/operators/otto/role', { role: 'owner' }, 'operators.role', 'otto'],
    ];
    for (const [method, url, payload, action, target] of attempts) {
      const refused = await browser(method, url, otto, payload);
      expect([url, refused.statusCode]).toEqual([url, 403]);
      expect(refused.json<{ detail: string }>().detail).toMatch(
        /^An operator with the operator role may not .+; ask an owner\.$/,
      );
      const [row] = await audit({ action, actor: 'otto', target });
      expect(row).toMatchObject({
        actor: 'otto',
        session,
        effect: 'refused (403): the operator role may not do this',
      });
    }
    expect((await audit()).length).toBe(before + attempts.length);
    // Nothing happened: no link for olive beyond the CLI's, no mallory, olive still there, otto still an operator.
    const operators = (await cli('GET', '/api/admin/operators')).json<{ name: string; role: string }[]>();
    expect(operators.map(({ name, role }) => `${name}:${role}`)).toEqual([
      'olive:owner',
      'opal:owner',
      'otto:operator',
    ]);
    // Their own link is theirs to make; the rest of the console's work is theirs too.
    expect((await browser('POST', '/api/admin/operators/otto/sign-in-links', otto, {})).statusCode).toBe(201);
    expect(
      (await browser('POST', '/api/admin/invite-codes', otto, { label: 'Otto’s table' })).statusCode,
    ).toBe(201);
  });

  test('an owner session may manage operators and make links for others', async () => {
    const olive = await signIn('olive');
    expect((await browser('POST', '/api/admin/operators', olive, { name: 'petra' })).statusCode).toBe(201);
    expect((await browser('POST', '/api/admin/operators/petra/sign-in-links', olive, {})).statusCode).toBe(
      201,
    );
    expect((await browser('DELETE', '/api/admin/operators/petra', olive)).statusCode).toBe(200);
    const [link] = await audit({ action: 'operators.sign-in-link', target: 'petra' });
    expect(link).toMatchObject({ actor: 'olive', session: sha256(olive).slice(0, 12) });
  });

  test('sign-in (whose link, made by whom), sign-out and a session’s end are rows, naming the session, never its token', async () => {
    const token = await signIn('opal');
    const session = sha256(token).slice(0, 12);
    const [signedIn] = (await audit({ action: 'operators.sign-in', actor: 'opal' })).slice(-1);
    expect(signedIn).toMatchObject({
      session,
      target: 'opal',
      effect: 'signed in with a link made by cli:ops@becca-1',
    });
    // A link made by an owner's session names that session.
    const olive = await signIn('olive');
    const minted = await browser('POST', '/api/admin/operators/opal/sign-in-links', olive, {});
    const pressed = await server.app.inject({
      method: 'POST',
      url: new URL(minted.json<{ link: string }>().link).pathname,
      remoteAddress: BROWSER.remoteAddress,
      headers: { host: BROWSER.host, ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pressed.statusCode).toBe(303);
    const [viaOwner] = (await audit({ action: 'operators.sign-in', actor: 'opal' })).slice(-1);
    expect(viaOwner!.effect).toBe(
      `signed in with a link made by olive (session ${sha256(olive).slice(0, 12)})`,
    );

    expect((await browser('POST', '/api/admin/session/sign-out', token)).statusCode).toBe(204);
    expect(await audit({ action: 'operators.sign-out', session })).toMatchObject([
      { actor: 'opal', effect: 'signed out' },
    ]);
    // A session idle for 12 hours ends when its cookie next comes, with its row.
    const idle = await signIn('opal');
    await db()
      .update(operatorSessions)
      .set({ lastSeenAt: sql`now() - interval '13 hours'` })
      .where(eq(operatorSessions.tokenHash, sha256(idle)));
    expect((await browser('GET', '/api/admin/session', idle)).statusCode).toBe(401);
    expect(
      await audit({ action: 'operators.session-end', session: sha256(idle).slice(0, 12) }),
    ).toMatchObject([{ actor: 'opal', effect: 'session ended after 12 hours without a request' }]);
    const all = JSON.stringify(await audit());
    for (const secret of [token, idle, olive]) expect(all).not.toContain(secret);
  });

  test('two session cookies in one request: 401 with a sentence, treated as signed out everywhere', async () => {
    const mine = await signIn('otto');
    const planted = await signIn('olive');
    for (const header of [`${COOKIE}=${planted}; ${COOKIE}=${mine}`, `${COOKIE}=${mine}; ${COOKIE}=junk`]) {
      const session = await browser('GET', '/api/admin/session', undefined, undefined, header);
      expect(session.statusCode).toBe(401);
      expect(session.json()).toEqual({ detail: TWO_SESSION_COOKIES_DETAIL });
      expect((await browser('GET', '/api/admin/members', undefined, undefined, header)).statusCode).toBe(404);
      const change = await browser('POST', '/api/admin/invite-codes', undefined, { label: 'tossed' }, header);
      expect(change.statusCode).toBe(404);
    }
    expect(await audit({ target: 'tossed' })).toEqual([]);
    // A cookie of the old, unprefixed name beside ours is another cookie, not ours: ours alone counts.
    const beside = await browser(
      'GET',
      '/api/admin/session',
      undefined,
      undefined,
      `becca_operator=${planted}; ${COOKIE}=${mine}`,
    );
    expect(beside.json()).toEqual({ operator: { name: 'otto', role: 'operator' } });
  });

  test('lists show no full phone and are not recorded; reading one member or exporting writes a row without personal data', async () => {
    const phone = uniquePhone();
    const registered = await server.app.inject(
      webRegistration(webFormData(await makeInvite(db()), { phone }), [await pngPhoto()]),
    );
    expect(registered.statusCode).toBe(201);
    const id = registered.json<{ user_id: string }>().user_id;
    await server.app.inject({
      method: 'POST',
      url: '/api/waitlist/join',
      payload: { phone_number: phone.replace('1', '2') },
    });
    const national = phone.slice(3);
    // The waitlisted number is let in by its entry's id: the tree then names its code's number, masked.
    const waitlisted = phone.replace('1', '2');
    const entries = (await cli('GET', '/api/admin/waitlist')).json<{ id: number; phone: string }[]>();
    const entry = entries.find(
      (one) => one.phone === `+44 ${waitlisted.slice(3, 7)} ••• ${waitlisted.slice(-3)}`,
    )!;
    const invited = await cli('POST', '/api/admin/waitlist/invitations', { id: entry.id });
    expect(invited.json<{ invitations: { phone: string }[] }>().invitations).toMatchObject([
      { phone: waitlisted },
    ]);
    const tree = (await cli('GET', '/api/admin/invite-tree')).json<{
      codes: { waitlist_phone: string | null }[];
    }>();
    expect(tree.codes.map((code) => code.waitlist_phone).filter(Boolean)).toEqual([entry.phone]);
    const rows = (await audit()).length;
    for (const url of ['/api/admin/members', '/api/admin/waitlist', '/api/admin/invite-tree']) {
      const listed = await cli('GET', url);
      expect(listed.statusCode).toBe(200);
      for (const digits of [national, waitlisted.slice(3)]) {
        expect([url, listed.body]).not.toEqual([url, expect.stringContaining(digits)]);
      }
    }
    const [summary] = (await cli('GET', `/api/admin/members?search=${id}`)).json<Record<string, unknown>[]>();
    expect(summary!.phone).toBe(`+44 ${national.slice(0, 4)} ••• ${national.slice(-3)}`);
    expect(Object.keys(summary!).sort()).toEqual([
      'first_name',
      'id',
      'invite_code',
      'last_name',
      'linked_at',
      'onboarded_at',
      'phone',
      'registered_at',
      'status',
    ]);
    // Reading the audit log is not recorded either.
    expect((await audit()).length).toBe(rows);

    const otto = await signIn('otto');
    const read = await browser('GET', `/api/admin/members/${id}`, otto);
    expect(read.json()).toMatchObject({ id, phone });
    expect(await audit({ action: 'members.show', target: id })).toMatchObject([
      { actor: 'otto', session: sha256(otto).slice(0, 12), effect: 'read the member’s record' },
    ]);
    expect(
      (await browser('GET', '/api/admin/members/00000000-0000-4000-8000-000000000000', otto)).statusCode,
    ).toBe(404);
    expect(await audit({ action: 'members.show', target: '00000000-0000-4000-8000-000000000000' })).toEqual(
      [],
    );
    expect((await cli('POST', '/api/admin/members/exports')).statusCode).toBe(200);
    expect((await cli('POST', '/api/admin/waitlist/exports')).statusCode).toBe(200);
    const trail = await audit();
    expect(trail.filter((row) => ['members.export', 'waitlist.export'].includes(row.action))).toHaveLength(2);
    expect(JSON.stringify(trail)).not.toContain(national);
    expect(JSON.stringify(trail)).not.toContain(waitlisted.slice(3));
  });

  test.each([
    ['GET', '/api/admin/audit?since=2026-13-45', undefined],
    ['GET', '/api/admin/audit?since=0000-01-01', undefined],
    ['GET', '/api/admin/audit?since=2026-02-30', undefined],
    ['GET', '/api/admin/audit?since=99999-01-01', undefined],
    ['POST', '/api/admin/invite-codes', { expires: '0000-01-01' }],
    ['POST', '/api/admin/invite-codes', { expires: '2026-13-45' }],
    ['POST', '/api/admin/invite-codes', { expires: '3000-01-01' }],
    ['POST', '/api/admin/invite-codes', { label: 'Party \u202Etxt.exe' }],
    ['POST', '/api/admin/invite-codes', { label: 'line\nbreak' }],
    ['POST', '/api/admin/invite-codes', { label: ' \u200B ' }],
    ['POST', '/api/admin/invite-codes/revocations', { label: 'x\u001b[2J', dry_run: true }],
    ['POST', '/api/admin/waitlist/purge', { older_than_days: 30, reason: 'tidy\u0007', dry_run: true }],
    ['POST', '/api/admin/waitlist/purge', { older_than_days: 30, reason: 'evil \u2066reason' }],
  ] as const)(
    '%s %s %j is refused with a sentence (4xx, never 500) and changes nothing',
    async (method, url, payload) => {
      const before = (await audit()).length;
      const codes = (await cli('GET', '/api/admin/invite-codes')).json<unknown[]>().length;
      const refused = await cli(method, url, payload);
      expect([400, 422]).toContain(refused.statusCode);
      expect(refused.json<{ detail: string }>().detail).toMatch(/^[A-Z].{10,}/);
      expect((await audit()).length).toBe(before);
      expect((await cli('GET', '/api/admin/invite-codes')).json<unknown[]>()).toHaveLength(codes);
    },
  );

  test('a good day still works: since and expires take a real calendar day', async () => {
    expect((await cli('GET', '/api/admin/audit?since=2024-02-29')).statusCode).toBe(200);
    expect(
      (await cli('POST', '/api/admin/invite-codes', { expires: '2099-12-31', label: 'New year' })).statusCode,
    ).toBe(201);
  });
});

describe.each(engines)('the audit trail’s phone hashes on $name', (engine) => {
  test('with AUDIT_HASH_KEY the database holds no key, and the number still finds its rows', async () => {
    const key = 'k'.repeat(40);
    const adminToken = 'an-admin-token-for-the-hash-key-test-0123456789';
    const server = await startTestServer(engine, { auditHashKey: key }, { adminToken });
    try {
      const { db } = server.database;
      // A salt an earlier release kept in the database: it goes.
      await db.insert(serverSecrets).values({ name: 'audit_salt', value: 'old-salt' });
      const phone = uniquePhone();
      await server.app.inject({
        method: 'POST',
        url: '/api/waitlist/join',
        payload: { phone_number: phone },
      });
      const headers = { host: 'localhost', authorization: `Bearer ${adminToken}` };
      const invited = await server.app.inject({
        method: 'POST',
        url: '/api/admin/waitlist/invitations',
        headers,
        payload: { phone },
      });
      expect(invited.statusCode).toBe(200);
      const target = `phone:${createHmac('sha256', key).update(phone).digest('hex').slice(0, 20)}`;
      const found = await server.app.inject({
        url: `/api/admin/audit?target=${encodeURIComponent(phone)}`,
        headers,
      });
      expect(found.json()).toMatchObject([{ action: 'waitlist.invite', target }]);
      expect(await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'audit_salt'))).toEqual([]);
      if (server.database.dataDir)
        expect(fs.existsSync(path.join(server.database.dataDir, AUDIT_HASH_KEY_FILE))).toBe(false);
    } finally {
      await server.close();
    }
  });

  if (engine.name === 'pglite') {
    test('without it, the embedded engine keeps the key in DATA_DIR (0600), moved there from the database', async () => {
      const adminToken = 'an-admin-token-for-the-hash-key-test-0123456789';
      const server = await startTestServer(engine, {}, { adminToken });
      try {
        const { db, dataDir } = server.database;
        await db.insert(serverSecrets).values({ name: 'audit_salt', value: 'salt-of-an-earlier-release' });
        const phone = uniquePhone();
        await server.app.inject({
          method: 'POST',
          url: '/api/waitlist/join',
          payload: { phone_number: phone },
        });
        const headers = { host: 'localhost', authorization: `Bearer ${adminToken}` };
        expect(
          (
            await server.app.inject({
              method: 'POST',
              url: '/api/admin/waitlist/invitations',
              headers,
              payload: { phone },
            })
          ).statusCode,
        ).toBe(200);
        const file = path.join(dataDir!, AUDIT_HASH_KEY_FILE);
        // The rows an earlier release hashed stay findable: its salt became the file's key.
        expect(fs.readFileSync(file, 'utf8')).toBe('salt-of-an-earlier-release');
        expect(fs.statSync(file).mode & 0o777).toBe(0o600);
        expect(await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'audit_salt'))).toEqual([]);
        const found = await server.app.inject({
          url: `/api/admin/audit?target=${encodeURIComponent(phone)}`,
          headers,
        });
        expect(found.json()).toHaveLength(1);
      } finally {
        await server.close();
      }
    });
  }
});

test('migration 0010 makes the oldest current operator of an existing database its owner', async () => {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const upTo = journal.entries.findIndex((entry) => entry.tag === '0010_accountable_operators');
  const earlier = fs.mkdtempSync(path.join(os.tmpdir(), 'becca-migrations-'));
  const client = await PGlite.create();
  try {
    fs.mkdirSync(path.join(earlier, 'meta'));
    for (const entry of journal.entries.slice(0, upTo)) {
      fs.copyFileSync(
        path.join(migrationsFolder, `${entry.tag}.sql`),
        path.join(earlier, `${entry.tag}.sql`),
      );
    }
    fs.writeFileSync(
      path.join(earlier, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
    );
    await migrate(drizzle({ client }), { migrationsFolder: earlier });
    await client.exec(`
      INSERT INTO operators (name, created_at, removed_at) VALUES
        ('gone', now() - interval '3 days', now()),
        ('first', now() - interval '2 days', NULL),
        ('second', now() - interval '1 day', NULL);
      INSERT INTO operator_audit (actor, action, target, effect) VALUES ('cli:ops@h', 'operators.add', 'first', 'added');`);
    await migrate(drizzle({ client }), { migrationsFolder });
    const { rows } = await client.query<{ name: string; role: string }>(
      'SELECT name, role FROM operators ORDER BY name',
    );
    expect(rows).toEqual([
      { name: 'first', role: 'owner' },
      { name: 'gone', role: 'operator' },
      { name: 'second', role: 'operator' },
    ]);
    // Rows of before keep what they had, with no session.
    const audit = await client.query<{ session: string | null }>('SELECT session FROM operator_audit');
    expect(audit.rows).toEqual([{ session: null }]);
  } finally {
    await client.close();
    fs.rmSync(earlier, { recursive: true, force: true });
  }
});
