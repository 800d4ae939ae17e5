import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { inviteCodes } from '../../server/db/schema';
import { PHONE_TAKEN } from '../../server/routes/registrationRoutes';
import { createInviteCode } from '../../server/invites/inviteCodeStore';
import { expectDetail, pngPhoto, storedCounts, uniquePhone, webFormData, webRegistration } from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

jest.setTimeout(120_000);

const TOO_MANY = /^Too many attempts\. Please wait \d+ seconds and try again\.$/;

/** The door as shipped: the default limits of `npm start`. */
describe.each(engines)('the door with its default limits on $name', (engine) => {
  let server: TestServer;
  let photo: Buffer;
  beforeAll(async () => {
    server = await startTestServer(engine);
    photo = await pngPhoto();
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const newCode = async (maxUses = 1) => (await createInviteCode(db(), { maxUses, label: 'door test' })).code;
  const validate = (code: string, remoteAddress: string): InjectOptions => ({
    method: 'GET',
    url: `/api/auth/validate-code/${code}`,
    remoteAddress,
  });
  const register = (code: string, phone: string, remoteAddress: string) =>
    server.app.inject({ ...webRegistration(webFormData(code, { phone }), [photo]), remoteAddress });
  const usesOf = async (code: string) =>
    (await db().select().from(inviteCodes).where(eq(inviteCodes.code, code)))[0]!.uses;

  test('a meetup on one address: 200 good codes all check valid within a minute, then 31 bad ones → 429', async () => {
    const meetup = '198.51.100.20';
    const codes = await Promise.all(Array.from({ length: 200 }, () => newCode()));
    const answers: LightMyRequestResponse[] = [];
    for (const code of codes) answers.push(await server.app.inject(validate(code, meetup)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array<number>(200).fill(200));
    expect(answers.every((answer) => answer.json<{ valid: boolean }>().valid)).toBe(true);

    const bad: number[] = [];
    for (let i = 0; i < 30; i += 1)
      bad.push((await server.app.inject(validate(`WRONG${i}`, meetup))).statusCode);
    expect(bad).toEqual(Array<number>(30).fill(200));
    expectDetail(await server.app.inject(validate('WRONG30', meetup)), 429, TOO_MANY);
  });

  test('a meetup on one address: 25 people register one after another, none refused', async () => {
    const meetup = '198.51.100.21';
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1)
      statuses.push((await register(await newCode(), uniquePhone(), meetup)).statusCode);
    expect(statuses).toEqual(Array<number>(25).fill(201));
  });

  test('one code cannot probe membership: the 4th conflict on it is 429, and the code still admits a new number', async () => {
    const member = uniquePhone();
    expect((await register(await newCode(), member, '198.51.100.30')).statusCode).toBe(201);

    const probe = await newCode();
    // Each conflict from a different address: the per-code limit holds whoever asks.
    for (const address of ['198.51.100.31', '198.51.100.32', '198.51.100.33']) {
      expectDetail(await register(probe, member, address), 409, PHONE_TAKEN);
    }
    const before = await storedCounts(db());
    const refused = await register(probe, member, '198.51.100.34');
    expectDetail(refused, 429, TOO_MANY);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect(await storedCounts(db())).toEqual(before);
    // Asking again stays refused for the rest of the day.
    expectDetail(await register(probe, member, '198.51.100.35'), 429, TOO_MANY);

    expect(await usesOf(probe)).toBe(0);
    const check = await server.app.inject(validate(probe, '198.51.100.36'));
    expect(check.json()).toEqual({ valid: true, message: 'Invite code is valid' });
    expect((await register(probe, uniquePhone(), '198.51.100.37')).statusCode).toBe(201);
    expect(await usesOf(probe)).toBe(1);
  });

  test('conflicts count against the client too: a prober rotating codes is stopped after 10 refusals', async () => {
    const member = uniquePhone();
    expect((await register(await newCode(), member, '198.51.100.40')).statusCode).toBe(201);
    const prober = '198.51.100.41';
    for (let i = 0; i < 10; i += 1)
      expect((await register(await newCode(), member, prober)).statusCode).toBe(409);
    const before = await storedCounts(db());
    expectDetail(await register(await newCode(), uniquePhone(), prober), 429, TOO_MANY);
    expect(await storedCounts(db())).toEqual(before);
  });
});
