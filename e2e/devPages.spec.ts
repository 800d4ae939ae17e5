import { expect, test } from '@playwright/test';
import { newInviteCode, startRealServer, type RunningServer } from './realServer';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startRealServer();
});
test.afterAll(async () => {
  await server.stopAndDelete();
});

test('/test-integration passes every check against the real server, twice in a row', async ({ page }) => {
  const inviteCode = await newInviteCode(server, 5);
  await page.goto(`${server.url}/test-integration`);
  await expect(page.getByRole('button', { name: 'Run tests' })).toBeHidden();
  await page.getByRole('button', { name: 'Show Anyway (Dev Only)' }).click();
  await page.getByLabel('Invite code for the registration tests').fill(inviteCode);
  for (let run = 1; run <= 2; run += 1) {
    await page.getByRole('button', { name: 'Run tests' }).click();
    await expect(page.getByText(/Passed: \d+ · Failed: \d+ · Success: \d+%/)).toBeVisible({
      timeout: 30_000,
    });
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(8);
    await expect(page.getByText('Passed: 7 · Failed: 0 · Success: 100%')).toBeVisible();
  }
});

test('/test-web-registration shows every check passed', async ({ page }) => {
  await page.goto(`${server.url}/test-web-registration`);
  const checks = page.getByRole('list', { name: 'Checks' }).getByRole('listitem');
  await expect(checks).toHaveCount(10);
  await expect(checks.filter({ hasText: 'FAIL' })).toHaveCount(0);
  await expect(page.getByText('10 of 10 checks passed')).toBeVisible();
  await expect(page.getByLabel('Payload JSON')).toContainText('"who_i_know_people": []');
});

test('/test-validation shows valid for a real code and invalid for a wrong one', async ({ page }) => {
  const inviteCode = await newInviteCode(server, 1);
  await page.goto(`${server.url}/test-validation`);
  const status = page.getByTestId('validation-status');
  await expect(status).toHaveText('idle');
  await page.getByLabel('Invite code').fill(inviteCode);
  await expect(status).toHaveText('valid');
  await expect(page.getByText('Invite code is valid')).toBeVisible();
  await page.getByLabel('Invite code').fill('WRONGCODE9');
  await expect(status).toHaveText('invalid');
  await expect(page.getByText('Invalid invite code')).toBeVisible();
});

test('/phone-fade-test sliders have the documented ranges, steps and defaults', async ({ page }) => {
  await page.goto(`${server.url}/phone-fade-test`);
  const mask = page.getByRole('slider', { name: /Mask start/ });
  await expect(mask).toHaveAttribute('min', '0.6');
  await expect(mask).toHaveAttribute('max', '0.9');
  await expect(mask).toHaveAttribute('step', '0.01');
  await expect(mask).toHaveValue('0.8');
  const blur = page.getByRole('slider', { name: /Shadow blur/ });
  await expect(blur).toHaveAttribute('min', '10');
  await expect(blur).toHaveAttribute('max', '60');
  await expect(blur).toHaveAttribute('step', '2');
  await expect(blur).toHaveValue('40');
  await expect(page.getByRole('radio')).toHaveCount(4);
  await blur.fill('50');
  await expect(page.getByText('Shadow blur: 50 px')).toBeVisible();
  const maskImage = await page
    .getByTestId('fade-stage')
    .locator('> div')
    .evaluate((element) => getComputedStyle(element).maskImage || getComputedStyle(element).webkitMaskImage);
  expect(maskImage).toContain('80%');
  expect(maskImage).toContain('100%');
});
