import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import {
  CommunityApplicationView,
  type CommunityApplicationList,
  type CommunityDeclined,
  type CommunityList,
  type CommunitySuspended,
  type CommunityView,
  type OrganiserSignIn,
} from '../../src/domain/contracts/adminCommunities';
import { limits } from '../../src/domain/limits';
import { renderRoute } from './renderWithProviders';
import { consoleApi, failure, type ConsoleCall } from './consoleStandIns';

// The console's code is fetched lazily, as in the browser; on a busy machine that takes more than a second.
configure({ asyncUtilTimeout: 10_000 });

// The contract's own example: a pending application.
const application = (overrides: Partial<CommunityApplicationView>): CommunityApplicationView => ({
  ...(CommunityApplicationView.examples as CommunityApplicationView[])[0]!,
  ...overrides,
});

const community = (overrides: Partial<CommunityView>): CommunityView => ({
  id: '0b8c7f5e-3f0e-4d55-9d55-1f6c2d1b7a10',
  name: 'Hackney Founders Breakfast',
  organiser: 'ada-lovelace-3',
  status: 'active',
  quota: 100,
  uses_left: 70,
  live_links: 2,
  funnel: { checked: 31, registered: 12, linked: 10, onboarded: 7 },
  created_at: '2026-11-21T10:02:00.000Z',
  suspended_at: null,
  ...overrides,
});

const signIn: OrganiserSignIn = {
  community_id: '0b8c7f5e-3f0e-4d55-9d55-1f6c2d1b7a10',
  organiser: 'ada-lovelace-3',
  sign_in_url: 'https://becca.example/partner/sign-in/abc123',
  whatsapp_url: 'https://wa.me/447911123456?text=Your%20sign-in%20link',
};

const applications = (...list: CommunityApplicationView[]): CommunityApplicationList => ({
  community_applications: list,
});
const communities = (...list: CommunityView[]): CommunityList => ({ communities: list });

const gets = (calls: ConsoleCall[], path: string) =>
  calls.filter((call) => call.method === 'GET' && call.path === path).length;

test('the Communities section is a link of the console; following it moves focus to its heading', async () => {
  consoleApi({
    'GET /api/admin/community-applications': () => applications(),
    'GET /api/admin/communities': () => communities(),
  });
  const user = userEvent.setup();
  const { router } = renderRoute('/admin/members');
  const sections = await screen.findByRole('navigation', { name: 'Console' });
  await user.click(within(sections).getByRole('link', { name: 'Communities' }));
  const heading = await screen.findByRole('heading', { level: 1, name: 'Communities' });
  await waitFor(() => expect(heading).toHaveFocus());
  expect(router.state.location.pathname).toBe('/admin/communities');
  expect(await screen.findByText('No application waits for a decision.')).toBeInTheDocument();
  expect(screen.getByText('No communities yet: approving an application makes one.')).toBeInTheDocument();
});

