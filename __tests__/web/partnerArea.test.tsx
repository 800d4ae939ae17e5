import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { EventLink, EventLinkList, PartnerCommunity } from '../../src/domain/contracts/partner';
import { renderRoute } from './renderWithProviders';
import { mswServer } from './setupTests';

const link: EventLinkList['event_links'][number] = {
  code: 'KXQ7MDPWRT',
  label: 'November breakfast',
  max_uses: 3,
  uses: 2,
  status: 'active',
  expires_on: '2099-11-30',
  share_url: 'http://localhost/join?code=KXQ7MDPWRT',
  funnel: { checked: 1, registered: 2, linked: 1, onboarded: 0 },
};
const community: PartnerCommunity = {
  community_id: '0b8c7f5e-3f0e-4d55-9d55-1f6c2d1b7a10',
  name: 'Hackney Founders Breakfast',
  quota: 10,
  uses_left: 7,
  funnel: { checked: 1, registered: 2, linked: 1, onboarded: 0 },
};

function partnerServer(links: EventLinkList['event_links'] = [link]) {
  const posted: unknown[] = [];
  const revoked: string[] = [];
  mswServer.use(
    http.get('*/api/partner/community', () => HttpResponse.json(community)),
    http.get('*/api/partner/event-links', () => HttpResponse.json<EventLinkList>({ event_links: links })),
    http.post('*/api/partner/event-links', async ({ request }) => {
      const body = (await request.json()) as { label: string; max_uses: number; expires_on: string };
      posted.push(body);
      return HttpResponse.json<EventLink>(
        { ...link, code: 'NEWCODE234', label: body.label, max_uses: body.max_uses, uses: 0 },
        { status: 201 },
      );
    }),
    http.post('*/api/partner/event-links/:code/revocation', ({ params }) => {
      revoked.push(String(params.code));
      return HttpResponse.json<EventLink>({ ...link, status: 'revoked' });
    }),
  );
  return { posted, revoked };
}

test('/partner shows the community in numbers and its links, counts only', async () => {
  partnerServer();
  renderRoute('/partner');
  expect(
    // The first visit fetches the page's code: more than findBy's second on a busy machine.
    await screen.findByRole('heading', { level: 1, name: 'Hackney Founders Breakfast' }, { timeout: 15_000 }),
  ).toBeInTheDocument();
  expect(screen.getByText('Left for new links').nextSibling).toHaveTextContent('7');
  expect(screen.getByText('Registered').nextSibling).toHaveTextContent('2');
  expect(await screen.findByRole('heading', { level: 3, name: 'November breakfast' })).toBeInTheDocument();
  expect(screen.getByText(/2 of 3 used, active/)).toBeInTheDocument();
  expect(screen.getByText('2 registered, 1 on WhatsApp, 0 onboarded.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Door poster for November breakfast' })).toHaveAttribute(
    'href',
    '/partner/links/KXQ7MDPWRT/poster',
  );
});

test('making a link sends the checked body; a label of invisible text is refused without a request', async () => {
  const { posted } = partnerServer();
  const user = userEvent.setup();
  renderRoute('/partner');
  const form = await screen.findByRole('form', { name: 'New event link' });
  await user.type(within(form).getByRole('textbox', { name: 'Event name' }), '   ');
  await user.type(within(form).getByRole('spinbutton', { name: 'How many people' }), '3');
  await user.click(within(form).getByRole('button', { name: 'Make the link' }));
  expect(await within(form).findByText(/Give the link a label/)).toBeInTheDocument();
  expect(posted).toEqual([]);

  await user.clear(within(form).getByRole('textbox', { name: 'Event name' }));
  await user.type(within(form).getByRole('textbox', { name: 'Event name' }), 'December drinks');
  await user.click(within(form).getByRole('button', { name: 'Make the link' }));
  expect(
    await within(form).findByText('Made the link NEWCODE234 for “December drinks”.'),
  ).toBeInTheDocument();
  expect(posted).toEqual([
    { label: 'December drinks', max_uses: 3, expires_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
  ]);
});

test('more people than the places left is refused in the browser', async () => {
  const { posted } = partnerServer();
  const user = userEvent.setup();
  renderRoute('/partner');
  const form = await screen.findByRole('form', { name: 'New event link' });
  await user.type(within(form).getByRole('textbox', { name: 'Event name' }), 'Big party');
  await user.type(within(form).getByRole('spinbutton', { name: 'How many people' }), '8');
  await user.click(within(form).getByRole('button', { name: 'Make the link' }));
  expect(
    await within(form).findByText('Your community has 7 places left for new links.'),
  ).toBeInTheDocument();
  expect(posted).toEqual([]);
});

test('revoking a link asks the server for that code', async () => {
  const { revoked } = partnerServer();
  const user = userEvent.setup();
  renderRoute('/partner');
  await user.click(await screen.findByRole('button', { name: 'Revoke November breakfast' }));
  await waitFor(() => expect(revoked).toEqual(['KXQ7MDPWRT']));
});

test('without a session /partner says how to sign in', async () => {
  mswServer.use(
    http.get('*/api/partner/community', () => HttpResponse.json({ detail: 'Sign in.' }, { status: 401 })),
    http.get('*/api/partner/event-links', () => HttpResponse.json({ detail: 'Sign in.' }, { status: 401 })),
  );
  renderRoute('/partner');
  expect(await screen.findByText(/Open the sign-in link we sent you on WhatsApp/)).toBeInTheDocument();
});

test('the door poster shows the event and a live count of who joined', async () => {
  partnerServer();
  renderRoute('/partner/links/KXQ7MDPWRT/poster');
  expect(await screen.findByRole('heading', { level: 1, name: 'November breakfast' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('2 people have joined');
});
