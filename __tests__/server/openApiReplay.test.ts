import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { normaliseInviteCode } from '../../src/domain/inviteCode';
import { readSettings } from '../../server/config';
import { inviteCodes, webhookEvents } from '../../server/db/schema';
import { listWebhookEvents } from '../../server/webhooks/outbox';
import {
  documentValidator,
  fetchAdminDocument,
  fetchDocument,
  mediaOf,
  operations,
  parametersOf,
  webhookOperations,
  type Json,
  type OpenApiDocument,
  type Operation,
} from './openApiContract';
import {
  generousRateLimits,
  jpegPhoto,
  makeInvite,
  multipartBody,
  webFormData,
  webRegistration,
  type MultipartPart,
} from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

const ADMIN_TOKEN = 'an-admin-token-for-the-replay-tests';
const ASSISTANT_KEY = 'an-assistant-key-for-the-replay-tests';

/** Every example's string values under these names, wherever they sit: invite codes to create first. */
const INVITE_CODE_NAMES = new Set(['invite_code', 'inviteCode', 'code']);

function stringsNamed(value: unknown, names: Set<string>, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) stringsNamed(item, names, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (names.has(key) && typeof inner === 'string') found.add(inner);
      else stringsNamed(inner, names, found);
    }
  }
  return found;
}

/** What a request needs that no example can know: ids and credentials of this database. */
interface Seeded {
  memberId: string;
  memberToken: string;
  inviteCode: string;
  eventId: string;
}

interface Replay {
  request: InjectOptions;
  /** Why the request could not be built from the document, when it could not. */
  missing?: string;
}

/**
 * The request an operation's examples describe: path parameters from their examples (else from what
 * was seeded, by name), the body from the request body's example, the credentials its security asks for.
 */
async function requestFor(operation: Operation, seeded: Seeded): Promise<Replay> {
  const headers: Record<string, string> = {};
  let url = operation.path;
  for (const parameter of parametersOf(operation).filter((one) => one.in === 'path')) {
    const fallback: Record<string, string> = {
      code: seeded.inviteCode,
      user_id: seeded.memberId,
      userId: seeded.memberId,
      id: operation.path.includes('webhook-events') ? seeded.eventId : seeded.memberId,
    };
    const value = parameter.examples[0] ?? fallback[parameter.name];
    if (value === undefined)
      return { request: {}, missing: `no example for the path parameter ${parameter.name}` };
    url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
  }
  const security = ((operation.operation.security ?? []) as Record<string, string[]>[]).flatMap(Object.keys);
  const token = security.includes('adminToken')
    ? ADMIN_TOKEN
    : security.includes('assistantKey')
      ? ASSISTANT_KEY
      : security.includes('memberToken')
        ? seeded.memberToken
        : undefined;
  if (token) headers.authorization = `Bearer ${token}`;
  const request: InjectOptions = { method: operation.method as 'GET', url, headers };

  const body = mediaOf(operation).find(({ where }) => where === 'requestBody');
  if (!body) return { request };
  const [example] = body.examples;
  if (example === undefined) return { request, missing: `no example for its ${body.mediaType} body` };
  if (body.mediaType === 'application/json') return { request: { ...request, payload: example as object } };
  if (body.mediaType === 'multipart/form-data') {
    // Each property is a part: a file part (a real photo) when its schema says bytes, else JSON text.
    const properties = (body.schema.properties ?? {}) as Record<string, Json>;
    const photo = await jpegPhoto();
    const parts = Object.entries(example as Record<string, unknown>).flatMap(
      ([name, value]): MultipartPart[] => {
        const items = properties[name]?.items as Json | undefined;
        if (items?.contentMediaType) {
          return (value as unknown[]).map((_, index) => ({
            name,
            value: photo,
            filename: `photo${index}.jpg`,
            contentType: 'image/jpeg',
          }));
        }
        return [{ name, value: typeof value === 'string' ? value : JSON.stringify(value) }];
      },
    );
    const multipart = multipartBody(parts);
    return {
      request: { ...request, headers: { ...headers, ...multipart.headers }, payload: multipart.payload },
    };
  }
  return { request, missing: `no way to send a ${body.mediaType} body` };
}

/** Deletions last, so that what the others read still exists. */
function replayOrder(a: Operation, b: Operation): number {
  return Number(a.method === 'DELETE') - Number(b.method === 'DELETE') || a.name.localeCompare(b.name);
}

