import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { readSettings } from '../../server/config';
import { limits } from '../../src/domain/limits';
import { generousRateLimits, makeInvite, pngPhoto, webFormData, webRegistration } from './fixtures';
import {
  fetchAdminDocument,
  fetchDocument,
  operations,
  webhookOperations,
  type Json,
  type OpenApiDocument,
  type Operation,
} from './openApiContract';
import { engines, startTestServer, type TestServer } from './testServer';

/**
 * Every answer the guards in front of a route give is in the document, with the headers it carries:
 * each operation is sent the inputs that trip each guard (no credentials, a wrong token, an over-long
 * parameter, a body too large, of another type, malformed or of the wrong shape, too many requests),
 * and whatever it answers must be a status the document lists for it, carrying exactly the declared
 * headers of the ones watched here. A guard added later without its answer fails this test.
 */
// Some hundreds of requests, each probe's answer checked: seconds alone, longer on a busy machine.
jest.setTimeout(120_000);

const ADMIN_TOKEN = 'an-admin-token-for-the-guard-tests';
const ASSISTANT_KEY = 'an-assistant-key-for-the-guard-tests';

/** Headers a client acts on: each one sent must be declared on that answer, and each declared one sent. */
const WATCHED_HEADERS = [
  'retry-after',
  'www-authenticate',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'content-disposition',
  'etag',
];

interface Credentials {
  memberToken: string;
  userId: string;
}

function declaredAnswer(operation: Operation, status: number): Json | undefined {
  const responses = operation.operation.responses as Record<string, Json>;
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

function declaredHeaders(answer: Json): string[] {
  return Object.keys((answer.headers as Json | undefined) ?? {}).map((name) => name.toLowerCase());
}

/** The answer is documented for the operation, with its watched headers declared, and none missing. */
function expectDocumented(operation: Operation, probe: string, response: LightMyRequestResponse): void {
  const where = `${operation.name} (${probe}) answered ${response.statusCode}`;
  expect({ where, server: response.statusCode < 500 }).toEqual({ where, server: true });
  const answer = declaredAnswer(operation, response.statusCode);
  expect({ where, documented: answer !== undefined }).toEqual({ where, documented: true });
  const declared = declaredHeaders(answer!);
  const sent = WATCHED_HEADERS.filter((name) => response.headers[name] !== undefined);
  expect({ where, headers: sent.filter((name) => !declared.includes(name)) }).toEqual({ where, headers: [] });
  expect({
    where,
    missing: declared.filter((name) => WATCHED_HEADERS.includes(name) && !sent.includes(name)),
  }).toEqual({ where, missing: [] });
  if (response.statusCode === 401) {
    expect(response.headers['www-authenticate']).toMatch(/^Bearer( error="invalid_token")?$/);
  }
}

const SCHEME_HEADERS: Record<string, (credentials: Credentials) => Record<string, string>> = {
  memberToken: ({ memberToken }) => ({ authorization: `Bearer ${memberToken}` }),
  assistantKey: () => ({ authorization: `Bearer ${ASSISTANT_KEY}` }),
  adminToken: () => ({ authorization: `Bearer ${ADMIN_TOKEN}` }),
};

/** The credentials an operation names, as headers (none for public ones and the cookie-only ones). */
function credentialsFor(operation: Operation, credentials: Credentials): Record<string, string> {
  const security = (operation.operation.security as Record<string, string[]>[] | undefined) ?? [];
  for (const requirement of security) {
    for (const scheme of Object.keys(requirement)) {
      const headers = SCHEME_HEADERS[scheme];
      if (headers) return headers(credentials);
    }
  }
  return {};
}

function url(operation: Operation, parameterValue: (name: string) => string): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    encodeURIComponent(parameterValue(name)),
  );
}

function pathParameters(operation: Operation): { name: string; maxLength?: number }[] {
  return ((operation.operation.parameters as Json[] | undefined) ?? [])
    .filter((parameter) => parameter.in === 'path')
    .map((parameter) => ({
      name: parameter.name as string,
      maxLength: (parameter.schema as Json).maxLength as number | undefined,
    }));
}

