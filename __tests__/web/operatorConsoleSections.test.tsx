import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import type { AuditEntry } from '../../src/domain/contracts/adminAudit';
import type {
  CreatedInviteCodes,
  InviteCodeView,
  RevokedInviteCodes,
} from '../../src/domain/contracts/adminInviteCodes';
import type { MemberDetail, MemberErased, MemberView } from '../../src/domain/contracts/adminMembers';
import type {
  PurgeOutcome,
  WaitlistListEntry,
  WaitlistInvitations,
} from '../../src/domain/contracts/adminWaitlist';
import type { WebhookEventView, WebhookRetried } from '../../src/domain/contracts/adminWebhooks';
import { renderRoute } from './renderWithProviders';
import { consoleApi, failure, type ConsoleCall } from './consoleStandIns';

// The console's code is fetched lazily, as in the browser; on a busy machine that takes more than a second.
configure({ asyncUtilTimeout: 10_000 });

const code = (overrides: Partial<InviteCodeView>): InviteCodeView => ({
  code: 'K7MPQ4RXTW',
  label: 'London meetup',
  uses: 0,
  max_uses: 1,
  expires_at: null,
  status: 'valid',
  created_at: '2026-11-20T18:00:00.000Z',
  ...overrides,
});

const ada: MemberView = {
  id: '3f1c2a9e-8b7d-4e6f-9a0b-1c2d3e4f5a6b',
  first_name: 'Ada',
  last_name: 'Lovelace',
  age: 36,
  location: 'London',
  phone: '+447912345678',
  occupation: 'Programs for an engine that does not exist yet.',
  looking_for: ['Friendship'],
  interests: ['Numbers'],
  invite_code: 'K7MPQ4RXTW',
  status: 'linked',
  registered_at: '2026-11-21T09:30:00.000Z',
  linked_at: '2026-11-21T09:41:00.000Z',
  onboarded_at: null,
  linking_code_expires_at: '2026-11-28T09:30:00.000Z',
  linking_code_used_at: '2026-11-21T09:41:00.000Z',
  who_i_know: [{ kind: 'group', name: 'Chess Club', location: 'Camden' }],
  photos: [{ position: 0, width: 960, height: 1280, bytes: 184_320 }],
};

const adaDetail: MemberDetail = {
  ...ada,
  invited_by: { id: '9b2e4c1d-5a6f-4e7b-8c9d-0e1f2a3b4c5d', first_name: 'Grace', erased: false },
  invites: [
    code({ code: 'P3NXQ8RTVW', label: null }),
    code({ code: 'Q4RXTWK7MP', label: null, uses: 1, status: 'used up' }),
  ],
};

test('the console’s sections are links; following one moves focus to its heading', async () => {
  consoleApi({
    'GET /api/admin/overview': () => HttpResponse.json({ detail: 'Not needed here.' }, { status: 500 }),
    'GET /api/admin/invite-codes': () => [code({})],
  });
  const user = userEvent.setup();
  const { router } = renderRoute('/admin');
  const sections = await screen.findByRole('navigation', { name: 'Console' });
  expect(
    within(sections)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual([
    'Overview',
    'Invite codes',
    'Waitlist',
    'Members',
    'Communities',
    'Webhooks',
    'Audit log',
    'Admin API',
  ]);
  await user.click(within(sections).getByRole('link', { name: 'Invite codes' }));
  const heading = await screen.findByRole('heading', { level: 1, name: 'Invite codes' });
  await waitFor(() => expect(heading).toHaveFocus());
  expect(router.state.location.pathname).toBe('/admin/codes');
  expect(
    within(screen.getByRole('navigation', { name: 'Console' })).getByRole('link', { name: 'Invite codes' }),
  ).toHaveAttribute('aria-current', 'page');
});

test('invite codes: create a cohort, see its codes with their links, copy one', async () => {
  const created = ['AAAA2222', 'BBBB3333'].map((entry) => code({ code: entry }));
  const calls = consoleApi({
    'GET /api/admin/invite-codes': () => [code({ status: 'used up', uses: 1 })],
    'POST /api/admin/invite-codes': (): CreatedInviteCodes => ({
      codes: created,
      effect: 'created 2 codes for 1 use each, label "London meetup"',
    }),
  });
  const user = userEvent.setup();
  // user-event's clipboard stand-in; jsdom cannot read it back as text.
  const writeText = jest.spyOn(navigator.clipboard, 'writeText');
  renderRoute('/admin/codes');
  const table = await screen.findByRole('table', { name: 'Invite codes' });
  expect(within(table).getByRole('row', { name: /K7MPQ4RXTW/ })).toHaveTextContent('used up');

  await user.clear(screen.getByLabelText('How many codes'));
  await user.type(screen.getByLabelText('How many codes'), '2');
  await user.type(screen.getByLabelText('Label (cohort)'), 'London meetup');
  await user.type(screen.getByLabelText('Last valid day (optional)'), '2026-12-31');
  await user.click(screen.getByRole('button', { name: 'Create codes' }));
  expect(await screen.findByText(/Done: created 2 codes/)).toBeInTheDocument();
  expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
    count: 2,
    uses: 1,
    label: 'London meetup',
    expires: '2026-12-31',
  });
  expect(screen.getByText(`${location.origin}/join?code=AAAA2222`)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Copy link of BBBB3333' }));
  expect(await screen.findByText('The link of BBBB3333 is copied.')).toBeInTheDocument();
  expect(writeText).toHaveBeenCalledWith(`${location.origin}/join?code=BBBB3333`);
  // The list is asked again: a creation invalidates it.
  await waitFor(() =>
    expect(
      calls.filter((call) => call.method === 'GET' && call.path === '/api/admin/invite-codes'),
    ).toHaveLength(2),
  );
});

