import { expect, type Page } from '@playwright/test';
import { routePaths } from '../src/shared/routePaths';
import { newInviteCode, openApp, type RunningServer } from './realServer';

/** Every path of the route table, and one that is not in it (the 404 page). */
export const everyRoute: readonly string[] = [...Object.values(routePaths), '/no-such-page'];

/** A UK mobile number of its own for each project and purpose, so runs never collide in one database. */
export function phoneFor(projectName: string, purpose: number): string {
  const project = projectName === 'phone' ? 1 : 2;
  return `07400 ${project}${purpose}${String(Date.now() % 10_000).padStart(4, '0')}`;
}

/**
 * Walks /join through each of its states with the mouse and typing, calling `visit(name)` in each
 * one once it has settled: the invite dialog and its modes, the tutorial, every wizard step with and
 * without messages, both who-I-know steps, the welcome and a failed registration. Returns the
 * number of states visited.
 */
export async function walkJoinStates(
  page: Page,
  server: RunningServer,
  options: { projectName: string; photoPath: string; visit: (state: string) => Promise<void> },
): Promise<number> {
  const { visit } = options;
  const waitlistPhone = phoneFor(options.projectName, 1);
  const registrationPhone = phoneFor(options.projectName, 2);
  let visited = 0;
  const at = async (state: string) => {
    visited += 1;
    await visit(state);
  };
  const dialog = page.getByRole('dialog');

  // The waitlist first: its success screen leaves for the home page.
  await openApp(page, `${server.url}${routePaths.join}`);
  await expect(dialog).toBeVisible();
  await at('invite dialog, empty');
  await dialog.getByLabel('Invite code').fill('WRONGCODE9');
  await expect(dialog.getByText('Invalid invite code')).toBeVisible();
  await at('invite dialog, invalid code');
  await dialog.getByRole('button', { name: 'I don’t have an invite code' }).click();
  await expect(dialog.getByRole('heading', { name: 'Join the waitlist' })).toBeVisible();
  await at('waitlist form');
  await dialog.getByLabel('Your mobile number').fill('12');
  await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(dialog.getByLabel('Your mobile number')).toHaveAttribute('aria-invalid', 'true');
  await at('waitlist form, bad number');
  await dialog.getByLabel('Your mobile number').fill(waitlistPhone);
  await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(dialog.getByText('You’re on the list.', { exact: false })).toBeVisible();
  await at('waitlist success');
  await page.waitForURL(`${server.url}/`);

  await openApp(page, `${server.url}${routePaths.join}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await at('tutorial, dialog closed');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await dialog.getByLabel('Invite code').fill(await newInviteCode(server));
  await expect(dialog.getByText('Invite code is valid')).toBeVisible();
  await at('invite dialog, valid code');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();

  const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByLabel('First name')).toBeVisible();
  await at('wizard: name');
  await page.getByLabel('First name').fill('A');
  await page.getByLabel('First name').fill('');
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await at('wizard: name, required message');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await next();
  await expect(page.getByLabel('Age')).toBeVisible();
  await at('wizard: age');
  await page.getByLabel('Age').fill('36');
  await next();
  await expect(page.getByText('Choose a photo')).toBeVisible();
  await at('wizard: photo, none yet');
  await page.locator('input[type="file"]').setInputFiles(options.photoPath);
  await expect(page.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  await at('wizard: photo, ready');
  await next();
  await expect(page.getByLabel('What is your occupation?')).toBeVisible();
  await at('wizard: occupation');
  await page.getByLabel('What is your occupation?').fill('Mathematician writing the first programs');
  await next();
  await expect(page.getByLabel('Mobile number')).toBeVisible();
  await at('wizard: phone and location');
  await page.getByLabel('Mobile number').fill(registrationPhone);
  await page.getByLabel('Location').fill('London');
  await next();

  for (const part of [1, 2] as const) {
    const [nameLabel, placeLabel] =
      part === 1 ? ['Group, community or organisation', 'where from'] : ['Name', 'at'];
    await expect(page.getByRole('button', { name: 'Add who you know' })).toBeVisible();
    await at(`who I know ${part}: empty`);
    await page.getByRole('button', { name: 'Add who you know' }).click();
    await at(`who I know ${part}: adding`);
    await page.getByRole('button', { name: 'Add Entry' }).click();
    await expect(page.getByLabel(nameLabel, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await at(`who I know ${part}: both fields required`);
    const entries = part === 1 ? ['Royal Society', 'Chess Club', 'Choir'] : ['Charles', 'James', 'Mary'];
    for (const [index, name] of entries.entries()) {
      if (index > 0) await page.getByRole('button', { name: 'Add another' }).click();
      await page.getByLabel(nameLabel, { exact: true }).fill(name);
      await page.getByLabel(placeLabel, { exact: true }).fill('London');
      await page
        .getByRole('button', { name: index < 2 ? 'Add Entry' : part === 1 ? 'Next' : 'Go to WhatsApp' })
        .click();
      if (index === 1) await at(`who I know ${part}: two entries`);
    }
  }
  await expect(page.getByRole('heading', { name: 'Welcome to Becca.' })).toBeVisible({ timeout: 30_000 });
  await at('welcome');

  // The same phone again, from a fresh tab session: the server refuses it.
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  await openApp(page, `${server.url}${routePaths.join}`);
  await dialog.getByLabel('Invite code').fill(await newInviteCode(server));
  await expect(dialog.getByText('Invite code is valid')).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Again');
  await next();
  await page.getByLabel('Age').fill('36');
  await next();
  await page.locator('input[type="file"]').setInputFiles(options.photoPath);
  await expect(page.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  await next();
  await page.getByLabel('What is your occupation?').fill('Mathematician writing the first programs');
  await next();
  await page.getByLabel('Mobile number').fill(registrationPhone);
  await page.getByLabel('Location').fill('London');
  await next();
  for (const part of [1, 2] as const) {
    const [nameLabel, placeLabel] =
      part === 1 ? ['Group, community or organisation', 'where from'] : ['Name', 'at'];
    for (const index of [0, 1, 2]) {
      await page.getByRole('button', { name: index === 0 ? 'Add who you know' : 'Add another' }).click();
      await page.getByLabel(nameLabel, { exact: true }).fill(`Entry ${index}`);
      await page.getByLabel(placeLabel, { exact: true }).fill('York');
      await page
        .getByRole('button', { name: index < 2 ? 'Add Entry' : part === 1 ? 'Next' : 'Go to WhatsApp' })
        .click();
    }
  }
  await expect(page.getByRole('heading', { name: 'Registration Failed' })).toBeVisible({ timeout: 30_000 });
  await at('registration failed');
  return visited;
}