test('applications: pending and decided ones listed; approving one with a quota shows its sign-in and WhatsApp links and refreshes both lists', async () => {
  let approved = false;
  const calls = consoleApi({
    'GET /api/admin/community-applications': () =>
      applications(
        application({
          status: approved ? 'approved' : 'pending',
          decided_at: approved ? '2026-11-28T10:00:00.000Z' : null,
        }),
        application({
          id: 1,
          community_name: 'Speed Dating\u202E Club',
          organiser_name: 'Sam',
          status: 'declined',
          decided_at: '2026-11-22T10:00:00.000Z',
        }),
      ),
    'GET /api/admin/communities': () => communities(...(approved ? [community({})] : [])),
    'POST /api/admin/community-applications/3/approval': () => {
      approved = true;
      return HttpResponse.json(signIn, { status: 201 });
    },
  });
  const user = userEvent.setup();
  const writeText = jest.spyOn(navigator.clipboard, 'writeText');
  renderRoute('/admin/communities');
  const pending = await screen.findByRole('table', { name: 'Pending applications' });
  const row = within(pending).getByRole('row', { name: /Hackney Founders Breakfast/ });
  for (const text of ['Ada Lovelace', 'London', '40', '+44 7911 ••• 456', 'pending', '20 Nov 2026'])
    expect(row).toHaveTextContent(text);
  // An applicant's text is shown with its invisible characters made visible.
  const decided = screen.getByRole('table', { name: 'Decided applications' });
  expect(within(decided).getByRole('row', { name: /Speed Dating/ })).toHaveTextContent(
    'Speed Dating\\u202e Club',
  );

  await user.click(within(row).getByRole('button', { name: 'Review Hackney Founders Breakfast' }));
  const review = await screen.findByRole('heading', { name: 'Review “Hackney Founders Breakfast”' });
  await waitFor(() => expect(review).toHaveFocus());
  expect(screen.getByText(/about forty of us/)).toBeInTheDocument();
  const approval = screen.getByRole('form', { name: 'Approve Hackney Founders Breakfast' });
  const quota = within(approval).getByLabelText('Quota (places)');
  expect(quota).toHaveValue(limits.community.defaultQuota);
  expect(quota).toHaveAttribute('max', String(limits.community.quota.max));
  await user.clear(quota);
  await user.type(quota, '60');
  await user.type(
    within(approval).getByLabelText('Reason (optional, kept in the audit log)'),
    'Met Ada at the breakfast',
  );
  await user.click(within(approval).getByRole('button', { name: 'Approve' }));

  const whatsapp = await screen.findByRole('link', { name: /Send on WhatsApp to ada-lovelace-3/ });
  expect(whatsapp).toHaveAttribute('href', signIn.whatsapp_url);
  expect(whatsapp).toHaveAttribute('target', '_blank');
  expect(whatsapp).toHaveAttribute('rel', expect.stringContaining('noopener'));
  expect(whatsapp).toHaveAccessibleName(/opens in a new tab/);
  // Said to screen readers: the outcome is in a live region.
  const outcome = whatsapp.closest('[role="status"]');
  expect(outcome).toHaveTextContent('Approved “Hackney Founders Breakfast”.');
  expect(outcome).toHaveTextContent(signIn.sign_in_url);
  expect(calls.find((call) => call.method === 'POST')).toMatchObject({
    path: '/api/admin/community-applications/3/approval',
    body: { quota: 60, reason: 'Met Ada at the breakfast' },
  });
  await user.click(screen.getByRole('button', { name: 'Copy the sign-in link of ada-lovelace-3' }));
  expect(await screen.findByText('The sign-in link of ada-lovelace-3 is copied.')).toBeInTheDocument();
  expect(writeText).toHaveBeenCalledWith(signIn.sign_in_url);

  // The approval invalidates both lists: the application is decided and the community is listed.
  await waitFor(() => expect(gets(calls, '/api/admin/community-applications')).toBe(2));
  await waitFor(() => expect(gets(calls, '/api/admin/communities')).toBe(2));
  expect(await screen.findByText('No application waits for a decision.')).toBeInTheDocument();
  expect(
    within(await screen.findByRole('table', { name: 'Approved communities' })).getByRole('row', {
      name: /Hackney Founders Breakfast/,
    }),
  ).toHaveTextContent('ada-lovelace-3');
  expect(screen.queryByRole('heading', { name: /Review/ })).not.toBeInTheDocument();
});

test('applications: a quota outside the API’s range is explained and nothing is sent', async () => {
  const calls = consoleApi({
    'GET /api/admin/community-applications': () => applications(application({})),
    'GET /api/admin/communities': () => communities(),
  });
  const user = userEvent.setup();
  renderRoute('/admin/communities');
  await user.click(await screen.findByRole('button', { name: 'Review Hackney Founders Breakfast' }));
  const quota = screen.getByLabelText('Quota (places)');
  await user.clear(quota);
  await user.type(quota, String(limits.community.quota.max + 1));
  expect(quota).toHaveAttribute('aria-invalid', 'true');
  await user.click(screen.getByRole('button', { name: 'Approve' }));
  expect(calls.some((call) => call.method === 'POST')).toBe(false);
});