test('invite codes: a creation the server refuses shows its detail', async () => {
  consoleApi({
    'GET /api/admin/invite-codes': () => [],
    'POST /api/admin/invite-codes': () => failure('The expiry "2026-02-30" is not a date.'),
  });
  const user = userEvent.setup();
  renderRoute('/admin/codes');
  expect(await screen.findByText('No invite codes yet.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Create codes' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The expiry "2026-02-30" is not a date.');
});

test('invite codes: a count outside the API’s range is explained beside its field and nothing is sent', async () => {
  const calls = consoleApi({ 'GET /api/admin/invite-codes': () => [] });
  const user = userEvent.setup();
  renderRoute('/admin/codes');
  expect(await screen.findByText('No invite codes yet.')).toBeInTheDocument();
  const count = screen.getByLabelText('How many codes');
  expect(count).toHaveAttribute('max', '500');
  expect(count).toHaveAttribute('inputmode', 'numeric');
  expect(count).not.toHaveAccessibleDescription();

  await user.clear(count);
  await user.type(count, '501');
  expect(count).toHaveAttribute('aria-invalid', 'true');
  expect(count).toHaveAccessibleDescription('Enter a whole number from 1 to 500.');
  await user.click(screen.getByRole('button', { name: 'Create codes' }));
  await user.clear(count);
  await user.type(count, '0');
  expect(count).toHaveAccessibleDescription('Enter a whole number from 1 to 500.');
  await user.click(screen.getByRole('button', { name: 'Create codes' }));
  expect(calls.some((call) => call.method === 'POST')).toBe(false);

  await user.clear(count);
  await user.type(count, '5');
  expect(count).toHaveAttribute('aria-invalid', 'false');
  expect(count).not.toHaveAccessibleDescription();
});

test('invite codes: filter by label and status; revoking the rest of a cohort shows the dry run first, then asks a reason', async () => {
  const revocation = (call: ConsoleCall): RevokedInviteCodes => {
    const dry_run = (call.body as { dry_run?: boolean }).dry_run ?? false;
    return { codes: [code({ status: 'revoked' })], effect: 'revoked 4 codes', dry_run };
  };
  const calls = consoleApi({
    'GET /api/admin/invite-codes': () => [code({})],
    'POST /api/admin/invite-codes/revocations': revocation,
  });
  const user = userEvent.setup();
  renderRoute('/admin/codes');
  await screen.findByRole('table', { name: 'Invite codes' });
  const filters = screen.getByRole('search', { name: 'Filter the codes' });
  await user.type(within(filters).getByLabelText('Label'), 'London meetup');
  await user.selectOptions(within(filters).getByLabelText('Status'), 'valid');
  await user.click(within(filters).getByRole('button', { name: 'Show codes' }));
  await waitFor(() => expect(calls.at(-1)?.query).toBe('?label=London+meetup&status=valid'));

  await user.click(await screen.findByRole('button', { name: 'Revoke the rest of “London meetup”…' }));
  const check = await screen.findByRole('form', { name: 'Check what will change' });
  expect(check).toHaveTextContent(
    'A dry run found that this would have: revoked 4 codes. Nothing has changed yet.',
  );
  expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { label: 'London meetup', dry_run: true } });
  expect(within(check).getByRole('heading', { name: 'Check what will change' })).toHaveFocus();
  const confirm = within(check).getByRole('button', { name: 'Revoke the cohort’s codes' });
  expect(confirm).toBeDisabled();
  await user.type(within(check).getByLabelText('Reason (kept in the audit log)'), 'The event is over');
  await user.click(confirm);
  expect(await screen.findByText('Done: revoked 4 codes.')).toBeInTheDocument();
  expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
    { label: 'London meetup', dry_run: true },
    { label: 'London meetup', reason: 'The event is over' },
  ]);
});