describe.each(engines)('the OpenAPI examples sent to the real server on $name', (engine) => {
  let server: TestServer;
  let document: OpenApiDocument;
  let adminDocument: OpenApiDocument;
  let seeded: Seeded;
  beforeAll(async () => {
    const defaults = readSettings({});
    server = await startTestServer(
      engine,
      {
        rateLimits: { ...defaults.rateLimits, ...generousRateLimits },
        assistant: { ...defaults.assistant, apiKey: ASSISTANT_KEY, rateLimitPerMinute: 10_000 },
      },
      { adminToken: ADMIN_TOKEN },
    );
    document = await fetchDocument(server.app);
    adminDocument = await fetchAdminDocument(server.app, ADMIN_TOKEN);
    const { db } = server.database;
    // The invite codes the examples use, so that they are answered as good codes.
    const examples = [
      ...stringsNamed(document, INVITE_CODE_NAMES, new Set()),
      ...stringsNamed(adminDocument, INVITE_CODE_NAMES, new Set()),
    ];
    for (const code of new Set(examples)) {
      const fresh = await makeInvite(db, 'valid', 50);
      await db
        .update(inviteCodes)
        .set({ code: normaliseInviteCode(code) })
        .where(eq(inviteCodes.code, fresh));
    }
    // A member of our own, for the routes that act on one.
    const inviteCode = await makeInvite(db, 'valid', 50);
    const registered = await server.app.inject(webRegistration(webFormData(inviteCode), [await jpegPhoto()]));
    expect(registered.statusCode).toBe(201);
    const { user_id: memberId, access_token: memberToken } = registered.json<Record<string, string>>();
    const [event] = await db.select({ id: webhookEvents.id }).from(webhookEvents).limit(1);
    seeded = { memberId: memberId!, memberToken: memberToken!, inviteCode, eventId: event!.id };
  });
  afterAll(async () => {
    await server.close();
  });

  test('each operation of both documents, sent as its examples describe, is answered as its document says', async () => {
    const validators = new Map([document, adminDocument].map((one) => [one, documentValidator(one)]));
    const failures: string[] = [];
    const answered: string[] = [];
    const all = [document, adminDocument].flatMap((one) =>
      operations(one).map((operation) => ({ ...operation, validate: validators.get(one)! })),
    );
    for (const operation of all.sort(replayOrder)) {
      const { validate } = operation;
      const { request, missing } = await requestFor(operation, seeded);
      // An operation without examples is reported by "every request body … has an example".
      if (missing) continue;
      const response = await server.app.inject(request);
      const status = String(response.statusCode);
      answered.push(`${operation.name} ${status}`);
      const documented = ((operation.operation.responses ?? {}) as Record<string, Json>)[status];
      if (!documented) {
        failures.push(`${operation.name} answered ${status}, which the document does not list`);
        continue;
      }
      // A well-formed example is never a bad request, nor a failure of ours.
      if (status === '400' || response.statusCode >= 500) {
        failures.push(`${operation.name} answered ${status}: ${response.body.slice(0, 200)}`);
      }
      const content = documented.content as Record<string, Json> | undefined;
      if (!content || response.statusCode === 204) continue;
      const mediaType = String(response.headers['content-type'] ?? '').split(';')[0]!;
      const media = mediaOf(operation).find((one) => one.where === status && one.mediaType === mediaType);
      if (!media) {
        failures.push(
          `${operation.name} ${status} answered ${mediaType}, documented as ${Object.keys(content)}`,
        );
        continue;
      }
      if (mediaType !== 'application/json') continue;
      const error = validate(media.pointer, response.json());
      if (error) failures.push(`${operation.name} ${status}: ${error}`);
    }
    expect(failures).toEqual([]);
    // The replay reached the server, and the registration's multipart example (its invite code
    // created above, a real photo for each file part) registers.
    expect(answered).toEqual(
      expect.arrayContaining([
        'GET /health 200',
        'POST /api/auth/register 201',
        'GET /api/admin/members 200',
      ]),
    );
  });

  test('every event the replays wrote to the outbox has the shape the document publishes', async () => {
    const rows = await listWebhookEvents(server.database.db);
    expect(rows.length).toBeGreaterThan(0);
    const validate = documentValidator(document);
    const events = new Map(webhookOperations(document).map((event) => [event.path, mediaOf(event)[0]!]));
    const wrong = rows.flatMap((row) => {
      const published = events.get(row.type);
      const error = published ? validate(published.pointer, JSON.parse(row.body)) : 'not in the document';
      return error ? [`${row.type} ${row.body}: ${error}`] : [];
    });
    expect(wrong).toEqual([]);
  });
});
