import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { openEmbeddedDatabase } from '../server/db/database';
import type { Database } from '../server/db/database';
import { newInviteCode, startRealServer, type RunningServer } from './realServer';

let server: RunningServer;
let photoPath: string;

test.beforeAll(async () => {
  server = await startRealServer();
  // A real camera-like photo: EXIF with a copyright and GPS position that must never be stored.
  photoPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'becca-photo-')), 'me.jpg');
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#7a9cc6' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Secret Person', Make: 'PhoneCam' } })
    .toFile(photoPath);
});
test.afterAll(async () => {
  await server.stopAndDelete();
  fs.rmSync(path.dirname(photoPath), { recursive: true, force: true });
});

async function passInviteGate(page: Page, code: string) {
  await page.goto(`${server.url}/join`);
  await expect(page.getByRole('heading', { name: 'How Becca connects you' })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Join Becca' });
  await dialog.getByLabel('Invite code').fill(code);
  await expect(dialog.getByText('Invite code is valid')).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
}

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();

async function fillWizard(page: Page, phone: string) {
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
}

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

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

test('an invitee registers end to end and is handed to WhatsApp; everything is stored whole', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone' ? '07400 111222' : '07400 333444';
  const code = await newInviteCode(server, 3);
  await passInviteGate(page, code);
  await fillWizard(page, phone);

  await expect(page.getByRole('heading', { name: 'Who I Know' })).toBeVisible();
  await addEntries(page, 1, [
    ['Royal Society', 'London'],
    ['Analytical Engine Friends', 'Marylebone'],
    ['Chess Club', 'Richmond'],
  ]);
  await expect(page.getByRole('heading', { name: 'People Who Matter To Me' })).toBeVisible();
  await addEntries(page, 2, [
    ['Charles Babbage', 'Cambridge'],
    ['Mary Somerville', 'Edinburgh'],
    ['Augustus De Morgan', 'UCL'],
  ]);

  await expect(page.getByRole('heading', { name: 'Welcome to Becca.' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Meet Becca - your social intelligence')).toBeVisible();
  const whatsapp = page.getByRole('link', { name: 'Go to WhatsApp' });
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=/);
  expect(await page.evaluate(() => localStorage.getItem('becca.accessToken'))).toMatch(
    /^[A-Za-z0-9_-]{40,}$/,
  );

  // The same phone again: the server's detail reaches the person.
  await page.evaluate(() => sessionStorage.clear());
  await passInviteGate(page, code);
  await fillWizard(page, phone);
  await addEntries(page, 1, [
    ['A', 'B'],
    ['C', 'D'],
    ['E', 'F'],
  ]);
  await addEntries(page, 2, [
    ['G', 'H'],
    ['I', 'J'],
    ['K', 'L'],
  ]);
  await expect(page.getByRole('heading', { name: 'Registration Failed' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('alert')).toContainText('already registered');

  // Look at what the database holds, with the server stopped (the embedded database is single-process).
  await server.stop();
  const database = await openEmbeddedDatabase(server.dataDir);
  try {
    const e164 = `+44${phone.replace(/\D/g, '').slice(1)}`;
    const users = await rows<{ id: string }>(database, sql`SELECT id FROM users WHERE phone = ${e164}`);
    expect(users).toHaveLength(1);
    const userId = users[0]!.id;
    const photos = await rows<{ bytes: Uint8Array }>(
      database,
      sql`SELECT bytes FROM user_photos WHERE user_id = ${userId}`,
    );
    expect(photos).toHaveLength(1);
    const metadata = await sharp(Buffer.from(photos[0]!.bytes)).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    const entries = await rows<{ kind: string; count: number }>(
      database,
      sql`SELECT kind, count(*)::int AS count FROM network_entries WHERE user_id = ${userId} GROUP BY kind ORDER BY kind`,
    );
    expect(entries).toEqual([
      { kind: 'group', count: 3 },
      { kind: 'person', count: 3 },
    ]);
    const invite = await rows<{ uses: number }>(
      database,
      sql`SELECT uses FROM invite_codes WHERE code = ${code}`,
    );
    expect(invite[0]!.uses).toBe(1);
  } finally {
    await database.close();
    server = await startRealServer({ dataDir: server.dataDir });
  }
});

test('a reload in the middle of the wizard keeps the typed answers', async ({ page }) => {
  const code = await newInviteCode(server, 3);
  await passInviteGate(page, code);
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await next(page);
  await page.getByLabel('Age').fill('45');
  await page.reload();
  await expect(page.getByLabel('Age')).toHaveValue('45');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Grace');
  await expect(page.getByLabel('Last name')).toHaveValue('Hopper');
});