test('invite codes: revoking selected codes the server refuses shows its detail and changes nothing', async () => {
  consoleApi({
    'GET /api/admin/invite-codes': () => [code({}), code({ code: 'P3NXQ8RTVW' })],
    'POST /api/admin/invite-codes/revocations': () => failure('No invite code P3NXQ8RTVW.', 404),
  });
  const user = userEvent.setup();
  renderRoute('/admin/codes');
  const revoke = await screen.findByRole('button', { name: 'Revoke 0 selected codes…' });
  expect(revoke).toBeDisabled();
  await user.click(screen.getByRole('checkbox', { name: 'Select P3NXQ8RTVW' }));
  await user.click(screen.getByRole('button', { name: 'Revoke 1 selected code…' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('No invite code P3NXQ8RTVW.');
  expect(screen.queryByRole('form', { name: 'Check what will change' })).not.toBeInTheDocument();
});

const waiting: WaitlistListEntry[] = [
  {
    id: 1,
    phone: '+44 7912 ••• 678',
    email: null,
    name: 'Ada',
    joined_at: '2026-10-02T09:14:00.000Z',
    status: 'waiting',
  },
  {
    id: 2,
    phone: '+44 7700 ••• 123',
    email: null,
    name: null,
    joined_at: '2026-10-03T09:14:00.000Z',
    status: 'waiting',
  },
];

const invitationsFor = (phones: string[]): WaitlistInvitations => ({
  invitations: phones.map((phone, index) => ({
    phone,
    code: `CODE${index}XYZ`,
    share_url: `https://becca.example.org/join?code=CODE${index}XYZ`,
    whatsapp_url: `https://wa.me/${phone.slice(1)}?text=You%E2%80%99re%20invited`,
  })),
  effect: `invited ${phones.length} waitlist ${phones.length === 1 ? 'entry' : 'entries'}`,
});

test('waitlist: filter by status, invite one or the next N, each a wa.me link to send', async () => {
  const calls = consoleApi({
    'GET /api/admin/waitlist': () => waiting,
    'POST /api/admin/waitlist/invitations': (call) =>
      'next' in (call.body as object)
        ? invitationsFor(['+447912345678', '+447700900123'])
        : invitationsFor(['+447912345678']),
  });
  const user = userEvent.setup();
  renderRoute('/admin/waitlist');
  const table = await screen.findByRole('table', { name: 'Waitlist entries' });
  expect(calls[0]?.query).toBe('?status=waiting');
  expect(within(table).getAllByRole('row')).toHaveLength(3);

  await user.click(within(table).getByRole('button', { name: 'Invite Ada' }));
  const link = await screen.findByRole('link', { name: /Send the invitation to \+447912345678 on WhatsApp/ });
  expect(link).toHaveAttribute('href', 'https://wa.me/447912345678?text=You%E2%80%99re%20invited');
  // The list shows the phone masked; the invitation names the entry by its id.
  expect(within(table).getByRole('row', { name: /Ada/ })).toHaveTextContent('+44 7912 ••• 678');
  expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ id: 1 });

  await user.clear(screen.getByLabelText('How many of the longest waiting'));
  await user.type(screen.getByLabelText('How many of the longest waiting'), '2');
  await user.click(screen.getByRole('button', { name: 'Invite the next ones' }));
  expect(await screen.findAllByRole('link', { name: /Send the invitation to/ })).toHaveLength(2);
  expect(
    screen.getByText('Done: invited 2 waitlist entries. Send each invitation from WhatsApp:'),
  ).toBeInTheDocument();

  await user.selectOptions(screen.getByLabelText('Show'), 'joined');
  await waitFor(() =>
    expect(calls.filter((call) => call.method === 'GET').at(-1)?.query).toBe('?status=joined'),
  );
});

test('waitlist: an invitation the server refuses shows its detail; a failed list says so', async () => {
  consoleApi({
    'GET /api/admin/waitlist': () => failure('The database is not answering.', 503),
    'POST /api/admin/waitlist/invitations': () => failure('Nobody is waiting.'),
  });
  const user = userEvent.setup();
  renderRoute('/admin/waitlist');
  expect(await screen.findByRole('alert')).toHaveTextContent('The database is not answering.');
  await user.click(screen.getByRole('button', { name: 'Invite the next ones' }));
  await waitFor(() =>
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('Nobody is waiting.'),
  );
});

test('waitlist: purge shows the dry run’s count before it asks for a reason', async () => {
  const calls = consoleApi({
    'GET /api/admin/waitlist': () => [],
    'POST /api/admin/waitlist/purge': (call): PurgeOutcome => ({
      count: 4,
      cutoff: '2025-11-25T10:00:00.000Z',
      effect: 'deleted 4 waitlist entries older than 365 days',
      dry_run: Boolean((call.body as { dry_run?: boolean }).dry_run),
    }),
  });
  const user = userEvent.setup();
  renderRoute('/admin/waitlist');
  expect(await screen.findByText('Nobody on the waitlist is waiting.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Purge old entries…' }));
  const check = await screen.findByRole('form', { name: 'Check what will change' });
  expect(check).toHaveTextContent('deleted 4 waitlist entries older than 365 days');
  await user.type(within(check).getByLabelText('Reason (kept in the audit log)'), 'Yearly retention');
  await user.click(within(check).getByRole('button', { name: 'Delete the entries' }));
  expect(
    await screen.findByText('Done: deleted 4 waitlist entries older than 365 days.'),
  ).toBeInTheDocument();
  expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
    { older_than_days: 365, dry_run: true },
    { older_than_days: 365, reason: 'Yearly retention' },
  ]);
});

