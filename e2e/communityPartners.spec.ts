import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeFindings, type Finding } from './axeFindings';
import { phoneFor } from './joinStates';
import { makePhoto } from './registrationDriver';
import { openApp, runProjectCommand, startRealServer, type RunningServer } from './realServer';

/**
 * Community partners end to end (issue 50): an organiser applies on /communities, the operator
 * approves on the command line, the organiser signs in through the link, makes a link of 3, three
 * people register through it, the poster counts 3, a fourth is refused, the link is revoked, and a
 * link beyond the quota is refused; axe on /communities, /partner and the poster. Then a second
 * application is approved in the console, whose sign-in link lets its organiser in.
 */

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

async function communities(...args: string[]) {
  const result = await runProjectCommand(['server/cli/communitiesCommand.ts', ...args], {
    DATA_DIR: server.dataDir,
  });
  expect(result.code, result.stderr).toBe(0);
  return result;
}

async function register(request: APIRequestContext, code: string, phone: string) {
  const formData = {
    invite_code: code,
    first_name: 'Ada',
    last_name: 'Lovelace',
    age: 36,
    location: 'London',
    phone,
    occupation: 'I design bridges and teach structural engineering.',
    who_i_know_groups: [
      {
        id: 'g1',
        group_name: 'Chess club',
        location: 'London',
        position: { x: 0.25, y: 0.5 },
        kind: 'group',
      },
    ],
    who_i_know_people: [],
    looking_for: ['Friendship'],
    interests: [],
  };
  return request.post(`${server.url}/api/auth/register`, {
    multipart: {
      form_data: JSON.stringify(formData),
      photos: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(photoPath) },
    },
  });
}

test('apply, approve, sign in, a link of 3 fills, the poster counts, revoke, the quota holds', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name;
  const findings: Finding[] = [];
  const communityName = `Founders Breakfast ${project}`;

  await openApp(page, `${server.url}/communities`);
  const form = page.getByRole('form', { name: 'Partner with Becca' });
  await form.getByRole('textbox', { name: 'Your name' }).fill('Ada Lovelace');
  await form.getByRole('textbox', { name: 'Community name' }).fill(communityName);
  await form
    .getByRole('textbox', { name: 'What your community is' })
    .fill('A monthly breakfast for people building companies in east London.');
  await form.getByRole('textbox', { name: 'City' }).fill('London');
  await form.getByRole('spinbutton', { name: 'Typical event size' }).fill('40');
  await form.getByRole('textbox', { name: 'WhatsApp number' }).fill(phoneFor(project, 1));
  findings.push(...(await axeFindings(page, '/communities')));
  await form.getByRole('button', { name: 'Apply to partner' }).click();
  await expect(page.getByText(/we will read about your community/)).toBeVisible();

  const listed = (await communities('list')).stdout;
  const id = new RegExp(`^(\\d+)\\s.*${communityName}`, 'm').exec(listed)?.[1];
  expect(id, listed).toBeDefined();
  const approved = await communities('approve', id!, '--quota', '5');
  const whatsapp = new URL(approved.stdout.trim().split('\n').pop()!);
  expect(whatsapp.hostname).toBe('wa.me');
  const signInUrl = /(https?:\/\/\S+\/partner\/sign-in\/[A-Za-z0-9_-]{43})/.exec(
    whatsapp.searchParams.get('text')!,
  )![1]!;

  await page.goto(`${server.url}${new URL(signInUrl).pathname}`);
  await page.getByRole('button', { name: /^Sign in as / }).click();
  await expect(page).toHaveURL(`${server.url}/partner`);
  await expect(page.getByRole('heading', { level: 1, name: communityName })).toBeVisible();
  const [cookie] = await page.context().cookies(server.url);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

  const linkForm = page.getByRole('form', { name: 'New event link' });
  await linkForm.getByRole('textbox', { name: 'Event name' }).fill('November breakfast');
  await linkForm.getByRole('spinbutton', { name: 'How many people' }).fill('3');
  await linkForm.getByRole('button', { name: 'Make the link' }).click();
  const made = linkForm.getByText(/^Made the link [A-Z0-9]{10}/);
  await expect(made).toBeVisible();
  const code = /Made the link ([A-Z0-9]{10})/.exec((await made.textContent())!)![1]!;
  findings.push(...(await axeFindings(page, '/partner')));

  for (let i = 0; i < 3; i += 1) {
    expect((await register(request, code, phoneFor(project, 2 + i))).status()).toBe(201);
  }
  expect((await register(request, code, phoneFor(project, 6))).status()).toBe(403);

  // The poster's polls are conditional requests: the answer is private and `no-cache` with an ETag,
  // so the browser sends If-None-Match by itself and an unchanged list comes back 304 with no body
  // (the first poll may be a 200: the partner page's copy predates the registrations). Chromium hands
  // the page its kept copy as a 200, so the sign of the 304 is a poll that received no body.
  const revalidated = page.waitForResponse(
    async (response) => {
      if (response.url() !== `${server.url}/api/partner/event-links`) return false;
      const sent = (await response.request().allHeaders())['if-none-match'];
      const { responseBodySize } = await response.request().sizes();
      return sent !== undefined && sent === (await response.allHeaders()).etag && responseBodySize === 0;
    },
    { timeout: 20_000 },
  );
  await page.getByRole('link', { name: 'Door poster for November breakfast' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'November breakfast' })).toBeVisible();
  // Refreshed by itself within its interval (5 s).
  await expect(page.getByRole('status')).toHaveText('3 people have joined', { timeout: 12_000 });
  await revalidated;
  await expect(page.getByRole('status')).toHaveText('3 people have joined');
  findings.push(...(await axeFindings(page, 'the door poster')));
  // No member's name or phone anywhere the organiser looks.
  await expect(page.locator('body')).not.toContainText('Lovelace');

  await page.getByRole('link', { name: 'Back to your partner area' }).click();
  await expect(page.getByText('3 of 3 used, used up')).toBeVisible();
  await expect(page.getByText('3 registered, 0 on WhatsApp, 0 onboarded.')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Lovelace');

  // Two places left of 5: a link of 3 is refused.
  await linkForm.getByRole('textbox', { name: 'Event name' }).fill('December drinks');
  await linkForm.getByRole('spinbutton', { name: 'How many people' }).fill('3');
  await linkForm.getByRole('button', { name: 'Make the link' }).click();
  await expect(linkForm.getByText('Your community has 2 places left for new links.')).toBeVisible();

  await linkForm.getByRole('spinbutton', { name: 'How many people' }).fill('2');
  await linkForm.getByRole('button', { name: 'Make the link' }).click();
  await expect(linkForm.getByText(/^Made the link/)).toBeVisible();
  await page.getByRole('button', { name: 'Revoke December drinks' }).click();
  await expect(page.getByText(/0 of 2 used, revoked/)).toBeVisible();

  expect(findings).toEqual([]);
});

