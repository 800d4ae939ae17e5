import { eq } from 'drizzle-orm';
import type { AuditEntry } from '../../src/domain/contracts/adminAudit';
import type { EventLink, EventLinkList, PartnerCommunity } from '../../src/domain/contracts/partner';
import { dayAfter } from '../../src/domain/eventLink';
import { inviteCodes, users, webhookEvents } from '../../server/db/schema';
import { expectDetail, generousRateLimits, jpegPhoto, webFormData, webRegistration } from './fixtures';
import { APP_URL, BROWSER, ORGANISER_COOKIE as COOKIE, partnerCalls } from './partnerFixtures';
import { engines, startTestServer, type TestServer } from './testServer';

const today = () => new Date().toISOString().slice(0, 10);

describe.each(engines)('the organiser’s area on $name', (engine) => {
  const adminToken = 'an-admin-token-for-the-partner-tests-0123456789abcdefgh';
  let server: TestServer;
  let ada: { session: string; community: string };
  let bea: { session: string; community: string };
  let photo: Buffer;
  beforeAll(async () => {
    server = await startTestServer(
      engine,
      { appUrl: APP_URL, rateLimits: generousRateLimits },
      { adminToken },
    );
    photo = await jpegPhoto();
    ada = await partner(1, 'Ada Lovelace', 10);
    bea = await partner(2, 'Bea Smith', 10);
  });
  afterAll(() => server.close());
  const db = () => server.database.db;

  const { cli, signIn, approvedPartner: partner, as } = partnerCalls(() => server, adminToken);
  const makeLink = (who: { session: string }, body: object) =>
    as(who, 'POST', '/api/partner/event-links', { payload: body });
  const linksOf = async (community: string) =>
    db().select().from(inviteCodes).where(eq(inviteCodes.communityId, community));
  const register = (code: string) => server.app.inject(webRegistration(webFormData(code), [photo]));

  test('without an organiser’s session every partner route is 401, an operator’s session included', async () => {
    await cli('POST', '/api/admin/operators', { name: 'olive' });
    const link = (await cli('POST', '/api/admin/operators/olive/sign-in-links', {})).json<{ link: string }>()
      .link;
    const operator = { session: await signIn(link) };
    for (const who of [undefined, operator, { session: 'x'.repeat(43) }]) {
      for (const [method, url] of [
        ['GET', '/api/partner/community'],
        ['GET', '/api/partner/event-links'],
        ['POST', '/api/partner/event-links'],
        ['POST', '/api/partner/event-links/ABCDEFGHJK/revocation'],
      ] as const) {
        expectDetail(
          await as(who, method, url, { payload: { label: 'x', max_uses: 1, expires_on: today() } }),
          401,
        );
      }
    }
    expect(await linksOf(ada.community)).toEqual([]);
  });

  test('a change from another site (no same-origin) is refused and stores nothing', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/partner/event-links',
      remoteAddress: BROWSER.remoteAddress,
      headers: { host: 'becca.test', 'sec-fetch-site': 'cross-site', cookie: `${COOKIE}=${ada.session}` },
      payload: { label: 'Evil', max_uses: 1, expires_on: today() },
    });
    expectDetail(answer, 401);
    expect(await linksOf(ada.community)).toEqual([]);
  });

  test.each([
    [{ label: '   ', max_uses: 3, expires_on: dayAfter(today(), 7) }, 422, /label/],
    [{ label: 'Party \u202Egpj', max_uses: 3, expires_on: dayAfter(today(), 7) }, 422, /text-direction/],
    [{ label: 'x'.repeat(81), max_uses: 3, expires_on: dayAfter(today(), 7) }, 422, /at most 80/],
    [{ label: 'Breakfast', max_uses: 0, expires_on: dayAfter(today(), 7) }, 400, undefined],
    [{ label: 'Breakfast', max_uses: '3', expires_on: dayAfter(today(), 7) }, 400, undefined],
    [{ label: 'Breakfast', max_uses: 3, expires_on: dayAfter(today(), -1) }, 422, /has passed/],
    [{ label: 'Breakfast', max_uses: 3, expires_on: dayAfter(today(), 400) }, 422, /at most a year/],
    [{ label: 'Breakfast', max_uses: 3, expires_on: '2026-02-30' }, 422, /not a calendar date/],
    [
      { label: 'Breakfast', max_uses: 3, expires_on: dayAfter(today(), 7), community_id: 'x' },
      400,
      undefined,
    ],
    [
      { label: 'Breakfast', max_uses: 11, expires_on: dayAfter(today(), 7) },
      422,
      /has 10 of its 10 places left/,
    ],
  ])('%j is refused (%i) and stores nothing', async (body, status, detail) => {
    expectDetail(await makeLink(ada, body), status, detail);
    expect(await linksOf(ada.community)).toEqual([]);
  });

  test('a link of 3: three register, the fourth is refused, counts only, revoked, the quota holds', async () => {
    const expires_on = dayAfter(today(), 7);
    const made = await makeLink(ada, { label: '  November breakfast ', max_uses: 3, expires_on });
    expect(made.statusCode).toBe(201);
    const link = made.json<EventLink>();
    expect(link).toEqual({
      code: expect.stringMatching(/^[A-Z0-9]{10}$/),
      label: 'November breakfast',
      max_uses: 3,
      uses: 0,
      status: 'active',
      expires_on,
      share_url: `${APP_URL}/join?code=${link.code}`,
    });
    const [made_row] = (await cli('GET', '/api/admin/audit?action=partner.event-link')).json<AuditEntry[]>();
    expect(made_row).toMatchObject({ actor: expect.stringMatching(/^organiser:ada-lovelace-\d+$/) });
    expect(made_row!.effect).toContain(link.code);

    // Another community's organiser neither sees nor touches it.
    expect((await as(bea, 'GET', '/api/partner/event-links')).json<EventLinkList>().event_links).toEqual([]);
    expectDetail(await as(bea, 'POST', `/api/partner/event-links/${link.code}/revocation`), 404);

    const check = await server.app.inject({ method: 'GET', url: `/api/auth/validate-code/${link.code}` });
    expect(check.json()).toMatchObject({ valid: true });
    for (let i = 0; i < 3; i += 1) expect((await register(link.code)).statusCode).toBe(201);
    const joined = await db().select().from(users).where(eq(users.communityId, ada.community));
    expect(joined).toHaveLength(3);
    // The member.registered event says how they came in: this community's link, by its label.
    const events = (
      await db().select().from(webhookEvents).where(eq(webhookEvents.type, 'member.registered'))
    ).map((event) => JSON.parse(event.body) as { data: { user_id: string; source: unknown } });
    for (const member of joined) {
      expect(events.find((event) => event.data.user_id === member.id)?.data.source).toEqual({
        kind: 'community',
        community_id: ada.community,
        link_label: 'November breakfast',
      });
    }
    const fourth = await register(link.code);
    expect(fourth.statusCode).toBe(403);

    const list = await as(ada, 'GET', '/api/partner/event-links');
    const community = await as(ada, 'GET', '/api/partner/community');
    expect(list.json<EventLinkList>().event_links).toEqual([
      { ...link, uses: 3, status: 'used_up', funnel: { checked: 1, registered: 3, linked: 0, onboarded: 0 } },
    ]);
    expect(community.json<PartnerCommunity>()).toEqual({
      community_id: ada.community,
      name: 'Community 1',
      quota: 10,
      uses_left: 7,
      funnel: { checked: 1, registered: 3, linked: 0, onboarded: 0 },
    });
    // Counts only: no name, phone or member id in any answer.
    for (const answer of [list.body, community.body, made.body]) {
      for (const member of joined) {
        for (const personal of [
          member.id,
          member.phone,
          member.phone.slice(-6),
          member.firstName,
          member.lastName,
        ]) {
          expect(answer).not.toContain(personal);
        }
      }
    }

    // A second live link takes what is left, and no more.
    expectDetail(
      await makeLink(ada, { label: 'December', max_uses: 8, expires_on }),
      422,
      'This link would admit 8 people, but your community has 7 of its 10 places left: make a smaller link, or revoke one you no longer need.',
    );
    const second = (await makeLink(ada, { label: 'December', max_uses: 7, expires_on })).json<EventLink>();
    expectDetail(await makeLink(ada, { label: 'January', max_uses: 1, expires_on }), 422, /has 0 of its 10/);

    // Revoking gives back what the link did not use; revoking twice is harmless.
    const revoked = await as(ada, 'POST', `/api/partner/event-links/${second.code}/revocation`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<EventLink>()).toMatchObject({ code: second.code, status: 'revoked' });
    expect((await as(ada, 'POST', `/api/partner/event-links/${second.code}/revocation`)).statusCode).toBe(
      200,
    );
    expect(await register(second.code).then((answer) => answer.statusCode)).toBe(403);
    expect((await as(ada, 'GET', '/api/partner/community')).json<PartnerCommunity>().uses_left).toBe(7);
    const revocations = (await cli('GET', '/api/admin/audit?action=partner.revoke')).json<AuditEntry[]>();
    expect(revocations.map((row) => row.effect)).toEqual([
      `revoked event link ${second.code}`,
      `revoked event link ${second.code}`,
    ]);
    expect(revocations[0]!.actor).toMatch(/^organiser:ada-lovelace-/);
  });

  test('signing out ends the session', async () => {
    const session = await partner(3, 'Cy Young', 5);
    expect((await as(session, 'POST', '/api/partner/session/sign-out')).statusCode).toBe(204);
    expectDetail(await as(session, 'GET', '/api/partner/community'), 401);
  });

  test('/partner and a door poster are pages of the web app, kept out of the sitemap and of search engines', async () => {
    for (const url of ['/partner', '/partner/links/KXQ7MDPWRT/poster']) {
      const page = await server.app.inject({ method: 'GET', url });
      expect({ url, status: page.statusCode }).toEqual({ url, status: 200 });
      expect(page.headers['content-type']).toMatch(/text\/html/);
    }
    const sitemap = await server.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).not.toContain('/partner');
  });
});