test('members: search by name, open a member: status with times, who invited them, their invites; grant more', async () => {
  const calls = consoleApi({
    'GET /api/admin/members': () => [ada],
    [`GET /api/admin/members/${ada.id}`]: () => adaDetail,
    [`POST /api/admin/members/${ada.id}/invite-grants`]: () => ({
      unused: 4,
      effect: 'granted 3 codes (4 unused now)',
    }),
  });
  const user = userEvent.setup();
  renderRoute('/admin/members');
  await user.type(await screen.findByLabelText('Name or member id'), 'lovelace');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(calls.at(-1)?.query).toBe('?search=lovelace'));
  expect(await screen.findByText('1 member matching “lovelace”.')).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Ada Lovelace' }));

  const heading = await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
  await waitFor(() => expect(heading).toHaveFocus());
  const status = screen.getByRole('region', { name: 'Status' });
  expect(within(status).getByText('Linked on WhatsApp').nextElementSibling).toHaveTextContent(
    '21 Nov 2026, 09:41 UTC',
  );
  expect(within(status).getByText('Onboarded').nextElementSibling).toHaveTextContent('not yet');
  expect(within(status).getByRole('link', { name: 'Grace' })).toHaveAttribute(
    'href',
    '/admin/members?id=9b2e4c1d-5a6f-4e7b-8c9d-0e1f2a3b4c5d',
  );
  const invites = screen.getByRole('table', { name: 'Their invites' });
  expect(within(invites).getByRole('row', { name: /Q4RXTWK7MP/ })).toHaveTextContent('used up');

  await user.click(screen.getByRole('button', { name: 'Grant invites' }));
  expect(await screen.findByText('Done: granted 3 codes (4 unused now).')).toBeInTheDocument();
  expect(calls.find((call) => call.path.endsWith('/invite-grants'))?.body).toEqual({ count: 3 });
});

