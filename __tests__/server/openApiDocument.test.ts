import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { webhookEventBody, webhookEventTypes } from '../../src/domain/contracts/webhookEvents';
import { OPERATOR_SESSION_COOKIE } from '../../server/operator/operatorSessionCookie';
import { ADMIN_API_DOCS_PATH } from '../../server/openapi/openApiDocument';
import { isApiPath } from '../../server/web/requestPath';
import { readSettings } from '../../server/config';
import { brand } from '../../src/config/brand';
import {
  answeredRoutes,
  documentValidator,
  fetchAdminDocument,
  fetchDocument,
  mediaOf,
  nestedSchemaExamples,
  normalisePath,
  operations,
  parametersOf,
  validateWithOpenApiValidator,
  webhookOperations,
  type OpenApiDocument,
} from './openApiContract';
import { engines, startTestServer, type TestServer } from './testServer';

const APP_URL = 'https://becca.example.org';
const ADMIN_TOKEN = 'an-admin-token-for-the-openapi-tests';
const ASSISTANT_KEY = 'an-assistant-key-for-the-openapi-tests';
// TypeBox checks a format only once told what it means.
if (!FormatRegistry.Has('date-time'))
  FormatRegistry.Set('date-time', (value) => !Number.isNaN(Date.parse(value)));

/** The reference pages' own files: served under /api/docs, and not operations of the API. */
const DOCS_ASSETS = [
  '/api/docs/start.js',
  '/api/docs/swagger-ui.css',
  '/api/docs/swagger-ui-bundle.js',
  ADMIN_API_DOCS_PATH,
  `${ADMIN_API_DOCS_PATH}/start.js`,
];

