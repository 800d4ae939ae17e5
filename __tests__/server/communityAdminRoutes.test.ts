import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { AuditEntry } from '../../src/domain/contracts/adminAudit';
import type { CommunityApplicationList, OrganiserSignIn } from '../../src/domain/contracts/adminCommunities';
import { ORGANISER_ROLE_REFUSAL } from '../../src/domain/operatorRoles';
import { communities, communityApplications, operators, operatorSignInLinks } from '../../server/db/schema';
import { operatorSessionCookieName } from '../../server/operator/operatorSessionCookie';
import { expectDetail, generousRateLimits } from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

const APP_URL = 'https://becca.test';
const COOKIE = operatorSessionCookieName(APP_URL);
const BROWSER = {
  remoteAddress: '203.0.113.9',
  headers: { host: 'becca.test', 'sec-fetch-site': 'same-origin' },
};
const SIGN_IN = /^https:\/\/becca\.test\/partner\/sign-in\/([A-Za-z0-9_-]{43})$/;

const application = (n: number, organiser_name = 'Ada Lovelace') => ({
  organiser_name,
  community_name: `Hackney Founders Breakfast ${n}`,
  about: 'A monthly breakfast for people building companies in east London.',
  city: 'London',
  expected_size: 40,
  contact_phone: `07911 1300${String(n).padStart(2, '0')}`,
});