test('members: erasing takes the dry run, a reason and the member’s name typed', async () => {
  const calls = consoleApi({
    [`GET /api/admin/members/${ada.id}`]: () => adaDetail,
    [`DELETE /api/admin/members/${ada.id}`]: (call): MemberErased => ({
      erased: true,
      effect: 'erased a member: 1 photo, 1 network entry, 0 nominations, 1 unused invite code',
      dry_run: Boolean((call.body as { dry_run?: boolean }).dry_run),
    }),
  });
  const user = userEvent.setup();
  renderRoute(`/admin/members?id=${ada.id}`);
  await user.click(await screen.findByRole('button', { name: 'Erase this member…' }));
  const check = await screen.findByRole('form', { name: 'Check what will change' });
  expect(check).toHaveTextContent(
    'erased a member: 1 photo, 1 network entry, 0 nominations, 1 unused invite code',
  );
  await user.type(within(check).getByLabelText('Reason (kept in the audit log)'), 'Asked by e-mail');
  const erase = within(check).getByRole('button', { name: 'Erase the member' });
  await user.type(
    within(check).getByLabelText('Type their name (Ada Lovelace) or their id to confirm'),
    'Ada',
  );
  expect(erase).toBeDisabled();
  await user.type(within(check).getByLabelText(/Type their name/), ' Lovelace');
  await user.click(erase);
  const erased = await screen.findByRole('heading', { level: 1, name: 'Member erased' });
  await waitFor(() => expect(erased).toHaveFocus());
  expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([
    { dry_run: true },
    { reason: 'Asked by e-mail' },
  ]);
});

