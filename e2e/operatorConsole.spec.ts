import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { axeFindings } from './axeFindings';
import { openApp, startRealServer, type RunningServer } from './realServer';

let server: RunningServer;
let adminToken: string;
test.beforeAll(async () => {
  server = await startRealServer();
  // The loopback admin routes' token, which the server writes into its data folder at start.
  adminToken = fs.readFileSync(path.join(server.dataDir, 'admin-token'), 'utf8').trim();
});
test.afterAll(async () => {
  await server.stopAndDelete();
});

/** A label of this run's own, so the phone and desktop runs (one database) count only their codes. */
const cohortLabel = (projectName: string) => `Meetup ${projectName} ${Date.now()}`;

async function issueCode(label: string): Promise<string> {
  const response = await fetch(`${server.url}/api/admin/invite-codes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ uses: 1, label }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { code: string }).code;
}

async function checkCode(code: string) {
  const response = await fetch(`${server.url}/api/auth/validate-code/${code}`);
  expect(await response.json()).toMatchObject({ valid: true });
}

/**
 * A signed-in browser, until the operator sessions arrive: the session check answers as it will for a
 * signed-in operator, and the overview goes to the real server with the admin token added on the way.
 */
async function actSignedIn(page: Page) {
  await page.route('**/api/admin/session', (route) =>
    route.fulfill({ json: { operator: { name: 'Grace' } } }),
  );
  await page.route('**/api/admin/overview', async (route) =>
    route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${adminToken}` } }),
  );
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
    expect(await (await fetch(script)).text(), script).not.toContain('sign-in-link');
  }
});

test('signed out, /admin says how to get a sign-in link; it is not for search engines; axe finds nothing', async ({
  page,
}) => {
  const html = await (await fetch(`${server.url}/admin`)).text();
  expect(html).toContain('<meta name="robots" content="noindex">');
  expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain('/admin');

  await openApp(page, `${server.url}/admin`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in to the operator console' }),
  ).toBeVisible();
  await expect(page.getByText('npm run operators -- sign-in-link NAME')).toBeVisible();
  expect(await axeFindings(page, '/admin signed out')).toEqual([]);
});

test('signed in, the overview shows a cohort’s funnel move; axe finds nothing, nor once the session ends', async ({
  page,
}, testInfo) => {
  const label = cohortLabel(testInfo.project.name);
  const codes = [await issueCode(label), await issueCode(label), await issueCode(label)];
  await checkCode(codes[0]!);
  await actSignedIn(page);
  await openApp(page, `${server.url}/admin`);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByText('Signed in as')).toContainText('Grace');

  const cohortRow = () => page.getByRole('table', { name: 'By cohort' }).getByRole('row', { name: label });
  await expect(cohortRow().getByRole('cell')).toHaveText(['3', '1', '0', '0', '0']);
  await page.getByLabel('Show the funnel of').selectOption(label);
  const funnel = page.getByRole('table', { name: `Funnel of the cohort “${label}”` });
  await expect(funnel.getByRole('row', { name: /Codes checked/ }).getByRole('cell')).toHaveText(['1', '33%']);

  await checkCode(codes[1]!);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(cohortRow().getByRole('cell')).toHaveText(['3', '2', '0', '0', '0']);
  await expect(funnel.getByRole('row', { name: /Codes checked/ }).getByRole('cell')).toHaveText(['2', '67%']);

  await page.getByText('Registrations per day as a table').click();
  expect(await axeFindings(page, '/admin signed in')).toEqual([]);

  // The session dies under the page: the next admin call is refused as the server refuses strangers.
  await page.unroute('**/api/admin/session');
  await page.unroute('**/api/admin/overview');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your session has ended' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Your session has ended' })).toBeFocused();
  expect(await axeFindings(page, '/admin session ended')).toEqual([]);
});
