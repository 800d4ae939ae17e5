import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { runProjectCommand, startRealServer, type RunningServer } from './realServer';

let server: RunningServer;
let photoPath: string;

test.beforeAll(async () => {
  server = await startRealServer();
  photoPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'becca-photo-')), 'me.jpg');
  await sharp({ create: { width: 800, height: 600, channels: 3, background: '#7a9cc6' } })
    .jpeg()
    .toFile(photoPath);
});
test.afterAll(async () => {
  await server.stop();
  fs.rmSync(path.dirname(photoPath), { recursive: true, force: true });
  fs.rmSync(server.dataDir, { recursive: true, force: true });
});

async function newInviteCode(): Promise<string> {
  const created = await runProjectCommand(['server/cli/inviteCommand.ts', 'create', '--uses', '1'], {
    DATA_DIR: server.dataDir,
  });
  expect(created.code, created.stderr).toBe(0);
  return created.stdout.trim().split('\n').pop()!;
}

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();

/** The whole registration, from the invite gate to the welcome screen. */
async function register(page: Page, code: string, phone: string) {
  await page.goto(`${server.url}/join`);
  const gate = page.getByRole('dialog', { name: 'Join Becca' });
  await gate.getByLabel('Invite code').fill(code);
  await expect(gate.getByText('Invite code is valid')).toBeVisible();
  await gate.getByRole('button', { name: 'Continue' }).click();
  await expect(gate).toBeHidden();

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await next(page);
  await page.getByLabel('Age').fill('36');
  await next(page);
  await page.locator('input[type="file"]').setInputFiles(photoPath);
  await expect(page.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  await next(page);
  await page
    .getByLabel('What is your occupation?')
    .fill('Mathematician writing the first programs for engines');
  await next(page);
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByLabel('Location').fill('London');
  await next(page);

  for (const part of [1, 2] as const) {
    for (const index of [0, 1, 2]) {
      await page.getByRole('button', { name: index === 0 ? 'Add who you know' : 'Add another' }).click();
      await page
        .getByLabel(part === 1 ? 'Group, community or organisation' : 'Name', { exact: true })
        .fill(`${part === 1 ? 'Club' : 'Friend'} ${index + 1}`);
      await page.getByLabel(part === 1 ? 'where from' : 'at', { exact: true }).fill('London');
      const submit = index < 2 ? 'Add Entry' : part === 1 ? 'Next' : 'Go to WhatsApp';
      await page.getByRole('button', { name: submit, exact: true }).click();
    }
  }
  await expect(page.getByRole('heading', { name: 'Welcome to Becca.' })).toBeVisible({ timeout: 20_000 });
}

test('a member sees their account, downloads their data, deletes it, and registers again', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone' ? '07400 555001' : '07400 555002';
  const e164 = `+44${phone.replace(/\D/g, '').slice(1)}`;
  await register(page, await newInviteCode(), phone);
  const token = await page.evaluate(() => localStorage.getItem('becca.accessToken'));
  expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

  // The completion screen links to the account page.
  await page.getByRole('link', { name: 'Your account' }).click();
  await expect(page).toHaveURL(`${server.url}/account`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByText('Ada Lovelace')).toBeVisible();
  await expect(page.getByText(e164)).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^becca-my-data-\d{4}-\d\d-\d\d\.json$/);
  const exported = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
    profile: { phone: string; who_i_know: unknown[] };
    photos: { data_url: string }[];
  };
  expect(exported.profile.phone).toBe(e164);
  expect(exported.profile.who_i_know).toHaveLength(6);
  expect(exported.photos[0]!.data_url).toMatch(/^data:image\/(jpeg|webp|png);base64,/);
  await expect(page.getByText('Your data has been downloaded.')).toBeVisible();

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('becca.accessToken'))).toBeNull();

  // The old key opens nothing any more, and a reload shows the page for a browser without a key.
  const me = await page.request.get(`${server.url}/api/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(me.status()).toBe(401);
  await page.reload();
  await expect(page.getByText('This browser does not hold a key to a Becca account.')).toBeVisible();

  // The same phone registers again with a new code.
  await register(page, await newInviteCode(), phone);
  const newToken = await page.evaluate(() => localStorage.getItem('becca.accessToken'));
  expect(newToken).not.toBe(token);
  const again = await page.request.get(`${server.url}/api/me`, {
    headers: { authorization: `Bearer ${newToken}` },
  });
  expect(again.status()).toBe(200);
  expect(await again.json()).toMatchObject({ phone: e164, first_name: 'Ada' });
});

test('someone who was nominated opts out from /opt-out', async ({ page }) => {
  await page.goto(`${server.url}/opt-out`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel('Your phone number').fill('07400 555099');
  await page.getByRole('button', { name: 'Opt out' }).click();
  await expect(page.getByRole('status')).toContainText('we will not store it as a nomination again');
});
