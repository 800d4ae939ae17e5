import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { axeFindings } from './axeFindings';
import { openApp, runProjectCommand, startRealServer, type RunningServer } from './realServer';
import { makePhoto, passInviteGate, registerThroughWizard } from './registrationDriver';

/**
 * The operator console in a real browser on the real server: signed in with a link the CLI prints,
 * every section driven as an operator would, the funnel moving with a registration made in another
 * browser, each action found in the audit log, and axe on every page at phone and desktop widths.
 */

let server: RunningServer;
let adminToken: string;
let photoPath: string;
test.beforeAll(async () => {
  server = await startRealServer();
  // The loopback admin routes' token, which the server writes into its data folder at start.
  adminToken = fs.readFileSync(path.join(server.dataDir, 'admin-token'), 'utf8').trim();
  photoPath = await makePhoto();
});
test.afterAll(async () => {
  await server.stopAndDelete();
  fs.rmSync(path.dirname(photoPath), { recursive: true, force: true });
});

async function operators(...args: string[]) {
  const result = await runProjectCommand(['server/cli/operatorsCommand.ts', ...args], {
    DATA_DIR: server.dataDir,
  });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

/** Adds the operator and signs this browser in with the link `operators sign-in-link` prints. */
async function signIn(page: Page, name: string) {
  await operators('add', name);
  const link = (await operators('sign-in-link', name)).trim();
  // APP_URL names localhost; the test browses 127.0.0.1.
  await page.goto(`${server.url}${new URL(link).pathname}`);
  await page.getByRole('button', { name: `Sign in as ${name}` }).click();
  await expect(page).toHaveURL(`${server.url}/admin`);
  await expect(page.getByText('Signed in as')).toContainText(name);
}

/** The admin API as the CLI reaches it over loopback, to look without the browser. */
async function adminGet<T>(url: string): Promise<T> {
  const response = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${adminToken}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true });

/** axe finds nothing, and nothing makes the page wider than the screen (a table scrolls in its own box). */
async function expectNoAxeFindings(page: Page, where: string) {
  expect(await axeFindings(page, where)).toEqual([]);
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], `${where}: page width`).toBeLessThanOrEqual(widths[1]!);
}

test('the landing page loads none of the console', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await openApp(page, `${server.url}/`);
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const body = await (await fetch(script)).text();
    expect(body, script).not.toContain('sign-in-link');
    expect(body, script).not.toContain('Check what will change');
  }
});

test('signed out, every console page says how to get a sign-in link and shows nothing; not for search engines; axe finds nothing', async ({
  page,
}) => {
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  expect(sitemap).not.toContain('/admin');
  for (const pathname of [
    '/admin',
    '/admin/codes',
    '/admin/waitlist',
    '/admin/members',
    '/admin/communities',
    '/admin/webhooks',
    '/admin/audit',
  ]) {
    const response = await fetch(`${server.url}${pathname}`);
    expect(response.status, pathname).toBe(200);
    expect(await response.text(), pathname).toContain('<meta name="robots" content="noindex">');
    await openApp(page, `${server.url}${pathname}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sign in to the operator console' }),
    ).toBeVisible();
    await expect(page.getByText('npm run operators -- sign-in-link NAME')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Console' })).toHaveCount(0);
  }
  // The API behind it answers a browser without a session as it answers strangers.
  for (const url of ['/api/admin/invite-codes', '/api/admin/audit', '/api/admin/members']) {
    const status = await page.evaluate(async (address) => (await fetch(address)).status, url);
    expect([401, 404], url).toContain(status);
  }
  expect(await axeFindings(page, '/admin/audit signed out')).toEqual([]);
});

test('another site’s form cannot act with the operator’s session', async ({ page }, testInfo) => {
  const label = `Forged ${testInfo.project.name} ${Date.now()}`;
  await signIn(page, `csrf-${testInfo.project.name}`);
  await page.route('http://attacker.test/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>x</title><form method="post" action="${server.url}/api/admin/invite-codes" enctype="text/plain"><input name='{"count":3,"label":"${label}","x":"' value='"}'><button>Go</button></form>`,
    }),
  );
  await page.goto('http://attacker.test/');
  await page.getByRole('button', { name: 'Go' }).click();
  // The server's refusal, as JSON with its detail (the cookie stays home: SameSite=Strict).
  await expect(page.locator('body')).toContainText('"detail"');
  expect(await adminGet<unknown[]>(`/api/admin/invite-codes?label=${encodeURIComponent(label)}`)).toEqual([]);
  expect(await adminGet<unknown[]>(`/api/admin/audit?target=${encodeURIComponent(label)}`)).toEqual([]);
});

