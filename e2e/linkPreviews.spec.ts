import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { pageMeta, SHARE_IMAGE_SIZE } from '../src/shared/pageMeta';
import { routePaths, type RoutePath } from '../src/shared/routePaths';
import { theme } from '../src/shared/theme';
import { openApp, startRealServer, type RunningServer } from './realServer';

/** The address this deployment gives as its own; the test reaches the server at server.url. */
const APP_URL = 'https://becca.example.org';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startRealServer({ env: { APP_URL } });
});
test.afterAll(async () => {
  await server.stopAndDelete();
});

/** The page as a link-preview robot reads it: the HTML the server sends, no JavaScript run. */
async function headOf(request: APIRequestContext, url: string) {
  const response = await request.get(`${server.url}${url}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const all = (pattern: RegExp) => [...head.matchAll(pattern)].map((match) => match[1]);
  const meta = (key: string) => all(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`, 'g'));
  return {
    head,
    meta,
    titles: all(/<title>(.*?)<\/title>/g),
    canonicals: all(/<link rel="canonical" href="([^"]*)">/g),
  };
}

async function imageSize(request: APIRequestContext, absoluteUrl: string, type: string) {
  const response = await request.get(`${server.url}${new URL(absoluteUrl).pathname}`);
  expect(response.status(), absoluteUrl).toBe(200);
  expect(response.headers()['content-type']).toBe(type);
  const { width, height } = await sharp(await response.body()).metadata();
  return { width, height };
}

test('/join?code=… previews as an invitation, with the invitation picture, before any script runs', async ({
  request,
}) => {
  const { meta, titles, canonicals } = await headOf(request, '/join?code=ABC123');
  expect(titles).toEqual(['Join Becca']);
  expect(meta('og:title')).toEqual(['You’re invited to Becca']);
  expect(meta('twitter:title')).toEqual(['You’re invited to Becca']);
  expect(meta('twitter:card')).toEqual(['summary_large_image']);
  // The code is the visitor's, not the page's: the page's address has none.
  expect(canonicals).toEqual([`${APP_URL}/join`]);
  expect(meta('og:url')).toEqual([`${APP_URL}/join`]);
  const [image] = meta('og:image');
  expect(image).toBe(`${APP_URL}/social/share-invite.png`);
  expect(await imageSize(request, image!, 'image/png')).toEqual(SHARE_IMAGE_SIZE);
  expect(meta('og:image:alt')[0]).toContain('invited');
});

test('every route has its own title, description, address and preview, at APP_URL', async ({ request }) => {
  const descriptions = new Set<string>();
  for (const [pathname, expected] of Object.entries(pageMeta) as [
    RoutePath,
    (typeof pageMeta)[RoutePath],
  ][]) {
    const { meta, titles, canonicals } = await headOf(request, pathname);
    expect(titles, pathname).toEqual([expected.title]);
    expect(meta('description'), pathname).toEqual([expected.description]);
    expect(canonicals, pathname).toEqual([`${APP_URL}${pathname}`]);
    expect(meta('og:title'), pathname).toEqual([expected.shareTitle ?? expected.title]);
    expect(meta('og:image'), pathname).toEqual([`${APP_URL}${expected.shareImage.path}`]);
    expect(meta('robots'), pathname).toEqual(expected.indexable ? [] : ['noindex']);
    descriptions.add(expected.description);
  }
  // Developer pages share theirs; every public page says something of its own.
  const publicPages = Object.values(pageMeta).filter((meta) => meta.indexable);
  expect(new Set(publicPages.map((meta) => meta.description)).size).toBe(publicPages.length);
  expect(await imageSize(request, `${APP_URL}/social/share-becca.png`, 'image/png')).toEqual(
    SHARE_IMAGE_SIZE,
  );
});

test('after the app starts, the document title is still the one the HTML gave', async ({ page }) => {
  for (const pathname of [routePaths.join, routePaths.faq, routePaths.optOut]) {
    await openApp(page, `${server.url}${pathname}`);
    // Every <title> in the document (the app may add its own) says the same.
    await expect
      .poll(() => page.locator('title').allTextContents(), { message: pathname })
      .toEqual(expect.arrayContaining([pageMeta[pathname].title]));
    for (const title of await page.locator('title').allTextContents())
      expect(title).toBe(pageMeta[pathname].title);
  }
});

test('icons and the web manifest, linked from every page', async ({ page, request }) => {
  for (const pathname of [routePaths.home, routePaths.join, '/no-such-page']) {
    const response = await request.get(`${server.url}${pathname}`);
    const html = await response.text();
    expect(html, pathname).toContain('<link rel=icon href=/favicon.ico sizes=32x32>');
    expect(html, pathname).toMatch(/<link rel=icon href=data:image\/svg\+xml,[^ ]+ type=image\/svg\+xml>/);
    expect(html, pathname).toContain('<link rel=apple-touch-icon href=/apple-touch-icon.png>');
    // The manifest is linked by the boot script once the page has painted (Chrome fetches a linked
    // manifest as soon as the HTML is parsed, alongside the fonts of the first paint), credentialed
    // so that it is fetched on the page's own connections.
    expect(html, pathname).not.toContain('rel=manifest');
    await openApp(page, `${server.url}${pathname}`);
    const manifestLinks = page.locator('head link[rel=manifest]');
    await expect(manifestLinks, pathname).toHaveCount(1);
    expect(await manifestLinks.getAttribute('href')).toBe('/manifest.webmanifest');
    expect(await manifestLinks.getAttribute('crossorigin')).toBe('use-credentials');
  }
  const ico = await request.get(`${server.url}/favicon.ico`);
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
  // ICONDIR: reserved 0, type 1 (icon), then how many images it holds.
  const bytes = await ico.body();
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([0, 1, 3]);
  expect(await imageSize(request, `${APP_URL}/apple-touch-icon.png`, 'image/png')).toEqual({
    width: 180,
    height: 180,
  });

  const manifestResponse = await request.get(`${server.url}/manifest.webmanifest`);
  expect(manifestResponse.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await manifestResponse.json()) as {
    theme_color: string;
    short_name: string;
    icons: { src: string; sizes: string }[];
  };
  expect(manifest.theme_color).toBe(theme.colors.night);
  expect(manifest.short_name).toBe('Becca');
  for (const icon of manifest.icons) {
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(await imageSize(request, `${APP_URL}${icon.src}`, 'image/png')).toEqual({ width, height });
  }
});

test('the scripts point at no source map, and none is served', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await openApp(page, `${server.url}/faq`);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const response = await request.get(script);
    expect(await response.text()).not.toContain('sourceMappingURL');
    expect(response.headers()['sourcemap']).toBeUndefined();
    expect((await request.get(`${script}.map`)).status()).toBe(404);
  }
});

test('/faq/ is /faq: the browser ends up at the one address', async ({ page }) => {
  const response = await page.goto(`${server.url}/faq/`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(`${server.url}/faq`);
  expect(response?.request().redirectedFrom()?.url()).toBe(`${server.url}/faq/`);
});