function queryParameters(operation: Operation): { name: string; maxLength?: number }[] {
  return ((operation.operation.parameters as Json[] | undefined) ?? [])
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => ({
      name: parameter.name as string,
      maxLength: (parameter.schema as Json).maxLength as number | undefined,
    }));
}

const HAS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The requests that trip each guard of an operation, with valid credentials unless the probe is about them. */
function probes(operation: Operation, credentials: Credentials): [string, InjectOptions][] {
  const method = operation.method as InjectOptions['method'];
  const ok = credentialsFor(operation, credentials);
  const sample = (name: string) =>
    name === 'user_id' || name === 'userId' || name === 'id' ? credentials.userId : 'x';
  const base = { method, url: url(operation, sample) };
  const list: [string, InjectOptions][] = [];
  if (Object.keys(ok).length > 0) {
    list.push(['no credentials', base]);
    list.push([
      'a wrong bearer token',
      { ...base, headers: { authorization: 'Bearer not-a-token-we-know' } },
    ]);
    list.push(['another scheme', { ...base, headers: { authorization: 'Basic dXNlcjpwYXNz' } }]);
  }
  for (const { name, maxLength } of pathParameters(operation)) {
    if (maxLength === undefined || maxLength > 1000) continue;
    const long = (other: string) => (other === name ? 'a'.repeat(maxLength + 1) : sample(other));
    list.push([`${name} over ${maxLength} characters`, { method, url: url(operation, long), headers: ok }]);
  }
  for (const { name, maxLength } of queryParameters(operation)) {
    if (maxLength === undefined) continue;
    const query = `?${name}=${'a'.repeat(maxLength + 1)}`;
    list.push([`?${name} over ${maxLength} characters`, { ...base, url: base.url + query, headers: ok }]);
    list.push([
      `an unknown query parameter`,
      { ...base, url: `${base.url}?no_such_parameter=1`, headers: ok },
    ]);
  }
  if (HAS_BODY.has(operation.method)) {
    const json = { ...ok, 'content-type': 'application/json' };
    const big = JSON.stringify({ padding: 'x'.repeat(limits.jsonBodyMaxBytes) });
    list.push([
      `a JSON body over ${limits.jsonBodyMaxBytes} bytes`,
      { ...base, headers: json, payload: big },
    ]);
    list.push([
      'a body of another type',
      { ...base, headers: { ...ok, 'content-type': 'text/plain' }, payload: 'hi' },
    ]);
    list.push(['malformed JSON', { ...base, headers: json, payload: '{"a": ' }]);
    list.push(['JSON of the wrong shape', { ...base, headers: json, payload: '{"no_such_field": [1, 2]}' }]);
    list.push(['a JSON list', { ...base, headers: json, payload: '[]' }]);
  }
  return list;
}

/** Sends a failing request until the limit answers 429 (at most `tries` times), and returns every answer. */
async function untilLimited(
  server: TestServer,
  request: InjectOptions,
  tries = 6,
): Promise<LightMyRequestResponse[]> {
  const answers: LightMyRequestResponse[] = [];
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const response = await server.app.inject(request);
    answers.push(response);
    if (response.statusCode === 429) break;
  }
  return answers;
}