test('an operator creates a cohort, sees an invitee move the funnel, revokes the rest and finds it all in the audit log; axe finds nothing on any page', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name;
  const name = `grace-${project}`;
  const label = `Meetup ${project} ${Date.now()}`;
  await signIn(page, name);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expectNoAxeFindings(page, '/admin overview');

  // A cohort of five.
  await section(page, 'Invite codes').click();
  await expect(page).toHaveURL(`${server.url}/admin/codes`);
  await expect(page.getByRole('heading', { level: 1, name: 'Invite codes' })).toBeFocused();
  const create = page.getByRole('region', { name: 'Create codes' });
  await create.getByLabel('How many codes').fill('5');
  await create.getByLabel('Label (cohort)').fill(label);
  await create.getByRole('button', { name: 'Create codes' }).click();
  await expect(create.getByText(/^Done: created 5 codes/)).toBeVisible();
  const codes = await create.locator('li code').allTextContents();
  expect(codes).toHaveLength(5);
  await expect(create.getByText(`${server.url}/join?code=${codes[0]}`)).toBeVisible();
  await expectNoAxeFindings(page, '/admin/codes after creating');

  // One invitee registers with the first code, in a browser of their own.
  const invitee = await browser.newContext();
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(`${server.url}/join?code=${codes[0]}`);
  await passInviteGate(inviteePage);
  await registerThroughWizard(inviteePage, {
    firstName: 'Ivy',
    phone: project === 'phone' ? '07400 555101' : '07400 555202',
    photoPath,
  });
  await invitee.close();

  // The funnel moves: 5 issued, 1 checked, 1 registered.
  await section(page, 'Overview').click();
  const cohortRow = page.getByRole('table', { name: 'By cohort' }).getByRole('row', { name: label });
  await expect(cohortRow.getByRole('cell')).toHaveText(['5', '1', '1', '0', '0']);
  await page.getByText('Registrations per day as a table').click();
  await expectNoAxeFindings(page, '/admin overview with the funnel moved');

  // The rest of the cohort revoked, with a reason, after the dry run said what would change.
  await section(page, 'Invite codes').click();
  const filters = page.getByRole('search', { name: 'Filter the codes' });
  await filters.getByLabel('Label').fill(label);
  await filters.getByRole('button', { name: 'Show codes' }).click();
  const list = page.getByRole('table', { name: 'Invite codes' });
  await expect(list.getByRole('row')).toHaveCount(6);
  await expect(list.getByRole('row', { name: new RegExp(codes[0]!) })).toContainText('used up');
  await page.getByRole('button', { name: `Revoke the rest of “${label}”…` }).click();
  const check = page.getByRole('form', { name: 'Check what will change' });
  await expect(check).toContainText(`revoked 4 codes of cohort "${label}"`);
  await expect(check).toContainText('Nothing has changed yet.');
  await expectNoAxeFindings(page, '/admin/codes dry run');
  expect(
    (await adminGet<{ status: string }[]>(`/api/admin/invite-codes?label=${encodeURIComponent(label)}`))
      .map((code) => code.status)
      .sort(),
  ).toEqual(['used up', 'valid', 'valid', 'valid', 'valid']);
  await check.getByLabel('Reason (kept in the audit log)').fill('The meetup is over');
  await check.getByRole('button', { name: 'Revoke the cohort’s codes' }).click();
  await expect(page.getByText(`Done: revoked 4 codes of cohort "${label}"`)).toBeVisible();
  await expect(list.getByRole('row').filter({ hasText: 'revoked' })).toHaveCount(4);

  // Every action in the audit log, under the operator's name.
  await section(page, 'Audit log').click();
  const auditFilters = page.getByRole('search', { name: 'Filter the audit log' });
  await auditFilters.getByLabel('Target').fill(label);
  await auditFilters.getByRole('button', { name: 'Show entries' }).click();
  const audit = page.getByRole('table', { name: 'Audit log' });
  await expect(audit.getByRole('row')).toHaveCount(3);
  const revoked = audit.getByRole('row').filter({ hasText: 'invite.revoke' });
  await expect(revoked).toContainText(name);
  await expect(revoked).toContainText('The meetup is over');
  await expect(audit.getByRole('row').filter({ hasText: 'invite.create' })).toContainText(name);
  if (project === 'desktop') {
    // At 1280 px, a common laptop's width, every column is on the screen: the last one (Effect)
    // whole, and nothing left to scroll to sideways.
    await page.setViewportSize({ width: 1280, height: 800 });
    const effect = audit.getByRole('columnheader', { name: 'Effect' });
    await expect(effect).toBeVisible();
    const lastCells = [effect, revoked.getByRole('cell').last()];
    for (const cell of lastCells) {
      const box = await cell.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
    }
    const region = page.getByRole('region', { name: 'Audit log' });
    const [scrollWidth, clientWidth] = await region.evaluate((element) => [
      element.scrollWidth,
      element.clientWidth,
    ]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  await auditFilters.getByLabel('Target').fill('');
  await auditFilters.getByLabel('Action').fill('invite.create');
  await auditFilters.getByLabel('Actor').fill(name);
  await auditFilters.getByRole('button', { name: 'Show entries' }).click();
  await expect(page.getByText('1 action.')).toBeVisible();
  await expectNoAxeFindings(page, '/admin/audit');

  // The other sections, each checked by axe: the invitee's member page shows where they came from.
  await section(page, 'Members').click();
  await page.getByLabel('Name or member id').fill('Ivy');
  await page.getByRole('button', { name: 'Search' }).click();
  await expectNoAxeFindings(page, '/admin/members');
  await page.getByRole('table', { name: 'Members' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Ivy / })).toBeFocused();
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status).toContainText(codes[0]!);
  await expect(status).toContainText('an operator’s code');
  await page.getByRole('button', { name: 'Erase this member…' }).click();
  await expect(page.getByRole('form', { name: 'Check what will change' })).toContainText('erased a member');
  await expectNoAxeFindings(page, '/admin/members member page, erase checked');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Someone joins the waitlist; the operator invites them and gets the wa.me link to send.
  const waitingPhone = project === 'phone' ? '+447400555303' : '+447400555404';
  const joined = await fetch(`${server.url}/api/waitlist/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: waitingPhone, name: `Wren ${project}` }),
  });
  expect(joined.ok).toBe(true);
  await section(page, 'Waitlist').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Waitlist' })).toBeFocused();
  await expectNoAxeFindings(page, '/admin/waitlist');
  await page.getByRole('button', { name: `Invite Wren ${project}` }).click();
  const send = page.getByRole('link', { name: new RegExp(`Send the invitation to \\${waitingPhone}`) });
  await expect(send).toHaveAttribute('href', new RegExp(`^https://wa\\.me/${waitingPhone.slice(1)}\\?text=`));
  await expectNoAxeFindings(page, '/admin/waitlist after inviting');

  await section(page, 'Webhooks').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeFocused();
  // The invitee's registration is an event for the assistant's receiver; retried now by hand.
  const event = page
    .getByRole('table', { name: 'Webhook events' })
    .getByRole('row')
    .filter({ hasText: 'member.registered' })
    .first();
  await expect(event).toBeVisible();
  await event.getByRole('button', { name: /^Retry member\.registered/ }).click();
  await expect(page.getByText(/^Done: .*member\.registered/)).toBeVisible();
  await expectNoAxeFindings(page, '/admin/webhooks');

  // Removed from the command line: the next call finds the session gone, and the page says so.
  await operators('remove', name);
  await section(page, 'Overview').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your session has ended' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoAxeFindings(page, '/admin session ended');
});
