import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { InvitesPanel } from '../../src/features/memberInvites/InvitesPanel';
import { ACCESS_TOKEN_STORAGE_KEY } from '../../src/shared/accessToken';
import { REGISTERED_WELCOME_KEY } from '../../src/pages/join/registeredWelcome';
import { renderRoute, renderWithProviders } from './renderWithProviders';
import { mswServer } from './setupTests';

const TOKEN = 'member-token-0123456789abcdefghij';
const invite = (code: string, status: 'unused' | 'used' | 'expired' | 'revoked') => ({
  code,
  status,
  used: status === 'used',
  share_url: `https://becca.test/join?code=${code}`,
});
const invites = [
  invite('USEDCODE23', 'used'),
  invite('OPENCODE23', 'unused'),
  invite('OPENCODE34', 'unused'),
];
const MEMBER_WHATSAPP_URL = 'https://wa.me/447700900123?text=Hi%20Becca!%20My%20code%20is%20ABCD2345';

function serveInvites(answer: unknown = { invites, unlocked: true, whatsapp_url: null }, status = 200) {
  const authorizations: (string | null)[] = [];
  mswServer.use(
    http.get('*/api/me/invites', ({ request }) => {
      authorizations.push(request.headers.get('authorization'));
      return HttpResponse.json(answer as object, { status });
    }),
  );
  return authorizations;
}

/** The panel as a signed-in member sees it: the api sends the access token this browser holds. */
function renderPanelSignedInAs(token: string) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
  return renderWithProviders(<InvitesPanel />);
}

function mockClipboard(writeText: jest.Mock) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

