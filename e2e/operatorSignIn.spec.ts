import { expect, test } from '@playwright/test';
import { runProjectCommand, startRealServer, type RunningServer } from './realServer';

/**
 * An operator's sign-in in a real browser: the link's page, the button's same-origin POST, the
 * session cookie on the way to /admin, another site's form refused, sign-out, and removal.
 */

let server: RunningServer;
test.beforeAll(async () => {
  server = await startRealServer();
});
test.afterAll(async () => {
  await server.stopAndDelete();
});

async function operators(...args: string[]) {
  const result = await runProjectCommand(['server/cli/operatorsCommand.ts', ...args], {
    DATA_DIR: server.dataDir,
  });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

/** The link's path on this server (APP_URL names localhost; the test browses 127.0.0.1). */
async function signInPath(name: string): Promise<string> {
  const link = (await operators('sign-in-link', name)).trim();
  return new URL(link).pathname;
}

test('a sign-in link signs the browser in; other sites cannot act with the session; sign-out and remove end it', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const name = `ops-${testInfo.project.name}`;
  // The pages' one <style> must be admitted by the hash in their CSP.
  const refusedByCsp: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusedByCsp.push(message.text());
  });
  await operators('add', name);
  const path = await signInPath(name);

  // Opening the link twice uses nothing up.
  await page.goto(`${server.url}${path}`);
  await page.reload();
  const button = page.getByRole('button', { name: `Sign in as ${name}` });
  await expect(button).toBeVisible();
  await button.click();
  await expect(page).toHaveURL(`${server.url}/admin`);
  await expect(page.getByText('Signed in as')).toContainText(name);
  const [cookie] = await page.context().cookies(server.url);
  expect(cookie).toMatchObject({ name: 'becca_operator', httpOnly: true, sameSite: 'Strict', path: '/' });

  // The link is spent.
  await page.goto(`${server.url}${path}`);
  await expect(page.getByRole('heading', { name: 'You are not signed in' })).toBeVisible();
  await expect(page.getByText('This sign-in link has been used already')).toBeVisible();

  // The console's door: the session reaches the admin API.
  await page.goto(`${server.url}/api/admin/session`);
  expect(JSON.parse((await page.locator('body').textContent()) ?? '')).toMatchObject({ operator: { name } });

  // Another site's form posting to the admin API with this browser's session changes nothing.
  await page.route('http://attacker.test/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>x</title><form method="post" action="${server.url}/api/admin/operators/${name}/sign-in-links" enctype="text/plain"><input name="a" value="b"><button>Go</button></form>`,
    }),
  );
  await page.goto('http://attacker.test/');
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(page.locator('body')).toContainText('No API endpoint POST');
  expect(await operators('list')).toMatch(new RegExp(`^${name}\\s`, 'm'));

  // Sign out from the console.
  await page.goto(`${server.url}/admin`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'You have signed out' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in to the operator console' })).toBeVisible();

  // Signed in again, then removed from the command line: the session dies at once.
  await page.goto(`${server.url}${await signInPath(name)}`);
  await page.getByRole('button', { name: `Sign in as ${name}` }).click();
  await expect(page.getByText('Signed in as')).toContainText(name);
  await operators('remove', name);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in to the operator console' })).toBeVisible();
  expect(refusedByCsp).toEqual([]);
  // And it applied: the site's paper colour, not the browser's white.
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    'rgb(251, 250, 247)',
  );
});
