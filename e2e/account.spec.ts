import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { newInviteCode, startRealServer, type RunningServer } from './realServer';
import { makePhoto, passInviteGate, registerThroughWizard } from './registrationDriver';

let server: RunningServer;
let photoPath: string;

test.beforeAll(async () => {
  server = await startRealServer();
  photoPath = await makePhoto();
});
test.afterAll(async () => {
  await server.stop();
  fs.rmSync(path.dirname(photoPath), { recursive: true, force: true });
  fs.rmSync(server.dataDir, { recursive: true, force: true });
});

/** The whole registration, from the invite gate to the welcome screen. */
async function register(page: Page, code: string, phone: string) {
  await page.goto(`${server.url}/join`);
  await passInviteGate(page, code);
  await registerThroughWizard(page, { firstName: 'Ada', phone, photoPath });
}

test('a member sees their account, downloads their data, deletes it, and registers again', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone' ? '07400 555001' : '07400 555002';
  const e164 = `+44${phone.replace(/\D/g, '').slice(1)}`;
  await register(page, await newInviteCode(server, 1), phone);
  const token = await page.evaluate(() => localStorage.getItem('becca.accessToken'));
  expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

  // The completion screen links to the account page.
  await page.getByRole('link', { name: 'Your account' }).click();
  await expect(page).toHaveURL(`${server.url}/account`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByText('Ada Tester')).toBeVisible();
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
  await register(page, await newInviteCode(server, 1), phone);
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
