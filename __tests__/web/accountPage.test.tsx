import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ACCESS_TOKEN_STORAGE_KEY } from '../../src/shared/accessToken';
import { renderRoute } from './renderWithProviders';
import { mswServer } from './setupTests';
import { findLiveRegionSaying } from './liveRegions';

// The page's code is fetched lazily, as in the browser; on a busy machine that takes more than a second.
configure({ asyncUtilTimeout: 10_000 });

const TOKEN = 'k'.repeat(43);

const profile = {
  user_id: '0b5f2b7e-1111-4222-8333-944445555666',
  first_name: 'Ada',
  last_name: 'Lovelace',
  age: 36,
  location: 'London',
  phone: '+447911123456',
  occupation: 'Mathematician writing the first programs',
  looking_for: ['Friendship', 'Network'],
  interests: [],
  who_i_know: [{ kind: 'group', name: 'Royal Society', location: 'London', position: { x: 0.5, y: 0.1 } }],
  status: 'registered',
  registered_at: '2026-11-01T10:00:00.000Z',
};

/** The member routes as the server answers them, recording what the page sent. */
function memberApi({ deleteStatus = 204 }: { deleteStatus?: number } = {}) {
  const calls: { method: string; path: string; authorization: string | null }[] = [];
  const record = (request: Request) =>
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname,
      authorization: request.headers.get('authorization'),
    });
  const signedIn = (request: Request) => request.headers.get('authorization') === `Bearer ${TOKEN}`;
  const unauthorised = () =>
    HttpResponse.json({ detail: 'Please sign in again to see your account.' }, { status: 401 });
  mswServer.use(
    http.get('*/api/me', ({ request }) => {
      record(request);
      return signedIn(request) ? HttpResponse.json(profile) : unauthorised();
    }),
    http.get('*/api/me/export', ({ request }) => {
      record(request);
      return signedIn(request)
        ? HttpResponse.json(
            { profile, photos: [{ data_url: 'data:image/jpeg;base64,AAAA' }] },
            { headers: { 'content-disposition': 'attachment; filename="becca-my-data.json"' } },
          )
        : unauthorised();
    }),
    http.delete('*/api/me', ({ request }) => {
      record(request);
      if (!signedIn(request)) return unauthorised();
      return deleteStatus === 204
        ? new HttpResponse(null, { status: 204 })
        : HttpResponse.json(
            { detail: 'Something went wrong on our side. Please try again.' },
            { status: deleteStatus },
          );
    }),
  );
  return calls;
}

function signIn() {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, TOKEN);
}

