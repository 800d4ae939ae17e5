import { expect, test } from '@playwright/test';
import { openApp, runProjectCommand, startRealServer, type RunningServer } from './realServer';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startRealServer();
});
test.afterAll(async () => {
  await server.stopAndDelete();
});

test('GET /health answers ok', async ({ request }) => {
  const response = await request.get(`${server.url}/health`);
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('the FAQ opens one question at a time and closes it again', async ({ page }) => {
  await openApp(page, `${server.url}/faq`);
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  const buttons = page.getByRole('button', { expanded: false });
  const first = buttons.nth(0);
  const second = page.getByRole('button').nth(1);
  const firstName = (await first.textContent()) ?? '';
  const secondName = (await second.textContent()) ?? '';

  await page.getByRole('button', { name: firstName }).click();
  await expect(page.getByRole('button', { name: firstName })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: firstName })).toBeVisible();

  await page.getByRole('button', { name: secondName }).click();
  await expect(page.getByRole('button', { name: secondName })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: firstName })).toHaveAttribute('aria-expanded', 'false');

  await page.getByRole('button', { name: secondName }).click();
  await expect(page.getByRole('button', { expanded: true })).toHaveCount(0);
});

test('the FAQ section anchors derive from their titles', async ({ page }) => {
  await page.goto(`${server.url}/faq#invites-waitlist-joining`);
  await expect(page.locator('section#invites-waitlist-joining')).toBeVisible();
});

test('the privacy policy shows its ten sections and effective date', async ({ page }) => {
  await page.goto(`${server.url}/privacy`);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('Effective date: 04/08/2025')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(10);
  await expect(page.getByRole('heading', { level: 2, name: '4. AI Processing and Profiling' })).toBeVisible();
});

test('the terms show fifteen sections', async ({ page }) => {
  await page.goto(`${server.url}/terms`);
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(15);
  await expect(page.getByRole('heading', { level: 2, name: '13. Governing Law' })).toBeVisible();
});

test('an unknown path answers 404 and shows the 404 page', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const response = await openApp(page, `${server.url}/no-such-page`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  expect(warnings.join('\n')).toContain('/no-such-page');
});

test('a second server on the same data folder refuses to start', async () => {
  const second = await runProjectCommand(['server/main.ts'], {
    DATA_DIR: server.dataDir,
    PORT: '0',
    SKIP_WEB_BUILD: '1',
  });
  expect(second.code).toBe(1);
  expect(second.stderr).toContain('already in use by another Becca server');
  const health = await fetch(`${server.url}/health`);
  expect(health.status).toBe(200);
});
