import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderRoute } from './renderWithProviders';
import { mswServer } from './setupTests';

function recordApplications() {
  const bodies: unknown[] = [];
  mswServer.events.on('request:start', async ({ request }) => {
    if (request.url.endsWith('/api/community-applications')) bodies.push(await request.clone().json());
  });
  return bodies;
}

afterEach(() => mswServer.events.removeAllListeners());

async function openForm() {
  const user = userEvent.setup();
  renderRoute('/communities');
  // The first visit fetches the page's code: more than findBy's second on a busy machine.
  const form = await screen.findByRole('form', { name: 'Partner with Becca' }, { timeout: 15_000 });
  return { user, form };
}

const box = (name: string) => screen.getByRole('textbox', { name });

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(box('Your name'), 'Ada Lovelace');
  await user.type(box('Community name'), 'Hackney Founders Breakfast');
  await user.type(box('What your community is'), 'A monthly breakfast for people building companies.');
  await user.type(box('City'), 'London');
  await user.type(screen.getByRole('spinbutton', { name: 'Typical event size' }), '40');
  await user.type(screen.getByRole('textbox', { name: 'WhatsApp number' }), '07911 123456');
}

test('/communities links to the form, which sends the checked application and says thank you', async () => {
  const bodies = recordApplications();
  const { user } = await openForm();
  expect(screen.getByRole('link', { name: 'Partner with Becca' })).toHaveAttribute('href', '#partner');
  await fillIn(user);
  await user.click(screen.getByRole('button', { name: 'Apply to partner' }));
  expect(await screen.findByText(/we will read about your community/)).toBeInTheDocument();
  expect(bodies).toEqual([
    {
      organiser_name: 'Ada Lovelace',
      community_name: 'Hackney Founders Breakfast',
      about: 'A monthly breakfast for people building companies.',
      city: 'London',
      expected_size: 40,
      contact_phone: '+447911123456',
    },
  ]);
  expect(screen.queryByRole('form', { name: 'Partner with Becca' })).not.toBeInTheDocument();
});

test('a short description is refused in the browser: its message is announced, the field focused, nothing sent', async () => {
  const bodies = recordApplications();
  const { user } = await openForm();
  await fillIn(user);
  await user.clear(box('What your community is'));
  await user.type(box('What your community is'), 'Too short.');
  await user.click(screen.getByRole('button', { name: 'Apply to partner' }));
  expect(box('What your community is')).toHaveFocus();
  expect(box('What your community is')).toHaveAttribute('aria-invalid', 'true');
  expect(box('What your community is')).toHaveAccessibleDescription(/30 to 500 characters \(now 10\)/);
  expect(bodies).toEqual([]);
});

test('an empty form names the first missing field and focuses it', async () => {
  const { user } = await openForm();
  await user.click(screen.getByRole('button', { name: 'Apply to partner' }));
  expect(box('Your name')).toHaveFocus();
  expect(box('Your name')).toHaveAccessibleDescription('Your name is required');
});

test('a refusal from the server is shown as an alert and the form stays', async () => {
  mswServer.use(
    http.post('*/api/community-applications', () =>
      HttpResponse.json({ detail: 'Too many attempts. Please wait a minute.' }, { status: 429 }),
    ),
  );
  const { user } = await openForm();
  await fillIn(user);
  await user.click(screen.getByRole('button', { name: 'Apply to partner' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute.');
  expect(screen.getByRole('form', { name: 'Partner with Becca' })).toBeInTheDocument();
});