test('lists the member’s codes, used and unused, asking with their token', async () => {
  const authorizations = serveInvites();
  renderPanelSignedInAs(TOKEN);
  const panel = screen.getByRole('region', { name: 'Invite friends' });
  const list = await within(panel).findByRole('list', { name: 'Your invite codes' });
  expect(authorizations).toEqual([`Bearer ${TOKEN}`]);
  expect(within(panel).getByText('Each code lets one friend join. 2 of 3 left.')).toBeInTheDocument();

  const used = within(list).getByRole('listitem', { name: 'Invite USEDCODE23, used' });
  expect(used).toHaveTextContent('Used');
  // A used code has nothing left to share.
  expect(within(used).queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
  expect(within(used).queryByRole('link', { name: 'Share on WhatsApp' })).not.toBeInTheDocument();
  for (const code of ['OPENCODE23', 'OPENCODE34']) {
    const row = within(list).getByRole('listitem', { name: `Invite ${code}, unused` });
    expect(row).toHaveTextContent(`https://becca.test/join?code=${code}`);
    expect(within(row).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  }
});

test('before the member messages Becca, the panel says their invites unlock then, with the WhatsApp link', async () => {
  serveInvites({ invites: [], unlocked: false, whatsapp_url: MEMBER_WHATSAPP_URL });
  renderPanelSignedInAs(TOKEN);
  const panel = screen.getByRole('region', { name: 'Invite friends' });
  expect(
    await within(panel).findByText(/Your invites unlock when you message Becca on WhatsApp/),
  ).toBeVisible();
  expect(within(panel).getByRole('link', { name: 'Message Becca on WhatsApp' })).toHaveAttribute(
    'href',
    MEMBER_WHATSAPP_URL,
  );
  expect(within(panel).queryByRole('list')).not.toBeInTheDocument();
});

test('expired and revoked codes say so and offer nothing to share', async () => {
  serveInvites({
    invites: [
      invite('GONECODE23', 'expired'),
      invite('STOPCODE23', 'revoked'),
      invite('OPENCODE23', 'unused'),
    ],
    unlocked: true,
    whatsapp_url: null,
  });
  renderPanelSignedInAs(TOKEN);
  expect(await screen.findByText('Each code lets one friend join. 1 of 3 left.')).toBeInTheDocument();
  for (const [code, label] of [
    ['GONECODE23', 'Expired'],
    ['STOPCODE23', 'No longer active'],
  ] as const) {
    const row = screen.getByRole('listitem', { name: `Invite ${code}, ${label.toLowerCase()}` });
    expect(row).toHaveTextContent(label);
    expect(within(row).queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
  }
});

test('Share on WhatsApp opens wa.me with a short invitation carrying the share link', async () => {
  serveInvites();
  renderPanelSignedInAs(TOKEN);
  const row = await screen.findByRole('listitem', { name: 'Invite OPENCODE23, unused' });
  const share = within(row).getByRole('link', { name: 'Share on WhatsApp' });
  const url = new URL(share.getAttribute('href')!);
  expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/');
  const text = url.searchParams.get('text')!;
  expect(text).toMatch(/invited to join Becca/);
  expect(text).toContain('https://becca.test/join?code=OPENCODE23');
  expect(share).toHaveAttribute('rel', 'noopener noreferrer');
});

test('Copy link copies that code’s link and says so', async () => {
  serveInvites();
  // After userEvent.setup(), which puts its own clipboard in place.
  const user = userEvent.setup();
  const writeText = jest.fn().mockResolvedValue(undefined);
  mockClipboard(writeText);
  renderPanelSignedInAs(TOKEN);
  const row = await screen.findByRole('listitem', { name: 'Invite OPENCODE34, unused' });
  expect(within(row).getByRole('status')).toHaveTextContent('');
  await user.click(within(row).getByRole('button', { name: 'Copy link' }));
  expect(writeText).toHaveBeenCalledWith('https://becca.test/join?code=OPENCODE34');
  expect(within(row).getByRole('status')).toHaveTextContent('Link copied');
  // Only the row that was copied says so.
  const other = screen.getByRole('listitem', { name: 'Invite OPENCODE23, unused' });
  expect(within(other).getByRole('status')).toHaveTextContent('');
});

test('without a clipboard the link is selected and the person told how to copy it', async () => {
  serveInvites();
  const user = userEvent.setup();
  mockClipboard(jest.fn().mockRejectedValue(new Error('denied')));
  renderPanelSignedInAs(TOKEN);
  const row = await screen.findByRole('listitem', { name: 'Invite OPENCODE23, unused' });
  await user.click(within(row).getByRole('button', { name: 'Copy link' }));
  expect(within(row).getByRole('status')).toHaveTextContent('Selected: press Ctrl+C (or ⌘C) to copy.');
  expect(window.getSelection()?.toString()).toBe('https://becca.test/join?code=OPENCODE23');
});

test('a refused token shows the server’s sentence', async () => {
  serveInvites({ detail: 'Please sign in to see your invites.' }, 401);
  renderPanelSignedInAs('expired');
  expect(await screen.findByRole('alert')).toHaveTextContent('Please sign in to see your invites.');
  expect(screen.queryByRole('list')).not.toBeInTheDocument();
});

test('after a reload, /join shows the welcome and the invites again from the stored token', async () => {
  const authorizations = serveInvites();
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, TOKEN);
  const whatsappUrl = 'https://wa.me/447700900123?text=Hi%20Becca!%20My%20code%20is%20ABCD2345';
  sessionStorage.setItem(REGISTERED_WELCOME_KEY, JSON.stringify({ whatsappUrl }));
  renderRoute('/join');
  // The first visit to /join in this file compiles the page's module: allow it the time.
  expect(
    await screen.findByRole('heading', { name: 'Welcome to Becca.' }, { timeout: 10_000 }),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to WhatsApp' })).toHaveAttribute('href', whatsappUrl);
  expect(await screen.findByRole('listitem', { name: 'Invite USEDCODE23, used' })).toBeInTheDocument();
  expect(authorizations).toEqual([`Bearer ${TOKEN}`]);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('a stored welcome that is not a WhatsApp link is ignored: /join starts over', async () => {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, TOKEN);
  sessionStorage.setItem(REGISTERED_WELCOME_KEY, JSON.stringify({ whatsappUrl: 'javascript:alert(1)' }));
  renderRoute('/join');
  expect(await screen.findByRole('dialog', { name: 'Join Becca' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Welcome to Becca.' })).not.toBeInTheDocument();
});
