import { expect, test } from '@playwright/test';
import { startRealServer, type RunningServer } from './realServer';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startRealServer();
});
test.afterAll(async () => {
  await server.stopAndDelete();
});

test('/api/docs renders the OpenAPI document under its policy, from this server alone', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(server.url) && !request.url().startsWith('data:'))
      foreign.push(request.url());
  });

  const document = await (await page.request.get(`${server.url}/api/openapi.json`)).json();
  const { summary } = document.paths['/health'].get as { summary: string };
  expect(summary).toBeTruthy();

  const response = await page.goto(`${server.url}/api/docs`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: /Becca API/ })).toBeVisible();
  // An operation rendered with its summary, and a webhook event from the document's `webhooks`.
  await expect(page.getByText(summary, { exact: true }).first()).toBeVisible();
  await expect(page.getByText('member.registered').first()).toBeVisible();
  // Opened, the operation shows its answers and their examples (highlighted code, styled elements).
  await page.getByText(summary, { exact: true }).first().click();
  await expect(page.getByText('"status": "ok"').first()).toBeVisible();

  expect(problems).toEqual([]);
  expect(foreign).toEqual([]);
});
