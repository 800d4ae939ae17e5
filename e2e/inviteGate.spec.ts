import { expect, test } from '@playwright/test';
import { runProjectCommand, startRealServer, type RunningServer } from './realServer';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startRealServer();
});
test.afterAll(async () => {
  await server.stopAndDelete();
});

const operator = (...args: string[]) => runProjectCommand(args, { DATA_DIR: server.dataDir });

async function newInviteCode(): Promise<string> {
  const { code, stdout, stderr } = await operator('server/cli/inviteCommand.ts', 'create', '--uses', '2');
  expect(code, stderr).toBe(0);
  return stdout.trim().split('\n').pop()!;
}

test('a code from the operator CLI validates and opens the wizard', async ({ page }) => {
  const inviteCode = await newInviteCode();
  await page.goto(`${server.url}/join`);
  const dialog = page.getByRole('dialog', { name: 'Join Becca' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Invite code').fill(inviteCode.toLowerCase());
  await expect(dialog.getByText('Invite code is valid')).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('First name')).toBeVisible();
});

test('a shared link fills in the code and checks it at once', async ({ page }) => {
  const inviteCode = await newInviteCode();
  await page.goto(`${server.url}/join?code=${inviteCode}`);
  await expect(page.getByLabel('Invite code')).toHaveValue(inviteCode);
  await expect(page.getByText('Invite code is valid')).toBeVisible();
});

test('an unknown code shows "Invalid invite code"', async ({ page }) => {
  await page.goto(`${server.url}/join`);
  await page.getByLabel('Invite code').fill('NOSUCHCODE');
  // Said by the field's polite live region, which keeps its role whatever it says.
  await expect(page.getByRole('status').filter({ hasText: 'Invalid invite code' })).toHaveText(
    'Invalid invite code',
  );
  await expect(page.getByLabel('Invite code')).toHaveAccessibleDescription('Invalid invite code');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
});

test('the keyboard alone reaches the waitlist, and Escape returns to the tutorial', async ({ page }) => {
  await page.goto(`${server.url}/join`);
  await expect(page.getByLabel('Invite code')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'How Becca connects you' })).toBeVisible();
  await page.getByRole('button', { name: 'Get Started', includeHidden: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Join Becca' })).toBeVisible();
});

test('the dialog keeps focus to itself and the tutorial behind it is inert', async ({ page }) => {
  await page.goto(`${server.url}/join`);
  const dialog = page.getByRole('dialog', { name: 'Join Becca' });
  await expect(dialog.getByLabel('Invite code')).toBeFocused();
  // The page behind: no Tab reaches it (the browser may pass focus to its own toolbar, not the page).
  const focusOutsideDialog = () =>
    dialog.evaluate(
      (element) => document.activeElement !== document.body && !element.contains(document.activeElement),
    );
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusOutsideDialog()).toBe(false);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await focusOutsideDialog()).toBe(false);
  // Even asked directly, an inert button takes no focus.
  await page.getByRole('button', { name: 'Get Started', includeHidden: true }).focus();
  expect(await focusOutsideDialog()).toBe(false);
});

test('the waitlist stores the E.164 number and returns to the home page', async ({ page }, testInfo) => {
  // A different number per viewport, so each run adds its own row.
  const local = testInfo.project.name === 'phone' ? '07911 123456' : '07912 345678';
  const e164 = testInfo.project.name === 'phone' ? '+447911123456' : '+447912345678';
  await page.goto(`${server.url}/join`);
  await page.getByRole('button', { name: 'I don’t have an invite code' }).click();
  await page.getByLabel('Your mobile number').fill(local);
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByRole('heading', { name: 'The Last Social Network' })).toBeVisible();
  await expect(page.getByText('Welcome to the future of social connections')).toBeVisible();
  await page.waitForURL(`${server.url}/`, { timeout: 10_000 });

  // Lists mask phones; the export (recorded in the audit trail) has the number as stored.
  const exported = await operator('server/cli/waitlistCommand.ts', 'export');
  expect(exported.code, exported.stderr).toBe(0);
  expect(exported.stdout).toContain(e164);
});

test('inputs are at least 16 px and pinch-zoom stays enabled', async ({ page }) => {
  await page.goto(`${server.url}/join`);
  const fontSize = await page.getByLabel('Invite code').evaluate((input) => getComputedStyle(input).fontSize);
  expect(parseFloat(fontSize)).toBeGreaterThanOrEqual(16);
  const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
  expect(viewport).not.toMatch(/user-scalable=no|maximum-scale=1(\.0)?\b/);
});
