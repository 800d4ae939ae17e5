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

  test('pages carry a strict CSP whose style nonce is the one in the page', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/faq' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    // Scripts and <style> elements never run inline; only style="" attributes may (prerendered markup).
    const directives = csp.split(';').filter((directive) => directive.includes('unsafe-inline'));
    expect(directives).toEqual(["style-src-attr 'unsafe-inline'"]);
    const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.body).toContain(`content="${nonce}"`);
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  test("the page's inline boot script carries the CSP's script nonce, new on every response", async () => {
    const nonces = [];
    for (let request = 0; request < 2; request++) {
      const response = await server.app.inject({ method: 'GET', url: '/' });
      const csp = String(response.headers['content-security-policy']);
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toMatch(/^[0-9a-f]{16,}$/);
      expect(response.body).toContain(`<script nonce="${nonce}">`);
      expect(response.body).not.toContain('__CSP_SCRIPT_NONCE__');
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test('pages are compressed when the browser accepts it', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/faq',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(['br', 'gzip']).toContain(response.headers['content-encoding']);
  });

  test('hashed assets are cached for a year, HTML is revalidated', async () => {
    const asset = await server.app.inject({ method: 'GET', url: '/js/main.0123456789ab.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const html = await server.app.inject({ method: 'GET', url: '/' });
    expect(html.headers['cache-control']).toBe('no-cache');
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
