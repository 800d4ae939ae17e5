import { expect, test, type Locator, type Page } from '@playwright/test';
import { brand } from '../src/config/brand';
import { startRealServer, type RunningServer } from './realServer';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startRealServer();
});
test.afterAll(async () => {
  await server.stopAndDelete();
});

const isPhone = () => test.info().project.name === 'phone';

async function expectNewTab(link: Locator, href: string) {
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
}

/** The member app is another host: answer it locally so a new tab has something to open. */
async function fakeMemberApp(page: Page) {
  await page
    .context()
    .route(`${brand.appUrl}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Becca app</title>' }),
    );
}

async function skipIntroVideo(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Becca intro video' });
  await expect(dialog).toBeVisible();
  // The prerendered page is up before its code: a click before hydration does nothing, so retry.
  await expect(async () => {
    await dialog.getByRole('button', { name: 'Skip' }).click({ timeout: 1000 });
    await expect(dialog).toBeHidden({ timeout: 1000 });
  }).toPass();
}

test('the header: every link on a desktop, only Becca and Sign In on a phone', async ({ page }) => {
  await fakeMemberApp(page);
  await page.goto(`${server.url}/`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Becca', exact: true })).toBeVisible();
  const signIn = nav.getByRole('link', { name: /Sign In/ });
  await expect(signIn).toBeVisible();
  await expectNewTab(signIn, brand.appUrl);
  // Hidden links leave the accessibility tree, so these are found by their targets.
  const header = page.getByRole('banner');
  const events = header.locator(`a[href="${brand.appUrl}${brand.eventsPath}"]`);
  const others = [header.locator('a[href="/communities"]'), events, header.locator('a[href="/"]')];
  await expectNewTab(events, `${brand.appUrl}${brand.eventsPath}`);
  for (const link of others) {
    if (isPhone()) await expect(link).toBeHidden();
    else await expect(link).toBeVisible();
  }
  if (!isPhone()) {
    await expect(events).toHaveAccessibleName(/^Events/);
    await expect(header.locator('a[href="/"]')).toHaveAccessibleName('Becca home');
    await expect(header.locator('a[href="/communities"]')).toHaveText('Communities');
  }

  const popupOpened = page.waitForEvent('popup');
  await signIn.click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(/app\.becca\.example/);
  await popup.close();
  await expect(page).toHaveURL(`${server.url}/`);

  await nav.getByRole('link', { name: 'Becca', exact: true }).click();
  await expect(page).toHaveURL(`${server.url}/becca`);
});

test('the landing page: two promises, the phone demo, Request Access, Privacy, Terms and what Becca is', async ({
  page,
}) => {
  await page.goto(`${server.url}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Becca, the AI Social Network' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get Connected With Anyone' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deepen Your Connections' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Sample chats with Becca/ })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  await expect(main.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
  await expect(page.getByText(/not a dating or matchmaking app/)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await main.getByRole('link', { name: 'Request Access' }).click();
  await expect(page).toHaveURL(`${server.url}/join`);
});

test('until the landing page has loaded it fetches only itself and its two fonts; then its app runs', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('http')) fetched.push(new URL(request.url()).pathname);
  });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });

  await page.goto(`${server.url}/`, { waitUntil: 'load' });
  expect([...fetched].sort()).toEqual([
    '/',
    '/fonts/dm-serif-display-400.woff2',
    '/fonts/inter-variable.woff2',
  ]);

  // The inline boot script ran under its CSP hash and started the app, which then fetches the
  // suggested profile's portrait for the demo.
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
  await expect.poll(() => fetched.some((pathname) => pathname.startsWith('/assets/avatars/'))).toBe(true);
  expect(problems).toEqual([]);
});

test("the app's files ask Chromium to compile them as they download, not on the main thread", async ({
  page,
}) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await page.goto(`${server.url}/`);
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
  const sources = await Promise.all(scripts);
  expect(sources.length).toBeGreaterThan(1);
  for (const source of sources) expect(source.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
});