test('applications: declining requires a reason, then sends it', async () => {
  const calls = consoleApi({
    'GET /api/admin/community-applications': () => applications(application({})),
    'GET /api/admin/communities': () => communities(),
    'POST /api/admin/community-applications/3/decline': (call): CommunityDeclined => ({
      id: 3,
      status: 'declined',
      effect: `declined community application 3 (${(call.body as { reason: string }).reason.length} characters)`,
    }),
  });
  const user = userEvent.setup();
  renderRoute('/admin/communities');
  await user.click(await screen.findByRole('button', { name: 'Review Hackney Founders Breakfast' }));
  const declining = screen.getByRole('form', { name: 'Decline Hackney Founders Breakfast' });
  const decline = within(declining).getByRole('button', { name: 'Decline' });
  expect(decline).toBeDisabled();
  const reason = within(declining).getByLabelText('Reason for declining (kept in the audit log)');
  expect(reason).toBeRequired();
  await user.type(reason, '   ');
  expect(decline).toBeDisabled();
  await user.clear(reason);
  await user.type(reason, 'Not a community');
  expect(decline).toBeEnabled();
  await user.click(decline);
  expect(
    await screen.findByText('Done: declined community application 3 (15 characters).'),
  ).toBeInTheDocument();
  expect(calls.filter((call) => call.method === 'POST')).toEqual([
    {
      method: 'POST',
      path: '/api/admin/community-applications/3/decline',
      query: '',
      body: { reason: 'Not a community' },
    },
  ]);
  await waitFor(() => expect(gets(calls, '/api/admin/community-applications')).toBe(2));
});