describe.each(engines)('the OpenAPI documents on $name', (engine) => {
  let server: TestServer;
  let document: OpenApiDocument;
  let adminDocument: OpenApiDocument;
  beforeAll(async () => {
    const defaults = readSettings({});
    // Every optional route on: the assistant's (its key) and the operator's (the admin token).
    server = await startTestServer(
      engine,
      { appUrl: APP_URL, assistant: { ...defaults.assistant, apiKey: ASSISTANT_KEY } },
      { adminToken: ADMIN_TOKEN },
    );
    document = await fetchDocument(server.app);
    adminDocument = await fetchAdminDocument(server.app, ADMIN_TOKEN);
  });
  afterAll(async () => {
    await server.close();
  });
  const documentNamed = (which: string) => (which === 'public' ? document : adminDocument);

  test.each(['public', 'admin'])(
    'the %s document validates as OpenAPI 3.1 (@seriousme/openapi-schema-validator)',
    (which) => {
      const checked = which === 'public' ? document : adminDocument;
      expect(checked.openapi).toBe('3.1.0');
      const result = validateWithOpenApiValidator(checked);
      expect(result.errors).toBeUndefined();
      expect(result.valid).toBe(true);
    },
  );

  test('the public document has no admin route, no admin credentials and not the session cookie’s name', () => {
    expect(Object.keys(document.paths).filter((path) => /^\/api\/(admin|partner)\//.test(path))).toEqual([]);
    expect(JSON.stringify(document)).not.toContain(OPERATOR_SESSION_COOKIE);
    expect(JSON.stringify(document)).not.toMatch(/adminToken|operatorSession|organiserSession/);
    expect((document.tags ?? []).map((tag) => tag.name)).not.toContain('admin');
  });

  test('the admin document has the admin and organiser routes alone, their credentials and the __Host- cookie', () => {
    const paths = Object.keys(adminDocument.paths);
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((path) => !/^\/api\/(admin|partner)\//.test(path))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(['/api/partner/event-links', '/api/partner/community']));
    expect(paths).toEqual(expect.arrayContaining(['/api/admin/session', '/api/admin/openapi.json']));
    expect(adminDocument.info).toMatchObject({ title: 'Becca admin API' });
    expect(adminDocument.components?.securitySchemes).toEqual({
      adminToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      operatorSession: expect.objectContaining({
        type: 'apiKey',
        in: 'cookie',
        name: `__Host-${OPERATOR_SESSION_COOKIE}`,
      }),
      // The organisers' area (issue 50) shares the operators' cookie.
      organiserSession: expect.objectContaining({
        type: 'apiKey',
        in: 'cookie',
        name: `__Host-${OPERATOR_SESSION_COOKIE}`,
      }),
    });
    expect(adminDocument.webhooks).toBeUndefined();
  });

  test('strangers get 404 for the admin document and its page, as for every admin route', async () => {
    for (const url of ['/api/admin/openapi.json', ADMIN_API_DOCS_PATH, `${ADMIN_API_DOCS_PATH}/start.js`]) {
      const stranger = await server.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });
      expect([url, stranger.statusCode]).toEqual([url, 404]);
      expect(stranger.json()).toEqual({ detail: `No API endpoint GET ${url}.` });
    }
    const page = await server.app.inject({
      method: 'GET',
      url: ADMIN_API_DOCS_PATH,
      headers: { host: 'localhost', authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/api/admin/openapi.json');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  test('a document the validator refuses is reported as invalid (the check can fail)', () => {
    const broken = { ...document, paths: { '/api/x': { get: { responses: { 200: { content: 5 } } } } } };
    expect(validateWithOpenApiValidator(broken as unknown as OpenApiDocument).valid).toBe(false);
  });

  test('names the API, its version, contact and licence, the server at APP_URL and the public security schemes', async () => {
    const packageJson = (await import('../../package.json')).default;
    expect(document.info).toMatchObject({
      title: 'Becca API',
      version: packageJson.version,
      contact: { name: brand.company.legalName, email: brand.contactEmail },
      license: { name: expect.any(String), url: `${APP_URL}/terms` },
    });
    expect(document.servers).toEqual([{ url: APP_URL, 'x-internal': false }]);
    expect(document.components?.securitySchemes).toEqual({
      memberToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      assistantKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      standardWebhooksSignature: expect.objectContaining({
        type: 'apiKey',
        in: 'header',
        name: 'webhook-signature',
      }),
    });
  });

  test('the two documents together describe every API route the server answers, and only those', () => {
    const answered = [...answeredRoutes(server.app)].filter((route) => isApiPath(route.split(' ')[1]!));
    const hidden = DOCS_ASSETS.map((asset) => `GET ${asset}`);
    const documented = [...operations(document), ...operations(adminDocument)].map(
      ({ method, path }) => `${method} ${normalisePath(path)}`,
    );
    expect(answered).toEqual(expect.arrayContaining(hidden));
    expect(documented.sort()).toEqual(answered.filter((route) => !hidden.includes(route)).sort());
    // Enough of the API to be sure the list was read, not empty on both sides.
    expect(documented).toEqual(
      expect.arrayContaining([
        'POST /api/auth/register',
        'GET /api/auth/validate-code/{}',
        'POST /api/assistant/link',
        'GET /api/admin/members',
        'GET /health',
      ]),
    );
  });

  test('pages and files are not in it', () => {
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => !isApiPath(path))).toEqual([]);
    expect(paths).not.toContain('/');
  });

  test.each(['public', 'admin'])(
    'the %s document: every operation has a summary, a description and a tag the document describes',
    (which) => {
      const document = documentNamed(which);
      const described = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description ?? '']));
      const lacking = operations(document).flatMap(({ name, operation }) => {
        const tags = (operation.tags ?? []) as string[];
        return [
          ...(operation.summary ? [] : [`${name}: no summary`]),
          ...(operation.description ? [] : [`${name}: no description`]),
          ...(tags.length ? [] : [`${name}: no tag`]),
          ...tags.filter((tag) => !described.get(tag)).map((tag) => `${name}: tag "${tag}" is not described`),
        ];
      });
      expect(lacking).toEqual([]);
    },
  );

  test.each(['public', 'admin'])(
    'the %s document: every operation that can answer 401 says which credentials it takes, from the schemes declared',
    (which) => {
      const document = documentNamed(which);
      const schemes = Object.keys(document.components?.securitySchemes ?? {});
      const lacking = operations(document).flatMap(({ name, operation }) => {
        const security = (operation.security ?? []) as Record<string, string[]>[];
        const answers401 = Object.keys((operation.responses ?? {}) as object).includes('401');
        const unknown = security.flatMap(Object.keys).filter((scheme) => !schemes.includes(scheme));
        return [
          ...(answers401 && security.length === 0 ? [`${name}: answers 401 but declares no security`] : []),
          ...unknown.map((scheme) => `${name}: unknown security scheme ${scheme}`),
        ];
      });
      expect(lacking).toEqual([]);
    },
  );

  test.each(['public', 'admin'])('the %s document: every error answer is {detail}', (which) => {
    const document = documentNamed(which);
    const validate = documentValidator(document);
    const wrong = operations(document).flatMap((operation) =>
      mediaOf(operation)
        .filter(({ where }) => /^[45]\d\d$/.test(where) && !(operation.path === '/health' && where === '503'))
        .filter(({ pointer }) => validate(pointer, { detail: 'A sentence.' }) !== undefined)
        .map(({ where }) => `${operation.name} ${where}`),
    );
    expect(wrong).toEqual([]);
  });

  // Fails until every route's schemas carry `examples` (issue #31's contract modules).
  test.each(['public', 'admin'])(
    'the %s document: every request body and every answer with content has an example',
    (which) => {
      const document = documentNamed(which);
      const missing = operations(document).flatMap((operation) =>
        mediaOf(operation)
          // A page or an image has nothing to show as an example; every other answer does.
          .filter(
            ({ examples, mediaType }) => examples.length === 0 && !/^(text\/html|image\/)/.test(mediaType),
          )
          .map(({ where, mediaType }) => `${operation.name} ${where} (${mediaType})`),
      );
      expect(missing).toEqual([]);
    },
  );

  test.each(['public', 'admin'])('the %s document: each example validates against its schema', (which) => {
    const document = documentNamed(which);
    const validate = documentValidator(document);
    const checked: string[] = [];
    const invalid: string[] = [];
    const check = (label: string, pointer: string, examples: unknown[]) => {
      for (const example of examples) {
        checked.push(label);
        const error = validate(pointer, example);
        if (error) invalid.push(`${label}: ${error}`);
      }
    };
    for (const operation of [...operations(document), ...webhookOperations(document)]) {
      for (const media of mediaOf(operation)) {
        check(`${operation.name} ${media.where}`, media.pointer, media.examples);
        for (const nested of nestedSchemaExamples(media.schema, media.pointer)) {
          check(`${operation.name} ${media.where} at ${nested.pointer}`, nested.pointer, nested.examples);
        }
      }
      for (const parameter of parametersOf(operation)) {
        if (parameter.schema)
          check(`${operation.name} ${parameter.name}`, parameter.pointer, parameter.examples);
      }
    }
    expect(invalid).toEqual([]);
    // At least the webhook events' and the registration's examples were read.
    expect(checked.length).toBeGreaterThanOrEqual(webhookEventTypes.length + 1);
  });

  test('an example that breaks its schema is caught', () => {
    const validate = documentValidator(document);
    const event = webhookOperations(document)[0]!;
    const [body] = mediaOf(event);
    expect(validate(body!.pointer, { type: event.path, timestamp: 'yesterday', data: {} })).toMatch(/data/);
  });

  test('the webhook events are declared under `webhooks`, with their schemas and the Standard Webhooks headers', () => {
    expect(Object.keys(document.webhooks ?? {}).sort()).toEqual([...webhookEventTypes].sort());
    const validate = documentValidator(document);
    for (const event of webhookOperations(document)) {
      expect(event.method).toBe('POST');
      const headers = parametersOf(event).filter((parameter) => parameter.in === 'header');
      expect(headers.map(({ name, required }) => [name, required])).toEqual([
        ['webhook-id', true],
        ['webhook-timestamp', true],
        ['webhook-signature', true],
      ]);
      const [body] = mediaOf(event);
      expect(body!.mediaType).toBe('application/json');
      // The document's schema and the contract the outbox writes agree on an example of each.
      const type = event.path as (typeof webhookEventTypes)[number];
      expect(body!.examples).toHaveLength(1);
      for (const example of body!.examples) {
        expect(validate(body!.pointer, example)).toBeUndefined();
        expect(Value.Check(webhookEventBody(type), example)).toBe(true);
      }
    }
  });

  test('the registration is described as multipart: a form_data JSON part and photo files', () => {
    const register = operations(document).find(({ name }) => name === 'POST /api/auth/register')!;
    const body = register.operation.requestBody as {
      required: boolean;
      content: Record<
        string,
        { schema: { properties: Record<string, unknown> }; encoding: Record<string, unknown> }
      >;
    };
    expect(body.required).toBe(true);
    expect(Object.keys(body.content)).toEqual(['multipart/form-data']);
    const multipart = body.content['multipart/form-data']!;
    expect(Object.keys(multipart.schema.properties).sort()).toEqual(['form_data', 'photos']);
    expect(multipart.encoding.form_data).toEqual({ contentType: 'application/json' });
    expect(multipart.schema.properties.photos).toMatchObject({
      type: 'array',
      items: { type: 'string', contentMediaType: 'application/octet-stream' },
    });
  });

  test('GET /api/openapi.json is an API answer: JSON, never cached, loads nothing', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
    });
  });

  test('GET /api/docs is a page of our own files: a policy with no inline script and no eval', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const directives = Object.fromEntries(
      String(response.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
    expect(directives).toMatchObject({
      'default-src': "'none'",
      'script-src': "'self'",
      'style-src': "'self'",
      'connect-src': "'self'",
      'frame-ancestors': "'none'",
    });
    expect(Object.values(directives).join(' ')).not.toMatch(/unsafe-eval|unsafe-inline/);
    expect(directives['script-src-attr']).toBeUndefined();
    expect(response.headers['x-frame-options']).toBe('DENY');
    // Every script and stylesheet is a file from this server, and each one is served.
    const sources = [...response.body.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url!);
    expect(response.body).not.toMatch(/<script>|<script [^>]*>[^<]+<\/script>|<style/);
    expect(sources.filter((url) => !url.startsWith('/api/'))).toEqual([]);
    for (const url of sources) {
      const asset = await server.app.inject({ method: 'GET', url });
      expect([url, asset.statusCode]).toEqual([url, 200]);
    }
  });
});