test('without a key, the page explains how to get access and links to the privacy contact', async () => {
  const calls = memberApi();
  renderRoute('/account');
  expect(await screen.findByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
  expect(screen.getByText(/does not hold a key/)).toBeInTheDocument();
  expect(screen.getByText(/registering on|When you register on this site/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy#contact-us');
  expect(screen.queryByRole('link', { name: 'Your account' })).not.toBeInTheDocument();
  expect(calls).toEqual([]);
});

test('a key the server no longer knows is explained, not shown as an error', async () => {
  const calls = memberApi();
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'x'.repeat(43));
  renderRoute('/account');
  expect(await screen.findByText(/key to your account no longer works/)).toBeInTheDocument();
  expect(calls).toEqual([{ method: 'GET', path: '/api/me', authorization: `Bearer ${'x'.repeat(43)}` }]);
});

test('with a key, the member sees their details and the footer links to the account', async () => {
  memberApi();
  signIn();
  renderRoute('/account');
  expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
  expect(screen.getByText('+447911123456')).toBeInTheDocument();
  expect(screen.getByText('Friendship, Network')).toBeInTheDocument();
  expect(screen.getByText('Royal Society (London)')).toBeInTheDocument();
  expect(screen.getByText('1 November 2026')).toBeInTheDocument();
  const footer = screen.getByRole('navigation', { name: 'Legal' });
  expect(within(footer).getByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/account');
});

test('with a key, the member sees their invites, or how to unlock them', async () => {
  memberApi();
  const whatsappUrl = 'https://wa.me/447700900123?text=Hi%20Becca!%20My%20code%20is%20ABCD2345';
  mswServer.use(
    http.get('*/api/me/invites', () =>
      HttpResponse.json({ invites: [], unlocked: false, whatsapp_url: whatsappUrl }),
    ),
  );
  signIn();
  renderRoute('/account');
  const panel = await screen.findByRole('region', { name: 'Invite friends' });
  expect(await within(panel).findByText(/Your invites unlock when you message Becca/)).toBeInTheDocument();
  expect(within(panel).getByRole('link', { name: 'Message Becca on WhatsApp' })).toHaveAttribute(
    'href',
    whatsappUrl,
  );
});

test('"Download my data" fetches the export with the key and saves it as a JSON file', async () => {
  const calls = memberApi();
  signIn();
  const saved: Blob[] = [];
  const createObjectURL = jest.fn((blob: Blob) => {
    saved.push(blob);
    return 'blob:export';
  });
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    expect(this.download).toMatch(/^becca-my-data-\d{4}-\d\d-\d\d\.json$/);
    expect(this.href).toBe('blob:export');
  });
  const user = userEvent.setup();
  renderRoute('/account');
  await user.click(await screen.findByRole('button', { name: 'Download my data' }));
  expect(await screen.findByText('Your data has been downloaded.')).toBeInTheDocument();
  expect(clicked).toHaveBeenCalledTimes(1);
  expect(saved[0]!.type).toBe('application/json');
  expect(JSON.parse(await saved[0]!.text())).toMatchObject({ profile: { first_name: 'Ada' } });
  expect(calls).toContainEqual({ method: 'GET', path: '/api/me/export', authorization: `Bearer ${TOKEN}` });
  clicked.mockRestore();
});

test('deleting asks in a dialog for DELETE to be typed; Escape cancels and nothing is sent', async () => {
  const calls = memberApi();
  signIn();
  const user = userEvent.setup();
  renderRoute('/account');
  const opener = await screen.findByRole('button', { name: 'Delete my account' });
  await user.click(opener);

  const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
  expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
  const field = within(dialog).getByLabelText('Type DELETE to confirm');
  expect(field).toHaveFocus();
  const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
  expect(confirm).toBeDisabled();
  await user.type(field, 'delete');
  expect(confirm).toBeDisabled();
  await user.keyboard('{Enter}');
  expect(screen.getByRole('dialog')).toBeInTheDocument();

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
  expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
  expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe(TOKEN);
});

test('confirming deletes the account, clears this browser and says it is done', async () => {
  const calls = memberApi();
  signIn();
  sessionStorage.setItem('becca.join.draft', '{"firstName":"Ada"}');
  const user = userEvent.setup();
  renderRoute('/account');
  await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
  const dialog = screen.getByRole('dialog');
  await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
  await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

  const done = await screen.findByRole('heading', { level: 1, name: 'Your account has been deleted' });
  await waitFor(() => expect(done).toHaveFocus());
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(calls).toContainEqual({ method: 'DELETE', path: '/api/me', authorization: `Bearer ${TOKEN}` });
  expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  expect(sessionStorage.length).toBe(0);
});

test('a failed deletion says so in the dialog and keeps the key', async () => {
  memberApi({ deleteStatus: 500 });
  signIn();
  const user = userEvent.setup();
  renderRoute('/account');
  await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
  const dialog = screen.getByRole('dialog');
  await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE{Enter}');
  const said = await findLiveRegionSaying('Something went wrong on our side. Please try again.');
  expect(dialog).toContainElement(said);
  expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe(TOKEN);
  expect(screen.queryByText('Your account has been deleted')).not.toBeInTheDocument();
});
