import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

/** A plain JPEG to upload as the profile photo. */
export async function makePhoto(): Promise<string> {
  const photoPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'becca-photo-')), 'me.jpg');
  await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c67a9c' } })
    .jpeg()
    .toFile(photoPath);
  return photoPath;
}

/** The invite overlay, with the code typed or already filled in from `/join?code=`. */
export async function passInviteGate(page: Page, code?: string) {
  await expect(page.getByRole('heading', { name: 'How Becca connects you' })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Join Becca' });
  if (code) await dialog.getByLabel('Invite code').fill(code);
  await expect(dialog.getByText('Invite code is valid')).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
}

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();

async function addEntries(page: Page, part: 1 | 2, entries: [string, string][]) {
  const nameLabel = part === 1 ? 'Group, community or organisation' : 'Name';
  const locationLabel = part === 1 ? 'where from' : 'at';
  for (const [index, [name, location]] of entries.entries()) {
    await page.getByRole('button', { name: index === 0 ? 'Add who you know' : 'Add another' }).click();
    await page.getByLabel(nameLabel, { exact: true }).fill(name);
    await page.getByLabel(locationLabel, { exact: true }).fill(location);
    const submit = index < 2 ? 'Add Entry' : part === 1 ? 'Next' : 'Go to WhatsApp';
    await page.getByRole('button', { name: submit, exact: true }).click();
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(index + 1));
  }
}

/** From the first wizard question to "Welcome to Becca.". */
export async function registerThroughWizard(
  page: Page,
  person: { firstName: string; phone: string; photoPath: string },
) {
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill('Tester');
  await next(page);
  await page.getByLabel('Age').fill('34');
  await next(page);
  await page.locator('input[type="file"]').setInputFiles(person.photoPath);
  await expect(page.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  await next(page);
  await page.getByLabel('What is your occupation?').fill('Engineer building bridges between people');
  await next(page);
  await page.getByLabel('Mobile number').fill(person.phone);
  await page.getByLabel('Location').fill('London');
  await next(page);
  await addEntries(page, 1, [
    ['Book Club', 'Camden'],
    ['Running Club', 'Hackney'],
    ['Choir', 'Islington'],
  ]);
  await addEntries(page, 2, [
    ['Sam', 'Leeds'],
    ['Kit', 'York'],
    ['Jo', 'Bath'],
  ]);
  await expect(page.getByRole('heading', { name: 'Welcome to Becca.' })).toBeVisible({ timeout: 30_000 });
}