test('the phone demo moves on by itself, and a headline switches and restarts it', async ({ page }) => {
  await page.goto(`${server.url}/`);
  const sample = page.getByTestId('phone-demo-sample');
  await expect(sample).toHaveAttribute('data-cycle', 'getConnected');
  await expect(sample).toHaveAttribute('data-index', '0');
  await expect(sample.locator('[data-stage="visible"]')).toHaveCount(3, { timeout: 4000 });
  await expect(sample).toHaveAttribute('data-index', '1', { timeout: 6000 });

  const deepen = page.getByRole('button', { name: 'Deepen Your Connections' });
  if (isPhone()) await deepen.tap();
  else await deepen.hover();
  await expect(deepen).toHaveAttribute('aria-pressed', 'true');
  await expect(sample).toHaveAttribute('data-cycle', 'deepenConnections');
  await expect(sample).toHaveAttribute('data-index', '0');
  await expect(sample).toContainText('losing touch');
});

test('under reduced motion the demo stands still, with its bubbles shown', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${server.url}/`);
  const sample = page.getByTestId('phone-demo-sample');
  await expect(sample.locator('[data-stage="visible"]')).toHaveCount(3);
  await page.waitForTimeout(5500);
  await expect(sample).toHaveAttribute('data-cycle', 'getConnected');
  await expect(sample).toHaveAttribute('data-index', '0');
  await expect(sample).toHaveAttribute('data-phase', 'entering');
});

test('/becca: the intro video plays the right size, Skip shows the hero and the dark footer', async ({
  page,
}) => {
  await page.goto(`${server.url}/becca`);
  const video = page.getByRole('dialog', { name: 'Becca intro video' }).locator('video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0);
  const source = await video.evaluate((element: HTMLVideoElement) => element.currentSrc);
  expect(source).toMatch(isPhone() ? /intro-mobile\.mp4$/ : /intro-standard\.mp4$/);
  await skipIntroVideo(page);

  await expect(
    page.getByRole('heading', { level: 1, name: 'Meet Becca, proactive AI for your relationships' }),
  ).toBeVisible();
  await expect(
    page.getByText(
      'Becca introduces you to the right people and keeps you connected to everyone who matters',
    ),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Request Access' })).toHaveAttribute(
    'href',
    '/join',
  );
  const footer = page.getByRole('contentinfo');
  await expectNewTab(footer.getByRole('link', { name: /Becca on X/ }), brand.socialLinks.x);
  await expectNewTab(footer.getByRole('link', { name: /Becca on Instagram/ }), brand.socialLinks.instagram);
  await expectNewTab(footer.getByRole('link', { name: /Becca on YouTube/ }), brand.socialLinks.youtube);
  await expect(footer).toContainText(brand.company.legalName);
  await footer.getByRole('link', { name: 'Terms of Service & Privacy Policy' }).click();
  await expect(page).toHaveURL(`${server.url}/terms`);
});

test('/how-it-works: the video plays every time, then three steps, Join us and the banner', async ({
  page,
}) => {
  await page.goto(`${server.url}/how-it-works`);
  await skipIntroVideo(page);
  expect(await page.evaluate(() => sessionStorage.getItem('becca.introVideo.seen'))).toBe('true');
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Becca intro video' })).toBeVisible();
  await skipIntroVideo(page);

  await expect(
    page.getByRole('heading', { name: "Meet Becca: Tell her who you're looking for" }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get Introduced' })).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Connect', exact: true })).toBeAttached();
  await expect(page.getByText('Match with double opt-in connections via group chats')).toBeAttached();
  const firstChat = page.getByRole('figure', { name: 'Sample chat: asking for an introduction' });
  await expect(firstChat.locator('[data-stage="visible"]')).toHaveCount(3, { timeout: 4000 });
  await page.getByRole('heading', { name: 'The AI Social Network!' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: 'The AI Social Network!' })).toBeVisible();
  const joinUs = page.getByRole('link', { name: 'Join us' });
  await expect(joinUs).toBeInViewport();
  await joinUs.click();
  await expect(page).toHaveURL(`${server.url}/join`);
});

test('/communities: for organisers, with invite links, contact and Join us', async ({ page }) => {
  await page.goto(`${server.url}/communities`);
  await expect(page.getByRole('heading', { level: 1, name: 'Becca for communities' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'How shared invite links work' })).toContainText(
    '/join?code=',
  );
  await expect(page.getByRole('region', { name: 'Get in touch' }).getByRole('link')).toHaveAttribute(
    'href',
    `mailto:${brand.contactEmail}`,
  );
  await expect(page.getByRole('link', { name: /Sign In/ })).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Join us' }).click();
  await expect(page).toHaveURL(`${server.url}/join`);
});