describe.each(engines)('reviewing community applications on $name', (engine) => {
  const adminToken = 'an-admin-token-for-the-community-tests-0123456789abcdef';
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      engine,
      { appUrl: APP_URL, rateLimits: generousRateLimits },
      { adminToken },
    );
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
  const apply = async (body: object) => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/community-applications',
      payload: body,
    });
    expect(answer.statusCode).toBe(202);
  };
  const list = async () =>
    (await cli('GET', '/api/admin/community-applications')).json<CommunityApplicationList>()
      .community_applications;
  const idOf = async (communityName: string) =>
    (await list()).find((row) => row.community_name === communityName)!.id;
  const audit = async (action: string) =>
    (await cli('GET', `/api/admin/audit?${new URLSearchParams({ action })}`)).json<AuditEntry[]>();
  const counts = async () => ({
    communities: (await db().select().from(communities)).length,
    organisers: (await db().select().from(operators).where(eq(operators.role, 'organiser'))).length,
    links: (await db().select().from(operatorSignInLinks)).length,
  });
  const signIn = async (url: string) => {
    const path = new URL(url).pathname;
    const page = await server.app.inject({ method: 'GET', url: path, ...BROWSER });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sign in as');
    const pressed = await server.app.inject({
      method: 'POST',
      url: path,
      remoteAddress: BROWSER.remoteAddress,
      headers: { ...BROWSER.headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
    return pressed;
  };

  test('the list shows applications with the phone masked', async () => {
    await apply(application(1));
    const [row] = await list();
    expect(row).toMatchObject({ organiser_name: 'Ada Lovelace', status: 'pending', community_id: null });
    expect(row!.contact_phone).not.toContain('130001');
  });

  test('approval makes the community, an organiser bound to it and a 72-hour link sent by wa.me; audited', async () => {
    await apply(application(2, 'Zoë Ångström'));
    const id = await idOf('Hackney Founders Breakfast 2');
    const answer = await cli('POST', `/api/admin/community-applications/${id}/approval`, {
      quota: 30,
      reason: 'Met Zoë in October',
    });
    expect(answer.statusCode).toBe(201);
    const approved = answer.json<OrganiserSignIn>();
    expect(Object.keys(approved).sort()).toEqual([
      'community_id',
      'organiser',
      'sign_in_url',
      'whatsapp_url',
    ]);
    expect(approved.organiser).toBe(`zoe-angstrom-${id}`);
    expect(approved.sign_in_url).toMatch(SIGN_IN);
    const wa = new URL(approved.whatsapp_url);
    expect(wa.origin + wa.pathname).toBe('https://wa.me/447911130002');
    expect(wa.searchParams.get('text')).toContain(approved.sign_in_url);

    const [community] = await db()
      .select()
      .from(communities)
      .where(eq(communities.id, approved.community_id));
    expect(community).toMatchObject({ name: 'Hackney Founders Breakfast 2', quota: 30, suspendedAt: null });
    const [organiser] = await db().select().from(operators).where(eq(operators.name, approved.organiser));
    expect(organiser).toMatchObject({ role: 'organiser', communityId: approved.community_id });
    const [link] = await db()
      .select()
      .from(operatorSignInLinks)
      .where(eq(operatorSignInLinks.operatorId, organiser!.id));
    const hours = (link!.expiresAt.getTime() - link!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(72, 1);
    expect((await list()).find((row) => row.id === id)).toMatchObject({
      status: 'approved',
      community_id: approved.community_id,
    });
    const [row] = await audit('communities.approve');
    expect(row).toMatchObject({
      actor: 'cli:ops@becca-1',
      target: `community-application:${id}`,
      reason: 'Met Zoë in October',
    });
    expect(row!.effect).toContain(approved.community_id);

    // Approving again, or deciding otherwise, is refused and changes nothing.
    const before = await counts();
    expectDetail(
      await cli('POST', `/api/admin/community-applications/${id}/approval`, {}),
      409,
      /approved already/,
    );
    expectDetail(await cli('POST', `/api/admin/community-applications/${id}/decline`, { reason: 'No' }), 409);
    expect(await counts()).toEqual(before);
  });

  test.each([
    ['an unknown application', '999999', { quota: 10 }, 404],
    ['a quota of 0', 'ID', { quota: 0 }, 400],
    ['a quota that is text', 'ID', { quota: '10' }, 400],
    ['an unknown field', 'ID', { quota: 10, organiser: 'me' }, 400],
    ['a reason with a bidi override', 'ID', { reason: 'ok \u202Egpj' }, 422],
    ['an id that is not a number', 'abc', {}, 400],
  ])('approval with %s is refused and stores nothing', async (_case, typedId, body, status) => {
    await apply(application(3));
    const id = typedId === 'ID' ? String(await idOf('Hackney Founders Breakfast 3')) : typedId;
    const before = await counts();
    expectDetail(await cli('POST', `/api/admin/community-applications/${id}/approval`, body), status);
    expect(await counts()).toEqual(before);
  });

  test('decline needs a reason, is audited, and leaves no community', async () => {
    await apply(application(4));
    const id = await idOf('Hackney Founders Breakfast 4');
    const before = await counts();
    expectDetail(await cli('POST', `/api/admin/community-applications/${id}/decline`, {}), 400);
    expectDetail(
      await cli('POST', `/api/admin/community-applications/${id}/decline`, { reason: '   ' }),
      422,
    );
    const declined = await cli('POST', `/api/admin/community-applications/${id}/decline`, {
      reason: 'Not a community',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ id, status: 'declined' });
    expect(await counts()).toEqual(before);
    const [row] = await db().select().from(communityApplications).where(eq(communityApplications.id, id));
    expect(row).toMatchObject({ status: 'declined', decisionReason: 'Not a community' });
    expect((await audit('communities.decline')).at(-1)).toMatchObject({
      target: `community-application:${id}`,
      reason: 'Not a community',
    });
  });

  test('the organiser signs in through the link once, lands on /partner, and every admin route is 404 to them', async () => {
    await apply(application(5));
    const id = await idOf('Hackney Founders Breakfast 5');
    const approved = (
      await cli('POST', `/api/admin/community-applications/${id}/approval`, {})
    ).json<OrganiserSignIn>();
    const pressed = await signIn(approved.sign_in_url);
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toBe('/partner');
    const setCookie = String(pressed.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    const session = new RegExp(`^${COOKIE}=([A-Za-z0-9_-]{43});`).exec(setCookie)![1]!;
    const again = await server.app.inject({
      method: 'POST',
      url: new URL(approved.sign_in_url).pathname,
      remoteAddress: BROWSER.remoteAddress,
      headers: { ...BROWSER.headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.statusCode).toBe(410);
    expect(again.headers['set-cookie']).toBeUndefined();

    const asOrganiser = (method: InjectOptions['method'], url: string, payload?: object) =>
      server.app.inject({
        method,
        url,
        remoteAddress: BROWSER.remoteAddress,
        headers: { ...BROWSER.headers, cookie: `${COOKIE}=${session}` },
        ...(payload ? { payload } : {}),
      });
    const before = await counts();
    for (const [method, url, body] of [
      ['GET', '/api/admin/session'],
      ['GET', '/api/admin/community-applications'],
      ['GET', '/api/admin/overview'],
      ['GET', '/api/admin/openapi.json'],
      ['GET', '/api/admin/audit'],
      ['POST', `/api/admin/community-applications/${id}/approval`, {}],
      ['POST', `/api/admin/communities/${approved.community_id}/sign-in-link`, {}],
      ['POST', '/api/admin/session/sign-out', {}],
      ['POST', '/api/admin/operators', { name: 'mallory' }],
    ] as const) {
      expectDetail(await asOrganiser(method, url, body), 404);
    }
    expect(await counts()).toEqual(before);
  });

  test('sign-in-link makes a new link for a community’s organiser; an unknown community is 404', async () => {
    await apply(application(6));
    const id = await idOf('Hackney Founders Breakfast 6');
    const approved = (
      await cli('POST', `/api/admin/community-applications/${id}/approval`, {})
    ).json<OrganiserSignIn>();
    const again = await cli('POST', `/api/admin/communities/${approved.community_id}/sign-in-link`);
    expect(again.statusCode).toBe(201);
    const link = again.json<OrganiserSignIn>();
    expect(link).toMatchObject({ community_id: approved.community_id, organiser: approved.organiser });
    expect(link.sign_in_url).toMatch(SIGN_IN);
    expect(link.sign_in_url).not.toBe(approved.sign_in_url);
    expect((await audit('communities.sign-in-link')).at(-1)).toMatchObject({
      target: `community:${approved.community_id}`,
    });
    expectDetail(
      await cli('POST', '/api/admin/communities/0b8c7f5e-3f0e-4d55-9d55-1f6c2d1b7a10/sign-in-link'),
      404,
    );
  });

  test('nobody is made an organiser by name: operators add and role refuse it', async () => {
    expectDetail(
      await cli('POST', '/api/admin/operators', { name: 'olga', role: 'organiser' }),
      422,
      ORGANISER_ROLE_REFUSAL,
    );
    expect(await db().select().from(operators).where(eq(operators.name, 'olga'))).toEqual([]);

    // Nor does an organiser become anything else by a change of role; nothing is recorded.
    await apply(application(7, 'Olga Role'));
    const id = await idOf('Hackney Founders Breakfast 7');
    const { organiser } = (
      await cli('POST', `/api/admin/community-applications/${id}/approval`, {})
    ).json<OrganiserSignIn>();
    const roleRows = (await audit('operators.role')).length;
    for (const role of ['owner', 'operator']) {
      expectDetail(
        await cli('PUT', `/api/admin/operators/${organiser}/role`, { role }),
        422,
        ORGANISER_ROLE_REFUSAL,
      );
    }
    expectDetail(
      await cli('PUT', `/api/admin/operators/${organiser}/role`, { role: 'organiser' }),
      422,
      ORGANISER_ROLE_REFUSAL,
    );
    const [stored] = await db().select().from(operators).where(eq(operators.name, organiser));
    expect(stored).toMatchObject({ role: 'organiser' });
    expect(await audit('operators.role')).toHaveLength(roleRows);
  });

  test('approval is refused (409) when the organiser’s account name is an operator’s already; nothing is made', async () => {
    await apply(application(8, 'Grace Hopper'));
    const id = await idOf('Hackney Founders Breakfast 8');
    expect((await cli('POST', '/api/admin/operators', { name: `grace-hopper-${id}` })).statusCode).toBe(201);
    const before = { ...(await counts()), operators: (await db().select().from(operators)).length };
    const approvals = (await audit('communities.approve')).length;
    expectDetail(
      await cli('POST', `/api/admin/community-applications/${id}/approval`, { quota: 10 }),
      409,
      `There is already an operator account grace-hopper-${id}.`,
    );
    expect({ ...(await counts()), operators: (await db().select().from(operators)).length }).toEqual(before);
    expect(await audit('communities.approve')).toHaveLength(approvals);
    expect((await list()).find((row) => row.id === id)).toMatchObject({
      status: 'pending',
      community_id: null,
    });
  });

  test('a reason that shows nothing is refused (422) with a sentence, and nothing is stored or recorded', async () => {
    await apply(application(9));
    const id = await idOf('Hackney Founders Breakfast 9');
    const before = await counts();
    for (const [decision, reason] of [
      ['approval', ' \u200B '],
      ['decline', '\u2800'],
    ] as const) {
      expectDetail(
        await cli('POST', `/api/admin/community-applications/${id}/${decision}`, { reason }),
        422,
        'The reason must not be blank.',
      );
    }
    expect(await counts()).toEqual(before);
    expect(await audit('communities.approve')).not.toContainEqual(
      expect.objectContaining({ target: `community-application:${id}` }),
    );
    expect(await audit('communities.decline')).not.toContainEqual(
      expect.objectContaining({ target: `community-application:${id}` }),
    );
    expect((await list()).find((row) => row.id === id)).toMatchObject({ status: 'pending' });
  });
});
