import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { makePhoto, passInviteGate, registerThroughWizard } from './registrationDriver';
import { openApp, runProjectCommand, startRealServer, type RunningServer } from './realServer';
import { phoneForLists } from '../src/domain/phoneNumber';

/** A waitlist entry as `waitlist list` shows it: its state, then the phone masked as every list masks it. */
const listed = (state: string, e164: string) => `${state.padEnd(9)}${phoneForLists(e164)}`;

let server: RunningServer;
const ASSISTANT_API_KEY = randomBytes(32).toString('base64url');

/** What the assistant does when the member's first WhatsApp message arrives from their number. */
async function assistantLinks(linkingCode: string, whatsappNumber: string) {
  const response = await fetch(`${server.url}/api/assistant/link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ASSISTANT_API_KEY}` },
    body: JSON.stringify({ linking_code: linkingCode, whatsapp_number: whatsappNumber }),
  });
  expect(response.status).toBe(200);
}
let photoPath: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startRealServer({ startTimeoutMs: 150_000, env: { ASSISTANT_API_KEY } });
  photoPath = await makePhoto();
});
test.afterAll(async () => {
  await server.stop();
});

async function operator(command: 'invite' | 'waitlist', ...args: string[]) {
  const result = await runProjectCommand([`server/cli/${command}Command.ts`, ...args], {
    DATA_DIR: server.dataDir,
  });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

async function joinWaitlist(phone: string) {
  const response = await fetch(`${server.url}/api/waitlist/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: phone }),
  });
  expect(response.status).toBe(200);
}

const invitesPanel = (page: Page) => page.getByRole('region', { name: 'Invite friends' });
const inviteRows = (page: Page) => invitesPanel(page).getByRole('listitem');

/** Reads the QR the page drew back into text, in the browser's own pixels. */
async function decodeQr(page: Page): Promise<string | undefined> {
  const image = page.getByRole('img', { name: 'Scan with your phone to open WhatsApp' });
  await expect(image).toBeVisible();
  const pixels = await image.evaluate(async (element: HTMLImageElement) => {
    await element.decode();
    const canvas = document.createElement('canvas');
    canvas.width = element.naturalWidth;
    canvas.height = element.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(element, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  });
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data;
}

test('a member invites a friend: codes unlock on WhatsApp, 3 codes, one used by the friend, shown used after a reload', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const desktop = testInfo.project.name === 'desktop';
  const [memberPhone, friendPhone] = desktop
    ? ['07400 600601', '07400 600602']
    : ['07400 500501', '07400 500502'];
  const rootCode = (await operator('invite', 'create', '--uses', '1')).trim().split('\n').pop()!;

  await openApp(page, `${server.url}/join`);
  await passInviteGate(page, rootCode);
  await registerThroughWizard(page, { firstName: 'Ada', phone: memberPhone, photoPath });

  const whatsapp = page.getByRole('link', { name: 'Go to WhatsApp' });
  const whatsappUrl = (await whatsapp.getAttribute('href'))!;
  expect(whatsappUrl).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
  const linkingCode = /code is ([A-Z0-9]+)$/.exec(new URL(whatsappUrl).searchParams.get('text')!)![1]!;
  if (desktop) {
    // Wide screen, no touch: a QR beside the button that reads back as the same link.
    expect(await decodeQr(page)).toBe(whatsappUrl);
    await expect(page.getByText(linkingCode, { exact: true })).toBeVisible();
    const [button, qr] = await Promise.all([
      whatsapp.boundingBox(),
      page.getByRole('img', { name: 'Scan with your phone to open WhatsApp' }).boundingBox(),
    ]);
    expect(qr!.x).toBeGreaterThan(button!.x + button!.width);
  } else {
    // A phone keeps the button first and never loads the QR code.
    await expect(page.getByRole('img', { name: 'Scan with your phone to open WhatsApp' })).toHaveCount(0);
  }

  // Until the member messages Becca from their number, their invites are locked, and the panel says so.
  await expect(invitesPanel(page)).toBeVisible();
  await expect(invitesPanel(page).getByText(/Your invites unlock when you message Becca/)).toBeVisible();
  await expect(invitesPanel(page).getByRole('link', { name: 'Message Becca on WhatsApp' })).toHaveAttribute(
    'href',
    whatsappUrl,
  );
  await expect(inviteRows(page)).toHaveCount(0);
  await assistantLinks(linkingCode, `+44${memberPhone.replace(/\s/g, '').slice(1)}`);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to Becca.' })).toBeVisible();
  await expect(inviteRows(page)).toHaveCount(3);
  await expect(invitesPanel(page).getByText('Unused')).toHaveCount(3);
  const shareUrl = (await invitesPanel(page)
    .getByText(/\/join\?code=/)
    .first()
    .textContent())!;
  const friendCode = new URL(shareUrl).searchParams.get('code')!;
  const share = new URL(
    (await inviteRows(page).first().getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href'))!,
  );
  expect(share.searchParams.get('text')).toContain(shareUrl);

  // The friend is on the waitlist, opens the shared link in their own browser and registers.
  await joinWaitlist(friendPhone);
  const friendContext = await browser.newContext({
    viewport: page.viewportSize()!,
    hasTouch: !desktop,
    isMobile: !desktop,
  });
  try {
    const friend = await friendContext.newPage();
    // The link points at APP_URL (localhost); the test server listens on 127.0.0.1.
    await openApp(friend, `${server.url}${new URL(shareUrl).pathname}${new URL(shareUrl).search}`);
    await passInviteGate(friend);
    await registerThroughWizard(friend, { firstName: 'Grace', phone: friendPhone, photoPath });
  } finally {
    await friendContext.close();
  }

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to Becca.' })).toBeVisible();
  await expect(
    invitesPanel(page).getByRole('listitem', { name: `Invite ${friendCode}, used` }),
  ).toBeVisible();
  await expect(invitesPanel(page).getByText('Unused')).toHaveCount(2);

  // The operator sees the edge, and the friend's waitlist entry has become joined.
  const tree = await operator('invite', 'tree');
  expect(tree).toMatch(new RegExp(`${friendCode}  used\\n.*└─ Grace \\(`));
  const e164 = `+44${friendPhone.replace(/\D/g, '').slice(1)}`;
  expect(await operator('waitlist', 'list')).toContain(listed('joined', e164));
});

test('the operator lets a waiting number in with one command: its link works, then it is joined', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const phone = testInfo.project.name === 'desktop' ? '07400 600603' : '07400 500503';
  const e164 = `+44${phone.replace(/\D/g, '').slice(1)}`;
  await joinWaitlist(phone);
  expect(await operator('waitlist', 'list')).toContain(listed('waiting', e164));

  const printed = await operator('waitlist', 'invite', phone);
  const link = new URL(printed.trimEnd().split('\n').pop()!);
  expect(`${link.origin}${link.pathname}`).toBe(`https://wa.me/${e164.slice(1)}`);
  const joinLink = /(http\S+\/join\?code=\S+)/.exec(link.searchParams.get('text')!)![1]!;
  expect(await operator('waitlist', 'list')).toContain(listed('invited', e164));

  await openApp(page, `${server.url}${new URL(joinLink).pathname}${new URL(joinLink).search}`);
  await passInviteGate(page);
  await registerThroughWizard(page, { firstName: 'Hedy', phone, photoPath });
  expect(await operator('waitlist', 'list')).toContain(listed('joined', e164));
});
