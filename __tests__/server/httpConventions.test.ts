import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { brand } from '../../src/config/brand';
import { ORIGIN_PLACEHOLDER, pageHeadTags, pageMeta } from '../../src/shared/pageMeta';
import { routePaths } from '../../src/shared/routePaths';
import { engines, makeWebRoot, startTestServer, type TestServer } from './testServer';

const APP_URL = 'https://becca.example.org';
const ADMIN_TOKEN = 'an-admin-token-for-these-tests-only';
const SCRIPT = '/js/main.0123456789ab.js';
const FONT = '/fonts/display.woff2';

/** The stand-in build, plus what a real one has: a page naming its address, and a source map. */
function webRootWithPages(): string {
  const webRoot = makeWebRoot();
  fs.mkdirSync(path.join(webRoot, 'prerendered'));
  fs.writeFileSync(
    path.join(webRoot, 'prerendered', 'join.html'),
    `<!doctype html><html><head>${pageHeadTags(routePaths.join)}</head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(webRoot, `${SCRIPT.slice(1)}.map`), '{"version":3,"sources":["secret.ts"]}');
  fs.mkdirSync(path.join(webRoot, 'fonts'));
  fs.writeFileSync(path.join(webRoot, FONT.slice(1)), Buffer.from('wOF2 not really a font'));
  return webRoot;
}

describe.each(engines)('HTTP as browsers, CDNs and crawlers expect it, on $name', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      engine,
      { appUrl: APP_URL, webRoot: webRootWithPages() },
      { adminToken: ADMIN_TOKEN },
    );
  });
  afterAll(async () => {
    await server.close();
  });
  const request = (method: string, url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: method as 'GET', url, headers });

  test.each([
    ['POST', '/faq', 'GET, HEAD, OPTIONS'],
    ['DELETE', '/', 'GET, HEAD, OPTIONS'],
    ['PUT', SCRIPT, 'GET, HEAD, OPTIONS'],
    ['POST', '/api/auth/validate-code/SOMECODE', 'GET, HEAD, OPTIONS'],
    ['GET', '/api/waitlist/join', 'POST, OPTIONS'],
    ['PATCH', '/sitemap.xml', 'GET, HEAD, OPTIONS'],
  ])('%s %s: 405, and Allow lists what the path takes', async (method, url, allow) => {
    const response = await request(method, url);
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.json().detail).toContain(`does not take ${method} requests`);
  });

  test.each([
    ['/faq', 'GET, HEAD, OPTIONS'],
    ['/api/waitlist/join', 'POST, OPTIONS'],
    ['/api/auth/validate-code/SOMECODE', 'GET, HEAD, OPTIONS'],
  ])('OPTIONS %s answers 204 with Allow', async (url, allow) => {
    const response = await request('OPTIONS', url);
    expect(response.statusCode).toBe(204);
    expect(response.headers.allow).toBe(allow);
    expect(response.body).toBe('');
  });

  test.each([
    ['POST', '/nope'],
    ['OPTIONS', '/nope'],
    ['DELETE', '/api/does-not-exist'],
    // These answer a stranger 404 for any method: a 405 would tell that they exist.
    ['POST', '/metrics'],
    ['GET', '/api/admin/invite-codes'],
    ['OPTIONS', '/api/admin/invite-codes'],
  ])('%s %s is still 404: no such path (or none a stranger may know of)', async (method, url) => {
    const response = await request(method, url);
    expect(response.statusCode).toBe(404);
    expect(response.headers.allow).toBeUndefined();
  });

  test.each([
    ['/faq/', '/faq'],
    ['/faq//', '/faq'],
    ['/join/?code=ABC123', '/join?code=ABC123'],
    ['/how-it-works/?a=1&b=2', '/how-it-works?a=1&b=2'],
    ['//', '/'],
  ])('%s redirects permanently to %s, the one address of its page', async (url, location) => {
    for (const method of ['GET', 'HEAD']) {
      const response = await request(method, url);
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe(location);
    }
  });

  test('a trailing slash on an unknown path, or on a file, is just not found', async () => {
    for (const url of ['/nope/', `${SCRIPT}/`, '//evil.example/']) {
      const response = await request('GET', url);
      expect(response.statusCode).toBe(404);
      expect(response.headers.location).toBeUndefined();
    }
  });

  test.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ])(
    'a precompressed file says Vary: Accept-Encoding, whichever copy goes (%s)',
    async (accept, encoding) => {
      const response = await request('GET', SCRIPT, accept ? { 'accept-encoding': accept } : {});
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const decode =
        { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync }[encoding ?? ''] ??
        ((bytes: Buffer) => bytes);
      expect(decode(response.rawPayload).toString()).toBe('console.log("app")');
    },
  );

  test('any other file that goes compressed (on the fly) varies too; one that never does, does not', async () => {
    const svg = await request('GET', '/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-encoding']).toBe('br');
    expect(svg.headers.vary).toMatch(/accept-encoding/i);
    const font = await request('GET', FONT, { 'accept-encoding': 'br, gzip' });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.headers.vary).toBeUndefined();
  });

  test.each([`${SCRIPT}.map`, `${SCRIPT}.br`, `${SCRIPT}.gz`, '/csp-hashes.json', '/prerendered/join.html'])(
    '%s is not served by its own path',
    async (url) => {
      const response = await request('GET', url);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('secret.ts');
    },
  );

  test('a page names its address with APP_URL, in every encoding, and never the placeholder', async () => {
    const plain = await request('GET', '/join?code=ABC123');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain(`<link rel="canonical" href="${APP_URL}/join">`);
    expect(plain.body).toContain(`<meta property="og:url" content="${APP_URL}/join">`);
    expect(plain.body).toContain(`<meta property="og:image" content="${APP_URL}/social/share-invite.png">`);
    expect(plain.body).toContain('<meta property="og:title" content="You’re invited to Becca">');
    expect(plain.body).not.toContain(ORIGIN_PLACEHOLDER);
    const br = await request('GET', '/join', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await request('GET', '/join', { 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  test('/.well-known/security.txt: RFC 9116 fields, the contact from the brand module', async () => {
    const response = await request('GET', '/.well-known/security.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const fields = Object.fromEntries(
      response.body
        .trim()
        .split('\n')
        .map((line) => line.split(/: (.*)/s).slice(0, 2)),
    );
    expect(fields.Contact).toBe(`mailto:${brand.securityEmail}`);
    expect(fields.Canonical).toBe(`${APP_URL}/.well-known/security.txt`);
    expect(fields['Preferred-Languages']).toBe('en');
    // RFC 9116: required, in the future, and best under a year away.
    const expires = Date.parse(fields.Expires);
    expect(fields.Expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(expires).toBeGreaterThan(Date.now() + 30 * 24 * 3600_000);
    expect(expires).toBeLessThan(Date.now() + 365 * 24 * 3600_000);
  });

  test('/sitemap.xml lists exactly the public pages, at APP_URL', async () => {
    const response = await request('GET', '/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locations = [...response.body.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
    expect(locations.sort()).toEqual(
      ['/', '/becca', '/communities', '/faq', '/how-it-works', '/join', '/opt-out', '/privacy', '/terms']
        .map((pathname) => `${APP_URL}${pathname}`)
        .sort(),
    );
    for (const developerPage of ['/test-integration', '/phone-fade-test', '/account', '/admin'])
      expect(response.body).not.toContain(developerPage);
  });

  test('/robots.txt closes the pages that are not public and points to the sitemap', async () => {
    const response = await request('GET', '/robots.txt');
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\n');
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
    for (const [pathname, meta] of Object.entries(pageMeta))
      expect(lines.includes(`Disallow: ${pathname}`)).toBe(!meta.indexable);
  });
});
