import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { engines, startTestServer, type TestServer } from './testServer';
import { routePaths } from '../../src/shared/routePaths';

describe.each(engines)('web app and health on $name', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server.close();
  });

  test('GET /health answers ok after a real query', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  test.each(Object.values(routePaths))('route %s serves the app with 200', async (url) => {
    const response = await server.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="root">');
  });

  test.each(['/nope', '/faq/extra', '/join/../etc/passwd', '/index.html'])(
    'unknown path %s serves the app with status 404',
    async (url) => {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<div id="root">');
    },
  );

  test('unknown API path answers 404 JSON with a detail', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'No API endpoint POST /api/does-not-exist.' });
  });

  // The whole policy, pinned: a change to it must be a deliberate change to this test.
  const pinnedPolicy = (scriptHashes: string, styleHashes: string) =>
    [
      "default-src 'self'",
      `script-src 'self'${scriptHashes}`,
      `style-src 'self'${styleHashes}`,
      "style-src-attr 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "media-src 'self'",
      "font-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "script-src-attr 'none'",
    ].join(';');
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  test("a page's CSP admits exactly its own inline script, by hash, and nothing else inline", async () => {
    const response = await server.app.inject({ method: 'GET', url: '/faq' });
    const bootScript = /<script>([\s\S]*?)<\/script>/.exec(response.body)?.[1];
    expect(bootScript).toContain('booted');
    // Emotion's run-time styles are empty <style> elements filled through the CSSOM: the empty text's hash.
    expect(response.headers['content-security-policy']).toBe(
      pinnedPolicy(` ${sha256(bootScript!)}`, ` ${sha256('')}`),
    );
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  // helmet's headers, worked out once at start (server/web/securityHeaders.ts), on pages, assets and
  // the web app's 404s.
  test.each(['/', '/faq', '/nope'])(
    '%s carries the document security headers, and no HSTS over plain HTTP',
    async (url) => {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(response.headers['content-security-policy']).toContain("object-src 'none'");
      expect(response.headers['strict-transport-security']).toBeUndefined();
    },
  );

  // An API answer is never a document: it loads nothing, is never framed, sniffed or cached.
  test.each([
    ['GET', '/health', 200],
    ['GET', '/api/does-not-exist', 404],
    ['GET', '/api/auth/validate-code/NOPE?x=1', 200],
    ['POST', '/api/waitlist/join', 400],
    ['GET', '/metrics', 200],
  ])('%s %s (%d) carries the API security headers, stricter than a page’s', async (method, url, status) => {
    const response = await server.app.inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'no-store',
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  test('a request refused before any route (a compressed body) still has the API headers', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/waitlist/join',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from([0x1f, 0x8b]),
    });
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test('a page is the same bytes and headers on every response, so a CDN can keep it', async () => {
    const [first, second] = [
      await server.app.inject({ method: 'GET', url: '/' }),
      await server.app.inject({ method: 'GET', url: '/' }),
    ];
    expect(second!.body).toBe(first!.body);
    expect(second!.headers.etag).toBe(first!.headers.etag);
    expect(second!.headers['content-security-policy']).toBe(first!.headers['content-security-policy']);
    expect(first!.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=300, stale-while-revalidate=60',
    );
    expect(first!.headers.vary).toContain('accept-encoding');
  });

  test.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
  ])('Accept-Encoding "%s" gets the page precompressed as %s', async (acceptEncoding, encoding) => {
    const plain = await server.app.inject({ method: 'GET', url: '/faq' });
    const response = await server.app.inject({
      method: 'GET',
      url: '/faq',
      headers: { 'accept-encoding': acceptEncoding },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    const decoded =
      encoding === 'br'
        ? zlib.brotliDecompressSync(response.rawPayload)
        : encoding === 'gzip'
          ? zlib.gunzipSync(response.rawPayload)
          : response.rawPayload;
    expect(decoded.toString()).toBe(plain.body);
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  test('a browser holding the current page gets 304 and no body; an old copy gets the page', async () => {
    const page = await server.app.inject({
      method: 'GET',
      url: '/faq',
      headers: { 'accept-encoding': 'br' },
    });
    const etag = String(page.headers.etag);
    const current = await server.app.inject({
      method: 'GET',
      url: '/faq',
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(current.statusCode).toBe(304);
    expect(current.body).toBe('');
    expect(current.headers.etag).toBe(etag);
    const old = await server.app.inject({
      method: 'GET',
      url: '/faq',
      headers: { 'accept-encoding': 'br', 'if-none-match': '"an-older-build"' },
    });
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.length).toBeGreaterThan(0);
  });

  test('an unknown path is never answered 304, even with a matching tag', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/join' });
    const response = await server.app.inject({
      method: 'GET',
      url: '/nope',
      headers: { 'if-none-match': String(page.headers.etag) },
    });
    expect(response.statusCode).toBe(404);
  });

  test('hashed assets are cached for a year', async () => {
    const asset = await server.app.inject({ method: 'GET', url: '/js/main.0123456789ab.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('health when the database cannot answer', () => {
  test('answers 503 with a detail', async () => {
    const server = await startTestServer(engines[0]!);
    const ping = server.database.ping;
    server.database.ping = () => Promise.reject(new Error('connection refused'));
    const response = await server.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error', detail: 'The database is not answering.' });
    server.database.ping = ping;
    await server.close();
  });
});

describe('security headers behind TLS', () => {
  test('an https APP_URL adds HSTS to pages and API answers', async () => {
    const server = await startTestServer(engines[0]!, { appUrl: 'https://becca.example' });
    try {
      for (const url of ['/', '/health']) {
        const response = await server.app.inject({ method: 'GET', url });
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await server.close();
    }
  });
});