test('members: revoking a branch shows the dry run first; a refusal shows the server’s detail', async () => {
  consoleApi({
    [`GET /api/admin/members/${ada.id}`]: () => adaDetail,
    [`POST /api/admin/members/${ada.id}/branch-revocation`]: (call) =>
      (call.body as { dry_run?: boolean }).dry_run
        ? { members: 3, revoked_codes: 7, effect: 'revoked 7 codes across 3 members', dry_run: true }
        : failure('The database is not answering.', 503),
  });
  const user = userEvent.setup();
  renderRoute(`/admin/members?id=${ada.id}`);
  await user.click(await screen.findByRole('button', { name: 'Revoke the branch…' }));
  const check = await screen.findByRole('form', { name: 'Check what will change' });
  expect(check).toHaveTextContent('revoked 7 codes across 3 members');
  await user.type(within(check).getByLabelText('Reason (kept in the audit log)'), 'Codes offered for sale');
  await user.click(within(check).getByRole('button', { name: 'Revoke the branch' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The database is not answering.');
  // Still there to try again.
  expect(screen.getByRole('form', { name: 'Check what will change' })).toBeInTheDocument();
});

test('members: a member that does not exist shows the server’s detail', async () => {
  consoleApi({ 'GET /api/admin/members/nobody': () => failure('No member nobody.', 404) });
  renderRoute('/admin/members?id=nobody');
  expect(await screen.findByRole('alert')).toHaveTextContent('No member nobody.');
});

const failedEvent: WebhookEventView = {
  id: 'msg_2p8Qm3VtZ1cX9hR4kL7nB0aE',
  type: 'member.linked',
  status: 'failed',
  attempts: 8,
  last_status: 503,
  last_error: null,
  next_attempt_at: '2026-11-25T10:00:00.000Z',
  created_at: '2026-11-24T10:00:00.000Z',
  delivered_at: null,
};

test('webhooks: recent events with status, attempts and last answer; retry one', async () => {
  const calls = consoleApi({
    'GET /api/admin/webhook-events': () => [
      failedEvent,
      {
        ...failedEvent,
        id: 'msg_delivered',
        type: 'member.registered',
        status: 'delivered',
        attempts: 1,
        last_status: 200,
        delivered_at: '2026-11-24T10:00:01.000Z',
      },
    ],
    [`POST /api/admin/webhook-events/${failedEvent.id}/retry`]: (): WebhookRetried => ({
      event: { ...failedEvent, status: 'pending' },
      effect: 'queued member.linked for delivery now',
    }),
  });
  const user = userEvent.setup();
  renderRoute('/admin/webhooks');
  const table = await screen.findByRole('table', { name: 'Webhook events' });
  const row = within(table).getByRole('row', { name: /member\.linked/ });
  expect([...row.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent)).toEqual([
    'failed',
    '8',
    'HTTP 503',
  ]);
  expect(within(table).getAllByRole('button')).toHaveLength(1);
  await user.click(within(row).getByRole('button', { name: `Retry member.linked ${failedEvent.id}` }));
  expect(await screen.findByText('Done: queued member.linked for delivery now.')).toBeInTheDocument();
  await waitFor(() =>
    expect(calls.filter((call) => call.path === '/api/admin/webhook-events')).toHaveLength(2),
  );
});

test('webhooks: a retry the server refuses shows its detail; no events says so', async () => {
  let list = [failedEvent];
  consoleApi({
    'GET /api/admin/webhook-events': () => list,
    [`POST /api/admin/webhook-events/${failedEvent.id}/retry`]: () =>
      failure('No webhook event msg_2p8Qm3VtZ1cX9hR4kL7nB0aE.', 404),
  });
  const user = userEvent.setup();
  renderRoute('/admin/webhooks');
  await user.click(await screen.findByRole('button', { name: /Retry member\.linked/ }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'No webhook event msg_2p8Qm3VtZ1cX9hR4kL7nB0aE.',
  );
  list = [];
  await user.click(screen.getByRole('button', { name: 'Refresh' }));
  expect(await screen.findByText('No webhook events yet.')).toBeInTheDocument();
});

const auditEntries: AuditEntry[] = [
  {
    id: 1,
    at: '2026-11-25T10:00:00.000Z',
    actor: 'Grace',
    session: '3f9a0c1d2e4b',
    action: 'invite.create',
    target: 'London meetup',
    reason: null,
    effect: 'created 5 codes',
  },
  {
    id: 2,
    at: '2026-11-25T10:04:00.000Z',
    actor: 'Grace',
    session: null,
    action: 'invite.revoke',
    target: 'London meetup',
    reason: 'The event is over',
    effect: 'revoked 4 codes',
  },
];

test('audit log: stored text with control or bidi characters is shown escaped, as the CLI prints it', async () => {
  consoleApi({
    'GET /api/admin/audit': (): AuditEntry[] => [
      {
        id: 3,
        at: '2026-11-25T10:05:00.000Z',
        actor: 'grace',
        session: '3f9a0c1d2e4b',
        action: 'invite.create',
        target: 'Party \u202Etxt.exe',
        reason: 'line one\nforged line\u001b[2J',
        effect: 'created 1 code, label "Party \u202Etxt.exe"',
      },
    ],
  });
  renderRoute('/admin/audit');
  const table = await screen.findByRole('table', { name: 'Audit log' });
  const row = within(table).getAllByRole('row')[1]!;
  expect(row).toHaveTextContent('Party \\u202etxt.exe');
  expect(row).toHaveTextContent('line one\\nforged line\\x1b[2J');
  expect(row).toHaveTextContent('3f9a0c1d2e4b');
  for (const raw of ['\u202E', '\n', '\u001b']) expect(row.textContent).not.toContain(raw);
});

test('audit log: newest first, filtered by action, target, actor and date', async () => {
  const calls = consoleApi({
    'GET /api/admin/audit': (call) => (call.query ? auditEntries.slice(1) : auditEntries),
  });
  const user = userEvent.setup();
  renderRoute('/admin/audit');
  const table = await screen.findByRole('table', { name: 'Audit log' });
  expect(
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('code')?.textContent),
  ).toEqual(['invite.revoke', 'invite.create']);
  const filters = screen.getByRole('search', { name: 'Filter the audit log' });
  await user.type(within(filters).getByLabelText('Action'), 'invite.revoke');
  await user.type(within(filters).getByLabelText('Target'), 'London meetup');
  await user.type(within(filters).getByLabelText('Actor'), 'Grace');
  await user.type(within(filters).getByLabelText('On or after'), '2026-11-25');
  await user.click(within(filters).getByRole('button', { name: 'Show entries' }));
  expect(await screen.findByText('1 action.')).toBeInTheDocument();
  expect(calls.at(-1)?.query).toBe('?action=invite.revoke&target=London+meetup&actor=Grace&since=2026-11-25');
  expect(screen.getByRole('row', { name: /The event is over/ })).toHaveTextContent('revoked 4 codes');
});

test('audit log: a failure shows the server’s detail; nothing matching says so', async () => {
  let answer: () => Response | AuditEntry[] = () => failure('The audit query timed out.', 500);
  consoleApi({ 'GET /api/admin/audit': () => answer() });
  const user = userEvent.setup();
  renderRoute('/admin/audit');
  expect(await screen.findByRole('alert')).toHaveTextContent('The audit query timed out.');
  answer = () => [];
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('No operator action yet.')).toBeInTheDocument();
});
