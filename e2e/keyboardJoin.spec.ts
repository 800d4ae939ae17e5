import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type FileChooser, type Page } from '@playwright/test';
import { makePhoto } from './registrationDriver';
import { phoneFor } from './joinStates';
import { newInviteCode, openApp, startRealServer, type RunningServer } from './realServer';

let server: RunningServer;
let photoPath: string;
test.beforeAll(async () => {
  server = await startRealServer();
  photoPath = await makePhoto();
});
test.afterAll(async () => {
  await server.stopAndDelete();
  fs.rmSync(path.dirname(photoPath), { recursive: true, force: true });
});

interface Recorded {
  /** Each time focus came to rest on <body> (checked 150 ms after it left an element). */
  bodyFocus: string[];
  /** Each new text of a live region, as a screen reader would be told it. */
  said: { text: string; role: string | null; bornWithText: boolean }[];
}

/**
 * Runs in the page before the app: records where focus rests and what the live regions say, as a
 * screen reader would hear it.
 */
function recordFocusAndLiveRegions() {
  const record: Recorded = { bodyFocus: [], said: [] };
  (window as unknown as { __recorded: Recorded }).__recorded = record;
  document.addEventListener(
    'focusout',
    (event) => {
      const from = event.target as HTMLElement;
      const left = `${from.tagName} ${(from.textContent ?? '').trim().slice(0, 40)}`;
      setTimeout(() => {
        if (document.activeElement === document.body && document.hasFocus()) record.bodyFocus.push(left);
      }, 150);
    },
    true,
  );
  const lastText = new WeakMap<Element, string>();
  const scan = () => {
    for (const region of document.querySelectorAll('[role="status"], [role="alert"], [aria-live]')) {
      const text = (region.textContent ?? '').trim();
      const seen = lastText.has(region);
      if (seen && lastText.get(region) === text) continue;
      lastText.set(region, text);
      if (text) record.said.push({ text, role: region.getAttribute('role'), bornWithText: !seen });
    }
  };
  new MutationObserver(scan).observe(document, { subtree: true, childList: true, characterData: true });
}

const recorded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __recorded: Recorded }).__recorded);

/** Presses Tab until the focused element's text or label matches, as a keyboard user would. */
async function tabTo(page: Page, name: string | RegExp, limit = 30) {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element) return '';
      const labelledBy = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : '';
      return (element.getAttribute('aria-label') || labelledBy || element.textContent || '').trim();
    });
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name });

test('the keyboard alone registers on /join; focus lands on each new screen and changes are said', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.addInitScript(recordFocusAndLiveRegions);
  // Listening from the start: Playwright turns the chooser's interception on when the first listener
  // is added, and a listener added just before the key press could lose that race (the chooser then
  // opens natively and no event comes).
  const choosers: FileChooser[] = [];
  page.on('filechooser', (chooser) => choosers.push(chooser));
  const code = await newInviteCode(server);

  await openApp(page, `${server.url}/join`);
  const dialog = page.getByRole('dialog', { name: 'Join Becca' });
  await expect(dialog.getByLabel('Invite code')).toBeFocused();

  // Escape: focus goes to the tutorial's heading, and the dialog stays closed past the 11.4 s advance.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(heading(page, 'How Becca connects you')).toBeFocused();
  await page.waitForTimeout(12_000);
  await expect(dialog).toBeHidden();
  await expect(heading(page, 'How Becca connects you')).toBeFocused();

  // Asked for: it opens, and accepting the code hands focus to the first question.
  await tabTo(page, 'Get Started');
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Invite code')).toBeFocused();
  await page.keyboard.type(code);
  await expect(dialog.getByText('Invite code is valid')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(heading(page, 'Step 1 of 5: First things first: what’s your name?')).toBeFocused();

  await tabTo(page, 'First name');
  await page.keyboard.type('Ada');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Lovelace');
  await page.keyboard.press('Enter');
  await expect(heading(page, /^Step 2 of 5: /)).toBeFocused();

  await tabTo(page, 'Age');
  await page.keyboard.type('36');
  await page.keyboard.press('Enter');
  await expect(heading(page, /^Step 3 of 5: /)).toBeFocused();

  // The file input is reached with Tab and opened with Space; the chooser is the system's.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/Choose a photo/)).toBeFocused();
  await page.keyboard.press('Space');
  await expect.poll(() => choosers.length, { message: 'Space opened the file chooser' }).toBe(1);
  await choosers[0]!.setFiles(photoPath);
  await expect(page.getByRole('status').filter({ hasText: 'Your photo is ready.' })).toBeVisible();
  await tabTo(page, 'Next');
  await page.keyboard.press('Enter');
  await expect(heading(page, /^Step 4 of 5: /)).toBeFocused();

  await tabTo(page, 'What is your occupation?');
  await page.keyboard.type('Mathematician writing the first programs');
  await tabTo(page, 'Next');
  await page.keyboard.press('Enter');
  await expect(heading(page, /^Step 5 of 5: /)).toBeFocused();

  await tabTo(page, 'Mobile number');
  await page.keyboard.type(phoneFor(testInfo.project.name, 3));
  await page.keyboard.press('Tab');
  await page.keyboard.type('London');
  await page.keyboard.press('Enter');

  for (const [title, names] of [
    ['Who I Know', ['Royal Society', 'Chess Club', 'Choir']],
    ['People Who Matter To Me', ['Charles', 'James', 'Mary']],
  ] as const) {
    await expect(heading(page, title)).toBeFocused();
    for (const [index, name] of names.entries()) {
      await tabTo(page, index === 0 ? 'Add who you know' : 'Add another');
      await page.keyboard.press('Enter');
      await page.keyboard.type(name);
      await page.keyboard.press('Tab');
      await page.keyboard.type('London');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('progressbar', { name: 'Entries added' })).toHaveAttribute(
        'aria-valuenow',
        String(index + 1),
      );
    }
  }

  await expect(heading(page, 'Welcome to Becca.')).toBeFocused({ timeout: 30_000 });

  const { bodyFocus, said } = await recorded(page);
  const texts = said.map((entry) => entry.text);
  const once = (text: string) =>
    expect(
      texts.filter((said) => said === text),
      text,
    ).toHaveLength(1);
  expect(bodyFocus).toEqual([]);
  once('Invite code is valid');
  once('Your photo is ready.');
  once('Added Royal Society, London (1/3)');
  once('Added Mary, London (3/3)');
  once('Uploading your registration: 100%');
  // Every region was in the page before it spoke, so screen readers were listening.
  expect(said.filter((entry) => entry.bornWithText)).toEqual([]);
  expect(said.filter((entry) => entry.role === 'alert')).toEqual([]);
  console.log(
    `keyboard walk (${testInfo.project.name}): ${said.length} announcements, body focus ${bodyFocus.length}`,
  );
});