test('applications: a decision the server refuses shows its detail and keeps the review open', async () => {
  consoleApi({
    'GET /api/admin/community-applications': () => applications(application({})),
    'GET /api/admin/communities': () => communities(),
    'POST /api/admin/community-applications/3/approval': () =>
      failure('Application 3 was already decided (declined).', 409),
  });
  const user = userEvent.setup();
  renderRoute('/admin/communities');
  await user.click(await screen.findByRole('button', { name: 'Review Hackney Founders Breakfast' }));
  await user.click(screen.getByRole('button', { name: 'Approve' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Application 3 was already decided (declined).');
  expect(screen.getByRole('heading', { name: 'Review “Hackney Founders Breakfast”' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Send on WhatsApp/ })).not.toBeInTheDocument();
});

test('applications: a list the server cannot give says so', async () => {
  consoleApi({
    'GET /api/admin/community-applications': () => failure('The database is not answering.', 503),
    'GET /api/admin/communities': () => communities(),
  });
  renderRoute('/admin/communities');
  expect(await screen.findByRole('alert')).toHaveTextContent('The database is not answering.');
});

test('communities: counts and funnel per community; a new sign-in link; none for a suspended one', async () => {
  const calls = consoleApi({
    'GET /api/admin/community-applications': () => applications(),
    'GET /api/admin/communities': () =>
      communities(
        community({}),
        community({
          id: '7d3e1f2a-9b8c-4d5e-8f6a-0b1c2d3e4f5a',
          name: 'Camden Runners',
          organiser: 'mo-farah-4',
          status: 'suspended',
          live_links: 0,
          suspended_at: '2026-11-27T10:00:00.000Z',
        }),
      ),
    'POST /api/admin/communities/0b8c7f5e-3f0e-4d55-9d55-1f6c2d1b7a10/sign-in-link': () =>
      HttpResponse.json(signIn, { status: 201 }),
  });
  const user = userEvent.setup();
  renderRoute('/admin/communities');
  const table = await screen.findByRole('table', { name: 'Approved communities' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  expect(headers).toEqual([
    'Name',
    'Organiser',
    'Status',
    'Quota',
    'Uses left',
    'Live links',
    'Checked',
    'Registered',
    'Linked',
    'Onboarded',
    'Created',
    'Actions',
  ]);
  const hackney = within(table).getByRole('row', { name: /Hackney Founders Breakfast/ });
  expect(
    within(hackney)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual([
    'ada-lovelace-3',
    'active',
    '100',
    '70',
    '2',
    '31',
    '12',
    '10',
    '7',
    '21 Nov 2026, 10:02 UTC',
    expect.stringContaining('New sign-in link'),
  ]);
  const camden = within(table).getByRole('row', { name: /Camden Runners/ });
  expect(camden).toHaveTextContent('suspended');
  expect(within(camden).queryByRole('button')).not.toBeInTheDocument();

  await user.click(
    within(hackney).getByRole('button', { name: 'New sign-in link for Hackney Founders Breakfast' }),
  );
  const whatsapp = await screen.findByRole('link', { name: /Send on WhatsApp to ada-lovelace-3/ });
  expect(whatsapp).toHaveAttribute('href', signIn.whatsapp_url);
  expect(whatsapp.closest('[role="status"]')).toHaveTextContent(
    'A new sign-in link for “Hackney Founders Breakfast”.',
  );
  expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
});

test('communities: suspending asks for a reason, confirms, calls the route and refreshes the list', async () => {
  let suspended = false;
  const id = '0b8c7f5e-3f0e-4d55-9d55-1f6c2d1b7a10';
  const calls = consoleApi({
    'GET /api/admin/community-applications': () => applications(),
    'GET /api/admin/communities': () =>
      communities(
        community(suspended ? { status: 'suspended', suspended_at: '2026-11-28T16:00:00.000Z' } : {}),
      ),
    [`POST /api/admin/communities/${id}/suspension`]: (): CommunitySuspended => {
      suspended = true;
      return {
        community_id: id,
        status: 'suspended',
        suspended_at: '2026-11-28T16:00:00.000Z',
        effect: 'suspended community Hackney Founders Breakfast: 2 live links stopped, 1 session ended',
      };
    },
  });
  const user = userEvent.setup();
  renderRoute('/admin/communities');
  await user.click(await screen.findByRole('button', { name: 'Suspend… Hackney Founders Breakfast' }));
  const check = await screen.findByRole('form', { name: 'Suspend “Hackney Founders Breakfast”' });
  await waitFor(() =>
    expect(
      within(check).getByRole('heading', { name: 'Suspend “Hackney Founders Breakfast”' }),
    ).toHaveFocus(),
  );
  expect(check).toHaveTextContent(
    'Its 2 live event links stop admitting anyone and its organiser’s sessions end. Nothing has changed yet.',
  );
  const confirm = within(check).getByRole('button', { name: 'Suspend the community' });
  expect(confirm).toBeDisabled();
  expect(calls.some((call) => call.method === 'POST')).toBe(false);

  // Cancelling changes nothing.
  await user.click(within(check).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('form', { name: /Suspend/ })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Suspend… Hackney Founders Breakfast' }));
  const again = await screen.findByRole('form', { name: 'Suspend “Hackney Founders Breakfast”' });
  await user.type(within(again).getByLabelText('Reason (kept in the audit log)'), 'Links on a public forum');
  await user.click(within(again).getByRole('button', { name: 'Suspend the community' }));
  expect(
    await screen.findByText(
      'Done: suspended community Hackney Founders Breakfast: 2 live links stopped, 1 session ended.',
    ),
  ).toBeInTheDocument();
  expect(calls.filter((call) => call.method === 'POST')).toEqual([
    {
      method: 'POST',
      path: `/api/admin/communities/${id}/suspension`,
      query: '',
      body: { reason: 'Links on a public forum' },
    },
  ]);
  const row = await screen.findByRole('row', { name: /Hackney Founders Breakfast/ });
  await waitFor(() => expect(row).toHaveTextContent('suspended'));
  expect(within(row).queryByRole('button')).not.toBeInTheDocument();
});

test('communities: a suspension the server refuses shows its detail', async () => {
  consoleApi({
    'GET /api/admin/community-applications': () => applications(),
    'GET /api/admin/communities': () => communities(community({})),
    'POST /api/admin/communities/0b8c7f5e-3f0e-4d55-9d55-1f6c2d1b7a10/suspension': () =>
      failure('Community Hackney Founders Breakfast is already suspended.', 409),
  });
  const user = userEvent.setup();
  renderRoute('/admin/communities');
  await user.click(await screen.findByRole('button', { name: 'Suspend… Hackney Founders Breakfast' }));
  await user.type(screen.getByLabelText('Reason (kept in the audit log)'), 'Spam');
  await user.click(screen.getByRole('button', { name: 'Suspend the community' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Community Hackney Founders Breakfast is already suspended.',
  );
});