describe.each(engines)("the guards' answers are documented, on $name", (engine) => {
  let server: TestServer;
  let document: OpenApiDocument;
  let credentials: Credentials;
  beforeAll(async () => {
    const defaults = readSettings({});
    server = await startTestServer(
      engine,
      {
        rateLimits: generousRateLimits,
        assistant: { ...defaults.assistant, apiKey: ASSISTANT_KEY, rateLimitPerMinute: 10_000 },
      },
      { adminToken: ADMIN_TOKEN },
    );
    // Both documents: the public one and the admin API's, served to operators only.
    const [publicDocument, adminDocument] = await Promise.all([
      fetchDocument(server.app),
      fetchAdminDocument(server.app, ADMIN_TOKEN),
    ]);
    document = { ...publicDocument, paths: { ...publicDocument.paths, ...adminDocument.paths } };
    const code = await makeInvite(server.database.db, 'valid', 10);
    const registered = await server.app.inject(webRegistration(webFormData(code), [await pngPhoto()]));
    expect(registered.statusCode).toBe(201);
    const body = registered.json<{ access_token: string; user_id: string }>();
    credentials = { memberToken: body.access_token, userId: body.user_id };
  });
  afterAll(async () => {
    await server.close();
  });

  test('every operation has a unique operationId a generated client can use as a method name', () => {
    const ids = [...operations(document), ...webhookOperations(document)].map(
      (operation) => operation.operation.operationId as string | undefined,
    );
    expect(ids.filter((id) => id === undefined)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of operations(document).map((operation) => operation.operation.operationId as string)) {
      expect(id).toMatch(/^[a-z][A-Za-z]+$/);
    }
    const byName = Object.fromEntries(
      operations(document).map((one) => [one.name, one.operation.operationId]),
    );
    expect(byName).toMatchObject({
      'GET /api/auth/validate-code/{code}': 'validateInviteCode',
      'POST /api/waitlist/join': 'joinWaitlist',
      'POST /api/auth/register': 'registerMember',
      'GET /api/me': 'getMe',
      'POST /api/assistant/link': 'linkMember',
      'GET /api/admin/members': 'listMembers',
      'GET /api/admin/members/{id}': 'getMember',
      'POST /api/admin/invite-codes': 'createInviteCodes',
    });
  });

  test('every operation says what credentials it needs (security: [] when none), webhooks their signature', () => {
    for (const operation of operations(document)) {
      expect({ operation: operation.name, security: Array.isArray(operation.operation.security) }).toEqual({
        operation: operation.name,
        security: true,
      });
    }
    expect(document.paths['/api/waitlist/join']!.post!.security).toEqual([]);
    for (const webhook of webhookOperations(document)) {
      expect(webhook.operation.security).toEqual([{ standardWebhooksSignature: [] }]);
    }
  });

  test("the operator's routes answer strangers 404, so they document no 401 (but the session check)", () => {
    const admin = operations(document).filter(
      (operation) =>
        operation.path.startsWith('/api/admin/') && !operation.path.startsWith('/api/admin/session'),
    );
    expect(admin.length).toBeGreaterThan(20);
    for (const operation of admin) {
      const statuses = Object.keys(operation.operation.responses as Json);
      expect({
        operation: operation.name,
        has401: statuses.includes('401'),
        has404: statuses.includes('404'),
      }).toEqual({ operation: operation.name, has401: false, has404: true });
    }
  });

  test('every 401 declares WWW-Authenticate, every 429 and 503 Retry-After, the data export its file name', () => {
    const missing: string[] = [];
    for (const operation of operations(document)) {
      const responses = operation.operation.responses as Record<string, Json>;
      const needs: [string, string][] = [
        ['401', 'www-authenticate'],
        ['429', 'retry-after'],
        // /health answers probes, not clients: its 503 is its own `{status, detail}`, with no wait to suggest.
        ...(operation.path === '/health' ? [] : ([['503', 'retry-after']] as [string, string][])),
      ];
      for (const [status, header] of needs) {
        if (responses[status] && !declaredHeaders(responses[status]).includes(header)) {
          missing.push(`${operation.name} ${status} ${header}`);
        }
      }
    }
    expect(missing).toEqual([]);
    const exported = operations(document).find((one) => one.name === 'GET /api/me/export')!;
    expect(declaredHeaders((exported.operation.responses as Record<string, Json>)['200']!)).toContain(
      'content-disposition',
    );
  });

  test('every operation, sent what trips each of its guards, answers as documented', async () => {
    let sent = 0;
    // DELETE /api/me erases the member whose token the other probes carry: last.
    const ordered = operations(document).sort(
      (a, b) =>
        Number(a.path === '/api/me' && a.method === 'DELETE') -
        Number(b.path === '/api/me' && b.method === 'DELETE'),
    );
    for (const operation of ordered) {
      for (const [probe, request] of probes(operation, credentials)) {
        expectDocumented(operation, probe, await server.app.inject(request));
        sent += 1;
      }
    }
    // The probes were made from the document, not from an empty list.
    expect(sent).toBeGreaterThan(150);
  });

  test.each(['/api/assistant/members/{user_id}', '/api/assistant/members/{user_id}/photo'])(
    'GET %s: a user_id over the limit is a documented 400',
    async (path) => {
      const operation = operations(document).find((one) => one.path === path && one.method === 'GET')!;
      const response = await server.app.inject({
        method: 'GET',
        url: path.replace('{user_id}', 'a'.repeat(limits.apiText.idMaxLength + 1)),
        headers: { authorization: `Bearer ${ASSISTANT_KEY}` },
      });
      expect(response.statusCode).toBe(400);
      expectDocumented(operation, 'user_id over the limit', response);
    },
  );

  test('a JSON body over 64 KB is a documented 413 on every operation that reads a body', async () => {
    const withBodies = operations(document).filter((operation) => operation.operation.requestBody);
    expect(withBodies.length).toBeGreaterThanOrEqual(14);
    for (const operation of withBodies) {
      const response = await server.app.inject({
        method: operation.method as InjectOptions['method'],
        url: operation.path.replace(/\{[^}]+\}/g, credentials.userId),
        headers: { ...credentialsFor(operation, credentials), 'content-type': 'application/json' },
        payload: JSON.stringify({ padding: 'x'.repeat(limits.jsonBodyMaxBytes) }),
      });
      // The admin routes' guard (404 to anyone not an operator) stands before the body is read.
      expect({ operation: operation.name, status: response.statusCode }).toEqual({
        operation: operation.name,
        status: 413,
      });
      expectDocumented(operation, 'a body over 64 KB', response);
    }
  });

  test('a 401 asks for a bearer token, and says when the one given is not accepted', async () => {
    const me = await server.app.inject({ method: 'GET', url: '/api/me' });
    expect([me.statusCode, me.headers['www-authenticate']]).toEqual([401, 'Bearer']);
    const wrong = await server.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: 'Bearer nope' },
    });
    expect([wrong.statusCode, wrong.headers['www-authenticate']]).toEqual([
      401,
      'Bearer error="invalid_token"',
    ]);
  });

  describe('with limits of one request', () => {
    let limited: TestServer;
    beforeAll(async () => {
      const defaults = readSettings({});
      const one = Object.fromEntries(Object.keys(generousRateLimits).map((name) => [name, 1]));
      limited = await startTestServer(
        engine,
        {
          rateLimits: one as typeof generousRateLimits,
          assistant: { ...defaults.assistant, apiKey: ASSISTANT_KEY, rateLimitPerMinute: 1 },
        },
        { adminToken: ADMIN_TOKEN, database: server.database },
      );
    });
    afterAll(async () => {
      await limited.close();
    });

    test('every operation that documents 429 reaches it, with Retry-After (and its window) as declared', async () => {
      const limitedOperations = operations(document).filter(
        (operation) => '429' in (operation.operation.responses as Json),
      );
      expect(limitedOperations.length).toBeGreaterThanOrEqual(9);
      for (const operation of limitedOperations) {
        // A refused request counts against every limit here (the attempt limits count only refusals).
        const request: InjectOptions =
          operation.path === '/api/auth/register'
            ? webRegistration(webFormData('NOSUCHCODE1'), [])
            : {
                method: operation.method as InjectOptions['method'],
                url: operation.path.replace(/\{[^}]+\}/g, 'NOSUCHTHING'),
                headers: { ...credentialsFor(operation, credentials), 'content-type': 'application/json' },
                ...(HAS_BODY.has(operation.method) ? { payload: '{}' } : {}),
              };
        const answers = await untilLimited(limited, request);
        for (const response of answers) expectDocumented(operation, 'until limited', response);
        expect({ operation: operation.name, last: answers.at(-1)!.statusCode }).toEqual({
          operation: operation.name,
          last: 429,
        });
      }
    });
  });
});