test('an operator approves an application in the console: the sign-in and WhatsApp links, the organiser signs in with it, and a suspension ends their session', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const communityName = `Camden Runners ${project}`;
  const applied = await request.post(`${server.url}/api/community-applications`, {
    data: {
      organiser_name: 'Mo Farah',
      community_name: communityName,
      about: 'A running crew that meets on Sunday mornings by the canal, about thirty of us.',
      city: 'London',
      expected_size: 30,
      contact_phone: phoneFor(project, 7),
    },
  });
  expect(applied.status()).toBe(202);

  const operator = `grace-${project}`;
  const added = await runProjectCommand(['server/cli/operatorsCommand.ts', 'add', operator], {
    DATA_DIR: server.dataDir,
  });
  expect(added.code, added.stderr).toBe(0);
  const link = await runProjectCommand(['server/cli/operatorsCommand.ts', 'sign-in-link', operator], {
    DATA_DIR: server.dataDir,
  });
  expect(link.code, link.stderr).toBe(0);
  // APP_URL names localhost; the test browses 127.0.0.1.
  await page.goto(`${server.url}${new URL(link.stdout.trim()).pathname}`);
  await page.getByRole('button', { name: `Sign in as ${operator}` }).click();
  await expect(page).toHaveURL(`${server.url}/admin`);

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Communities' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Communities' })).toBeVisible();
  const pending = page.getByRole('table', { name: 'Pending applications' });
  const row = pending.getByRole('row', { name: new RegExp(communityName) });
  await expect(row).toContainText('Mo Farah');
  await row.getByRole('button', { name: `Review ${communityName}` }).click();
  const approval = page.getByRole('form', { name: `Approve ${communityName}` });
  await approval.getByRole('spinbutton', { name: 'Quota (places)' }).fill('10');
  await approval.getByRole('button', { name: 'Approve' }).click();

  const whatsapp = page.getByRole('link', { name: /^Send on WhatsApp to mo-farah-\d+/ });
  await expect(whatsapp).toBeVisible();
  expect(new URL((await whatsapp.getAttribute('href'))!).hostname).toBe('wa.me');
  expect(await whatsapp.getAttribute('rel')).toContain('noopener');
  const status = page.getByRole('status').filter({ hasText: `Approved “${communityName}”.` });
  const signInUrl = /(https?:\/\/\S+\/partner\/sign-in\/[A-Za-z0-9_-]{43})/.exec(
    (await status.textContent())!,
  )![1]!;
  // Approving refreshed the list: the application is decided now.
  await expect(
    page
      .getByRole('table', { name: 'Decided applications' })
      .getByRole('row', { name: new RegExp(communityName) }),
  ).toContainText('approved');
  expect(await axeFindings(page, '/admin/communities')).toEqual([]);

  // The organiser, in a browser of their own, signs in with the link the console showed.
  const organiser = await browser.newContext();
  const organiserPage = await organiser.newPage();
  await organiserPage.goto(`${server.url}${new URL(signInUrl).pathname}`);
  await organiserPage.getByRole('button', { name: /^Sign in as / }).click();
  await expect(organiserPage).toHaveURL(`${server.url}/partner`);
  await expect(organiserPage.getByRole('heading', { level: 1, name: communityName })).toBeVisible();

  // The operator suspends the community in the console: the organiser's session ends with it.
  const communitiesTable = page.getByRole('table', { name: 'Approved communities' });
  await communitiesTable.getByRole('button', { name: `Suspend… ${communityName}` }).click();
  const check = page.getByRole('form', { name: `Suspend “${communityName}”` });
  await expect(check).toContainText('Nothing has changed yet.');
  await check.getByLabel('Reason (kept in the audit log)').fill('Links shared on a public forum');
  await check.getByRole('button', { name: 'Suspend the community' }).click();
  await expect(page.getByText(new RegExp(`^Done: suspended community ${communityName}`))).toBeVisible();
  await expect(communitiesTable.getByRole('row', { name: new RegExp(communityName) })).toContainText(
    'suspended',
  );
  await organiserPage.reload();
  await expect(organiserPage.getByText('You are not signed in.', { exact: false })).toBeVisible();
  await organiser.close();
});
