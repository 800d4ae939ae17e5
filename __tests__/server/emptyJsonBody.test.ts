import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { readSettings } from '../../server/config';
import {
  generousRateLimits,
  jpegPhoto,
  makeInvite,
  uniquePhone,
  webFormData,
  webRegistration,
} from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

/**
 * Issue 30: `Content-Type: application/json` with an empty body on a POST that takes no body answered
 * 400. An empty JSON body is no body: accepted where none is needed, refused where one is, and a
 * non-empty body that is not JSON is still a 400.
 */
jest.setTimeout(60_000);

const API_KEY = randomBytes(32).toString('base64url');
const ADMIN_TOKEN = randomBytes(32).toString('base64url');
const json = { 'content-type': 'application/json' };

/**
 * Every route of the app with its methods, read from Fastify's own listing (`printRoutes` without a
 * common prefix: each line is its parent's path plus a segment, four characters deeper per level).
 */
function routesOf(app: FastifyInstance): { url: string; methods: string[] }[] {
  const paths: string[] = [];
  const routes: { url: string; methods: string[] }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)(?:├── |└── )(\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    paths[depth] = (depth > 0 ? paths[depth - 1]! : '') + match[2]!;
    if (match[3]) routes.push({ url: paths[depth]!, methods: match[3].split(', ') });
  }
  return routes;
}

describe.each(engines)('an empty JSON body on $name', (engine) => {
  let server: TestServer;
  let inviteCode: string;

  beforeAll(async () => {
    const defaults = readSettings({});
    server = await startTestServer(
      engine,
      {
        rateLimits: generousRateLimits,
        assistant: { ...defaults.assistant, apiKey: API_KEY, rateLimitPerMinute: 10_000 },
      },
      { adminToken: ADMIN_TOKEN },
    );
    inviteCode = await makeInvite(server.database.db, 'valid', 100);
  });
  afterAll(() => server.close());

  async function linkedMember(): Promise<string> {
    const phone = uniquePhone();
    const registered = await server.app.inject(
      webRegistration(webFormData(inviteCode, { phone }), [await jpegPhoto(40, 30)]),
    );
    expect(registered.statusCode).toBe(201);
    const body = registered.json<{ user_id: string; whatsapp_url: string }>();
    const linkingCode = new URL(body.whatsapp_url).searchParams.get('text')!.split(' ').at(-1)!;
    const linked = await server.app.inject({
      method: 'POST',
      url: '/api/assistant/link',
      headers: { authorization: `Bearer ${API_KEY}` },
      payload: { linking_code: linkingCode, whatsapp_number: phone },
    });
    expect(linked.statusCode).toBe(200);
    return body.user_id;
  }

  const onboard = (userId: string, payload: string) =>
    server.app.inject({
      method: 'POST',
      url: `/api/assistant/members/${userId}/onboarded`,
      headers: { authorization: `Bearer ${API_KEY}`, ...json },
      payload,
    });

  test('POST /api/assistant/members/{id}/onboarded accepts it', async () => {
    const response = await onboard(await linkedMember(), '');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'onboarded' });
  });

  test.each([
    ['broken JSON', '{"status":'],
    ['whitespace alone', '  '],
    ['a prototype-poisoning key', '{"__proto__": {"admin": true}}'],
  ])('%s on the same route is still a 400 with a detail, and nothing changes', async (_case, payload) => {
    const userId = await linkedMember();
    const response = await onboard(userId, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.any(String) });
    const member = await server.app.inject({
      method: 'GET',
      url: `/api/assistant/members/${userId}`,
      headers: { authorization: `Bearer ${API_KEY}` },
    });
    expect(member.json()).toMatchObject({ status: 'linked' });
  });

  test("an operator's bodiless POST accepts it too (exporting the waitlist)", async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/admin/waitlist/exports',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...json },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });

  test('on every POST and DELETE route, an empty JSON body answers as no body at all does', async () => {
    const auth = (url: string) =>
      url.startsWith('/api/admin/')
        ? { authorization: `Bearer ${ADMIN_TOKEN}` }
        : url.startsWith('/api/assistant/')
          ? { authorization: `Bearer ${API_KEY}` }
          : {};
    const calls = routesOf(server.app).flatMap(({ url, methods }) =>
      methods
        .filter((method) => method === 'POST' || method === 'DELETE')
        // An id or code that does not exist: the answer is the route's own, not a side effect's. (Two
        // routes naming the same parameter differently are listed as one, `:id|:userId`.)
        .map((method) => ({ method, url: url.replace(/:\w+(?:\|:\w+)*/g, 'NOSUCHID23') })),
    );
    expect(calls).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: '/api/assistant/members/NOSUCHID23/onboarded' },
        { method: 'POST', url: '/api/admin/webhook-events/NOSUCHID23/retry' },
        { method: 'POST', url: '/api/admin/nominations/purge' },
        { method: 'DELETE', url: '/api/me' },
      ]),
    );
    for (const { method, url } of calls) {
      const ask = (headers: Record<string, string>) =>
        server.app.inject({
          method: method as 'POST',
          url,
          headers: { ...auth(url), ...headers },
          payload: '',
        });
      // The sign-in link's POST answers a page, the backup an archive (made anew, so compared by its
      // type); every other route JSON.
      const answer = (response: LightMyRequestResponse) => {
        const type = String(response.headers['content-type']);
        if (type.startsWith('application/json')) return response.json() as unknown;
        return type.startsWith('text/html') ? response.body : type;
      };
      const withoutBody = await ask({});
      for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
        const emptyJson = await ask({ 'content-type': contentType });
        expect({ method, url, contentType, status: emptyJson.statusCode, body: answer(emptyJson) }).toEqual({
          method,
          url,
          contentType,
          status: withoutBody.statusCode,
          body: answer(withoutBody),
        });
      }
    }
  });

  test('a route that needs a body still refuses an empty one with 400', async () => {
    for (const [url, headers] of [
      ['/api/waitlist/join', json],
      ['/api/admin/invite-codes', { authorization: `Bearer ${ADMIN_TOKEN}`, ...json }],
    ] as const) {
      const response = await server.app.inject({ method: 'POST', url, headers, payload: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: expect.stringMatching(/^Invalid request: /) });
    }
  });
});
