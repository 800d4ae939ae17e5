import { communityApplications } from '../../server/db/schema';
import { COMMUNITY_APPLICATION_RECEIVED } from '../../src/domain/communityApplication';
import { expectDetail, generousRateLimits } from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

const APPLICATION = {
  organiser_name: 'Ada Lovelace',
  community_name: 'Hackney Founders Breakfast',
  about: 'A monthly breakfast for people building companies in east London.',
  city: 'London',
  expected_size: 40,
  contact_phone: '07911 200001',
};

describe.each(engines)('POST /api/community-applications on $name', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimits: { ...generousRateLimits, waitlistJoin: 12 } });
  });
  afterAll(async () => {
    await server.close();
  });

  // Each request from its own address, but for the rate limit's test.
  let client = 0;
  const apply = (payload: unknown, remoteAddress = `10.1.${(client += 1)}.1`) =>
    server.app.inject({
      method: 'POST',
      url: '/api/community-applications',
      payload: payload as object,
      remoteAddress,
    });
  const rows = () => server.database.db.select().from(communityApplications);

  test('an application is stored trimmed, with the phone in E.164, and answered 202', async () => {
    const response = await apply({ ...APPLICATION, city: '  London  ' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ success: true, message: COMMUNITY_APPLICATION_RECEIVED });
    const [row, ...more] = await rows();
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      organiserName: 'Ada Lovelace',
      communityName: 'Hackney Founders Breakfast',
      city: 'London',
      expectedSize: 40,
      contactPhone: '+447911200001',
      status: 'pending',
    });
  });

  test('applying twice (another spelling of the number and the name) answers like once and stores one row', async () => {
    const before = (await rows()).length;
    const first = await apply({ ...APPLICATION, contact_phone: '+44 7911 200002' });
    const second = await apply({
      ...APPLICATION,
      contact_phone: '07911200002',
      community_name: '  hackney   FOUNDERS breakfast ',
    });
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    expect((await rows()).length).toBe(before + 1);
  });

  test.each([
    [{ about: 'Too short to say much.' }, /30 to 500 characters/],
    [{ about: 'x'.repeat(501) }, /30 to 500 characters \(now 501\)/],
    [{ organiser_name: '   ' }, 'Your name is required'],
    [{ community_name: 'x'.repeat(121) }, 'Community name must be at most 120 characters'],
    [{ city: 'Lon\u202Edon' }, /text-direction control characters/],
    [{ organiser_name: 'Ada\u001b[2J' }, /control characters/],
    [{ expected_size: 1 }, /whole number from 2 to 100000/],
    [{ contact_phone: 'not a number' }, 'Please enter a valid phone number'],
  ])('%j answers 422 with its message and stores nothing', async (change, detail) => {
    const before = (await rows()).length;
    expectDetail(await apply({ ...APPLICATION, contact_phone: '07911 200009', ...change }), 422, detail);
    expect((await rows()).length).toBe(before);
  });

  test.each([
    [{ ...APPLICATION, expected_size: '40' }],
    [{ ...APPLICATION, extra: 'field' }],
    [{ organiser_name: 'Ada' }],
  ])('a body of the wrong shape answers 400 and stores nothing', async (body) => {
    const before = (await rows()).length;
    expectDetail(await apply(body), 400);
    expect((await rows()).length).toBe(before);
  });

  test('a client that applies too often is answered 429 with Retry-After', async () => {
    let last;
    for (let i = 0; i < 14; i += 1)
      last = await apply({ ...APPLICATION, contact_phone: '07911 200003' }, '10.9.9.9');
    expect(last!.statusCode).toBe(429);
    expect(last!.headers['retry-after']).toBeDefined();
  });
});
