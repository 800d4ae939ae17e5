import { eq } from 'drizzle-orm';
import type { AuditEntry } from '../../src/domain/contracts/adminAudit';
import type { CommunityList, CommunitySuspended } from '../../src/domain/contracts/adminCommunities';
import type { InviteTree } from '../../src/domain/contracts/adminInviteCodes';
import type { AdminOverview } from '../../src/domain/contracts/adminOverview';
import type { EventLink } from '../../src/domain/contracts/partner';
import { dayAfter } from '../../src/domain/eventLink';
import { formatInviteTree } from '../../server/cli/inviteTreeText';
import { communities, operatorAudit, users } from '../../server/db/schema';
import { expectDetail, generousRateLimits, jpegPhoto, webFormData, webRegistration } from './fixtures';
import { APP_URL, BROWSER, partnerCalls, type Partner } from './partnerFixtures';
import { engines, startTestServer, type TestServer } from './testServer';

const today = () => new Date().toISOString().slice(0, 10);
const UNKNOWN = '0b8c7f5e-3f0e-4d55-9d55-1f6c2d1b7a10';

/** The operator's view of communities (issue 50): the list, the suspension, and the poster's ETag. */
describe.each(engines)('operators running communities on $name', (engine) => {
  const adminToken = 'an-admin-token-for-the-community-ops-tests-0123456789ab';
  let server: TestServer;
  let ada: Partner;
  let bea: Partner;
  let link: EventLink;
  let photo: Buffer;
  beforeAll(async () => {
    server = await startTestServer(
      engine,
      { appUrl: APP_URL, rateLimits: generousRateLimits },
      { adminToken },
    );
    photo = await jpegPhoto();
    ada = await partner(1, 'Ada Lovelace', 10);
    bea = await partner(2, 'Bea Smith', 20);
  });
  afterAll(() => server.close());
  const db = () => server.database.db;

  const { cli, pressSignIn, approvedPartner: partner, as } = partnerCalls(() => server, adminToken);
  const register = (code: string) => server.app.inject(webRegistration(webFormData(code), [photo]));
  const listed = async () => (await cli('GET', '/api/admin/communities')).json<CommunityList>().communities;
  const audit = async (action: string) =>
    (await cli('GET', `/api/admin/audit?${new URLSearchParams({ action })}`)).json<AuditEntry[]>();
  const stored = async () => ({
    audit: (await db().select().from(operatorAudit)).length,
    suspended: (await db().select().from(communities))
      .filter((row) => row.suspendedAt !== null)
      .map((row) => row.id)
      .sort(),
    members: (await db().select().from(users)).length,
  });

  test('the list shows every community newest first, with its counts and no phone', async () => {
    link = (
      await as(ada, 'POST', '/api/partner/event-links', {
        payload: { label: 'Breakfast', max_uses: 3, expires_on: dayAfter(today(), 7) },
      })
    ).json<EventLink>();
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/auth/validate-code/${link.code}` })).json(),
    ).toMatchObject({ valid: true });
    for (let i = 0; i < 2; i += 1) expect((await register(link.code)).statusCode).toBe(201);

    const answer = await cli('GET', '/api/admin/communities');
    expect(answer.statusCode).toBe(200);
    const rows = answer.json<CommunityList>().communities;
    expect(rows.map((row) => row.id)).toEqual([bea.community, ada.community]);
    expect(rows[1]).toEqual({
      id: ada.community,
      name: 'Community 1',
      organiser: ada.organiser,
      status: 'active',
      quota: 10,
      uses_left: 7,
      live_links: 1,
      funnel: { checked: 1, registered: 2, linked: 0, onboarded: 0 },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      suspended_at: null,
    });
    expect(rows[0]).toMatchObject({ quota: 20, uses_left: 20, live_links: 0, status: 'active' });
    const members = await db().select().from(users).where(eq(users.communityId, ada.community));
    for (const personal of [
      ada.phone.replace(/\D/g, '').slice(1),
      bea.phone.replace(/\D/g, '').slice(1),
      ...members.flatMap((member) => [member.id, member.phone.slice(-6), member.firstName]),
    ]) {
      expect(answer.body).not.toContain(personal);
    }
  });

  test('the poster’s list has a weak ETag: the same list again is 304 with no body, a change is a new 200', async () => {
    const first = await as(ada, 'GET', '/api/partner/event-links');
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const unchanged = await as(ada, 'GET', '/api/partner/event-links', {
      headers: { 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    // A strong spelling of the same tag, or a list of tags naming it, matches too (weak comparison).
    for (const tags of [etag.slice(2), `W/"other", ${etag}`]) {
      expect(
        (await as(ada, 'GET', '/api/partner/event-links', { headers: { 'if-none-match': tags } })).statusCode,
      ).toBe(304);
    }
    const other = await as(ada, 'GET', '/api/partner/event-links', {
      headers: { 'if-none-match': 'W/"nope"' },
    });
    expect(other.statusCode).toBe(200);
    // Another community's list is another answer: Bea's browser never reuses Ada's.
    const beas = await as(bea, 'GET', '/api/partner/event-links', { headers: { 'if-none-match': etag } });
    expect(beas.statusCode).toBe(200);

    expect((await register(link.code)).statusCode).toBe(201);
    const changed = await as(ada, 'GET', '/api/partner/event-links', { headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(
      changed.json<{ event_links: { funnel: { registered: number } }[] }>().event_links[0]!.funnel.registered,
    ).toBe(3);
  });

  test('the invite tree names the community of an event link, and the overview has a funnel per community', async () => {
    const tree = (await cli('GET', '/api/admin/invite-tree')).json<InviteTree>();
    expect(tree.codes.find((code) => code.code === link.code)).toMatchObject({
      label: 'Breakfast',
      invited_by: null,
      community: { id: ada.community, name: 'Community 1' },
    });
    expect(tree.codes.filter((code) => code.community === null).length).toBe(
      tree.codes.filter((code) => code.code !== link.code).length,
    );
    expect(tree.members.filter((member) => member.invite_code === link.code)).toHaveLength(3);
    // `npm run invite -- tree` prints the community at the link's root.
    expect(formatInviteTree(tree).text).toMatch(
      new RegExp(`^${link.code}  community Community 1: Breakfast  3/3 uses$`, 'm'),
    );

    const overview = (await cli('GET', '/api/admin/overview')).json<AdminOverview>();
    expect(overview.funnel.communities).toEqual([
      {
        community_id: ada.community,
        name: 'Community 1',
        counts: { issued: 1, checked: 1, registered: 3, linked: 0, onboarded: 0 },
      },
    ]);
    expect(overview.funnel.cohorts.find((cohort) => cohort.label === 'Breakfast')?.counts).toEqual(
      overview.funnel.communities[0]!.counts,
    );
  });

  test.each([
    ['no reason', {}, 400],
    ['an unknown field', { reason: 'Spam', until: '2027-01-01' }, 400],
    ['a blank reason', { reason: '   ' }, 422],
    ['a reason with a bidi override', { reason: 'ok \u202Egpj' }, 422],
  ])('a suspension with %s is refused and stores nothing', async (_case, body, status) => {
    const before = await stored();
    expectDetail(await cli('POST', `/api/admin/communities/${bea.community}/suspension`, body), status);
    expect(await stored()).toEqual(before);
    expect((await as(bea, 'GET', '/api/partner/community')).statusCode).toBe(200);
  });

  test('an unknown community is 404 and stores nothing', async () => {
    const before = await stored();
    expectDetail(
      await cli('POST', `/api/admin/communities/${UNKNOWN}/suspension`, { reason: 'Spam' }),
      404,
      `No community ${UNKNOWN}.`,
    );
    expectDetail(await cli('POST', '/api/admin/communities/not-a-uuid/suspension', { reason: 'Spam' }), 400);
    expect(await stored()).toEqual(before);
  });

  test('suspension stops the links, ends the organiser’s sessions and refuses their sign-in; audited; twice is 409', async () => {
    const fresh = await makeAnotherLink();
    const answer = await cli('POST', `/api/admin/communities/${ada.community}/suspension`, {
      reason: 'Links shared on a public forum',
    });
    expect(answer.statusCode).toBe(200);
    const suspended = answer.json<CommunitySuspended>();
    expect(suspended).toEqual({
      community_id: ada.community,
      status: 'suspended',
      suspended_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      effect: 'suspended community Community 1: 1 live link stopped, 1 session ended',
    });
    const [row] = await audit('communities.suspend');
    expect(row).toMatchObject({
      actor: 'cli:ops@becca-1',
      target: `community:${ada.community}`,
      reason: 'Links shared on a public forum',
      effect: suspended.effect,
    });
    expect((await audit('operators.session-end')).at(-1)).toMatchObject({
      actor: `organiser:${ada.organiser}`,
      target: ada.organiser,
      effect: 'session ended: the community was suspended',
    });

    // Its live link admits nobody: answered as a revoked code, and a registration stores nothing.
    const check = await server.app.inject({ method: 'GET', url: `/api/auth/validate-code/${fresh.code}` });
    expect(check.json()).toEqual({ valid: false, message: 'This invite code is no longer active' });
    const members = (await stored()).members;
    expectDetail(await register(fresh.code), 403, 'This invite code is no longer active');
    expect((await stored()).members).toBe(members);

    // The organiser is signed out, and signing in again is refused.
    for (const [method, url] of [
      ['GET', '/api/partner/community'],
      ['GET', '/api/partner/event-links'],
    ] as const) {
      expectDetail(await as(ada, method, url), 401);
    }
    expectDetail(
      await as(ada, 'POST', '/api/partner/event-links', {
        payload: { label: 'After', max_uses: 1, expires_on: dayAfter(today(), 3) },
      }),
      401,
    );
    expectDetail(await cli('POST', `/api/admin/communities/${ada.community}/sign-in-link`), 404);
    // A link made by hand (the operators' own command) opens nothing either.
    const byHand = (await cli('POST', `/api/admin/operators/${ada.organiser}/sign-in-links`, {})).json<{
      link: string;
    }>().link;
    const page = await server.app.inject({ method: 'GET', url: new URL(byHand).pathname, ...BROWSER });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('suspended');
    const pressed = await pressSignIn(byHand);
    expect(pressed.statusCode).toBe(403);
    expect(pressed.headers['set-cookie']).toBeUndefined();

    const [ours] = (await listed()).filter((one) => one.id === ada.community);
    expect(ours).toMatchObject({ status: 'suspended', live_links: 0, suspended_at: suspended.suspended_at });

    // Twice is 409 with a sentence, and changes nothing.
    const before = await stored();
    expectDetail(
      await cli('POST', `/api/admin/communities/${ada.community}/suspension`, { reason: 'Again' }),
      409,
      /^Community Community 1 was suspended already, on \d{4}-/,
    );
    expect(await stored()).toEqual(before);
    // The other community is untouched.
    expect((await as(bea, 'GET', '/api/partner/community')).statusCode).toBe(200);
  });

  async function makeAnotherLink(): Promise<EventLink> {
    const made = await as(ada, 'POST', '/api/partner/event-links', {
      payload: { label: 'Supper', max_uses: 2, expires_on: dayAfter(today(), 7) },
    });
    expect(made.statusCode).toBe(201);
    return made.json<EventLink>();
  }
});
