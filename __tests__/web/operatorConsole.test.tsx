import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import type { AdminOverview, RegistrationDay } from '../../src/domain/contracts/adminOverview';
import { renderRoute } from './renderWithProviders';
import { mswServer } from './setupTests';
import { TWO_SESSION_COOKIES_DETAIL } from '../../src/domain/operatorSession';

// The console's code is fetched lazily, as in the browser; on a busy machine that takes more than a second.
configure({ asyncUtilTimeout: 10_000 });

const DAY_MS = 24 * 60 * 60 * 1000;

/** 30 days ending today, with registrations on the days given (days ago → count). */
function registrationDays(counts: Record<number, number> = {}): RegistrationDay[] {
  return Array.from({ length: 30 }, (_, index) => {
    const daysAgo = 29 - index;
    return {
      date: new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10),
      registrations: counts[daysAgo] ?? 0,
    };
  });
}

const overview: AdminOverview = {
  funnel: {
    overall: { issued: 1240, checked: 31, registered: 27, linked: 20, onboarded: 14 },
    cohorts: [
      {
        label: 'London meetup',
        counts: { issued: 1230, checked: 24, registered: 21, linked: 16, onboarded: 12 },
      },
      { label: null, counts: { issued: 10, checked: 7, registered: 6, linked: 4, onboarded: 2 } },
    ],
    communities: [
      {
        community_id: '0b8c7f5e-3f0e-4d55-9d55-1f6c2d1b7a10',
        name: 'Hackney Founders Breakfast',
        counts: { issued: 2, checked: 2, registered: 12, linked: 10, onboarded: 7 },
      },
    ],
  },
  registrations_per_day: registrationDays({ 0: 5, 3: 7, 12: 2 }),
  waitlist: { waiting: 12, oldest_waiting_since: new Date(Date.now() - 54 * DAY_MS - 60_000).toISOString() },
};

const emptyOverview: AdminOverview = {
  funnel: {
    overall: { issued: 0, checked: 0, registered: 0, linked: 0, onboarded: 0 },
    cohorts: [],
    communities: [],
  },
  registrations_per_day: registrationDays(),
  waitlist: { waiting: 0, oldest_waiting_since: null },
};

const signedOutAnswer = () =>
  HttpResponse.json({ detail: 'You are not signed in to the operator console.' }, { status: 401 });

/**
 * The admin routes as the server answers them, recording each call. `session` says what
 * `GET /api/admin/session` answers from its n-th call on; `overviewAnswer` builds each overview answer.
 */
function adminApi({
  session = () => HttpResponse.json({ operator: { name: 'Grace', role: 'owner' } }),
  overviewAnswer = () => HttpResponse.json(overview),
  signOutAnswer = () => new HttpResponse(null, { status: 204 }),
}: {
  session?: (call: number) => Response;
  overviewAnswer?: (call: number) => Response | Promise<Response>;
  signOutAnswer?: () => Response;
} = {}) {
  const calls: string[] = [];
  const count = (path: string) => calls.filter((call) => call === path).length;
  mswServer.use(
    http.get('*/api/admin/session', () => {
      calls.push('GET /api/admin/session');
      return session(count('GET /api/admin/session'));
    }),
    http.get('*/api/admin/overview', () => {
      calls.push('GET /api/admin/overview');
      return overviewAnswer(count('GET /api/admin/overview'));
    }),
    http.post('*/api/admin/session/sign-out', () => {
      calls.push('POST /api/admin/session/sign-out');
      return signOutAnswer();
    }),
  );
  return calls;
}

/** A table's rows as arrays of cell texts (header cells included). */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

test('without a session, /admin says how to get a sign-in link and asks for nothing else', async () => {
  const calls = adminApi({ session: signedOutAnswer });
  renderRoute('/admin');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Sign in to the operator console' }),
  ).toBeInTheDocument();
  expect(screen.getByText('npm run operators -- sign-in-link NAME')).toBeInTheDocument();
  expect(screen.getByText(/works once, for 15 minutes/)).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Console' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  expect(document.title).toBe('Operator console · Becca');
  expect(calls).toEqual(['GET /api/admin/session']);
});

test('two session cookies (one planted by another site) are a sign-out the console explains', async () => {
  adminApi({
    session: () => HttpResponse.json({ detail: TWO_SESSION_COOKIES_DETAIL }, { status: 401 }),
  });
  renderRoute('/admin');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Signed out: two session cookies' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(TWO_SESSION_COOKIES_DETAIL);
  expect(screen.getByText('npm run operators -- sign-in-link NAME')).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Console' })).not.toBeInTheDocument();
});

test('the header names the operator and their role, and links the admin API’s reference', async () => {
  adminApi();
  renderRoute('/admin');
  expect(await screen.findByText(/Signed in as/)).toHaveTextContent('Signed in as Grace (owner)');
  const sections = screen.getByRole('navigation', { name: 'Console' });
  expect(within(sections).getByRole('link', { name: 'Admin API' })).toHaveAttribute(
    'href',
    '/api/admin/docs',
  );
});

test('a server that answers the session check with 404 (no such route for strangers) means signed out', async () => {
  adminApi({
    session: () => HttpResponse.json({ detail: 'No API endpoint GET /api/admin/session.' }, { status: 404 }),
  });
  renderRoute('/admin');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Sign in to the operator console' }),
  ).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('while the session is checked the page says so, with its heading already there', async () => {
  adminApi({
    session: () => {
      throw new Error('unused');
    },
  });
  mswServer.use(
    http.get('*/api/admin/session', async () => {
      await delay('infinite');
      return signedOutAnswer();
    }),
  );
  renderRoute('/admin');
  expect(await screen.findByRole('heading', { level: 1, name: 'Operator console' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in…');
});

test('a session check that fails shows the server’s detail and tries again on request', async () => {
  adminApi({
    session: (call) =>
      call === 1
        ? HttpResponse.json({ detail: 'The database is not answering.' }, { status: 503 })
        : HttpResponse.json({ operator: { name: 'Grace', role: 'owner' } }),
  });
  const user = userEvent.setup();
  renderRoute('/admin');
  expect(await screen.findByRole('alert')).toHaveTextContent('The database is not answering.');
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
});

test('signed in: the operator’s name, the sections and Sign out, and the funnel as numbers', async () => {
  const calls = adminApi();
  renderRoute('/admin');
  expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
  expect(screen.getByText('Grace')).toBeInTheDocument();
  expect(screen.getByText(/Signed in as/)).toHaveTextContent('Signed in as Grace');
  const sections = screen.getByRole('navigation', { name: 'Console' });
  expect(within(sections).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();

  const funnel = await screen.findByRole('table', { name: 'Funnel of all codes' });
  expect(rowsOf(funnel)).toEqual([
    ['Stage', 'Count', 'Of the stage before'],
    ['Codes issued', '1,240', ''],
    ['Codes checked', '31', '3%'],
    ['Registered', '27', '87%'],
    ['Linked on WhatsApp', '20', '74%'],
    ['Onboarded', '14', '70%'],
  ]);
  // The chart beside it is for the eye only: the table is what a screen reader reads.
  const figure = screen.getByRole('figure', { name: 'Funnel of all codes' });
  expect(figure.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');

  expect(rowsOf(screen.getByRole('table', { name: 'By cohort' }))).toEqual([
    ['Cohort', 'Codes issued', 'Codes checked', 'Registered', 'Linked on WhatsApp', 'Onboarded'],
    ['London meetup', '1,230', '24', '21', '16', '12'],
    ['No label', '10', '7', '6', '4', '2'],
    ['All codes', '1,240', '31', '27', '20', '14'],
  ]);
  expect(rowsOf(screen.getByRole('table', { name: 'By community' }))).toEqual([
    ['Community', 'Codes issued', 'Codes checked', 'Registered', 'Linked on WhatsApp', 'Onboarded'],
    ['Hackney Founders Breakfast', '2', '2', '12', '10', '7'],
  ]);
  // Signing in is the page loading: focus stays where the browser put it.
  expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).not.toHaveFocus();
  expect(document.title).toBe('Overview · Operator console · Becca');
  expect(calls).toEqual(['GET /api/admin/session', 'GET /api/admin/overview']);
});

test('choosing a cohort shows its funnel in the chart and its table', async () => {
  adminApi();
  const user = userEvent.setup();
  renderRoute('/admin');
  await user.selectOptions(await screen.findByLabelText('Show the funnel of'), 'London meetup');
  const funnel = screen.getByRole('table', { name: 'Funnel of the cohort “London meetup”' });
  expect(rowsOf(funnel).map((row) => row[1])).toEqual(['Count', '1,230', '24', '21', '16', '12']);
  // The bars follow: issued is the longest, the others in proportion to it.
  const bars = [...screen.getByRole('figure', { name: /London meetup/ }).querySelectorAll('rect.bar')];
  expect(bars.map((bar) => bar.getAttribute('width'))).toEqual([
    '100%',
    `${(24 / 1230) * 100}%`,
    `${(21 / 1230) * 100}%`,
    `${(16 / 1230) * 100}%`,
    `${(12 / 1230) * 100}%`,
  ]);
  await user.selectOptions(screen.getByLabelText('Show the funnel of'), 'No label');
  expect(
    rowsOf(screen.getByRole('table', { name: 'Funnel of the cohort “No label”' })).map((row) => row[1]),
  ).toEqual(['Count', '10', '7', '6', '4', '2']);
});

test('registrations per day: a caption that sums up the chart, every day in the table', async () => {
  adminApi();
  const user = userEvent.setup();
  renderRoute('/admin');
  const days = overview.registrations_per_day;
  const busiest = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${days[26]!.date}T00:00:00Z`));
  const figure = await screen.findByRole('figure', {
    name: `Registrations per day, last 30 days: 14 in all, most on ${busiest} (7).`,
  });
  expect(figure.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  expect(figure.querySelectorAll('rect.bar')).toHaveLength(30);
  await user.click(within(figure).getByText('Registrations per day as a table'));
  const table = within(figure).getByRole('table');
  const rows = rowsOf(table).slice(1);
  expect(rows).toHaveLength(30);
  expect(rows.at(-1)![1]).toBe('5');
  expect(rows.at(-4)).toEqual([busiest, '7']);
  expect(rows.filter(([, count]) => count === '0')).toHaveLength(27);
});

test('the waitlist: how many wait and since when', async () => {
  adminApi();
  renderRoute('/admin');
  const section = await screen.findByRole('region', { name: 'Waitlist' });
  expect(within(section).getByText('Waiting').nextElementSibling).toHaveTextContent('12');
  expect(within(section).getByText('Oldest entry').nextElementSibling).toHaveTextContent(/\(54 days ago\)$/);
});

test('an empty network: no codes, no registrations, nobody waiting, each said in words', async () => {
  adminApi({ overviewAnswer: () => HttpResponse.json(emptyOverview) });
  renderRoute('/admin');
  expect(await screen.findByText(/No invite codes have been issued yet/)).toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'By cohort' })).not.toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'By community' })).not.toBeInTheDocument();
  expect(
    screen.getByRole('figure', { name: 'Registrations per day, last 30 days: none.' }),
  ).toBeInTheDocument();
  expect(screen.getByText('Nobody is waiting.')).toBeInTheDocument();
});

test('while the overview loads the page says so; a failure shows the server’s detail and Try again', async () => {
  adminApi({
    overviewAnswer: async (call) => {
      if (call === 1) {
        await delay(300);
        return HttpResponse.json({ detail: 'The overview query timed out.' }, { status: 500 });
      }
      return HttpResponse.json(overview);
    },
  });
  const user = userEvent.setup();
  renderRoute('/admin');
  expect(await screen.findByText('Loading the overview…')).toBeInTheDocument();
  expect(await screen.findByRole('alert')).toHaveTextContent('The overview query timed out.');
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('table', { name: 'Funnel of all codes' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test.each([401, 404])(
  'a session that ends under the page: an admin call answering %i shows how to get back in',
  async (status) => {
    const refused = () => HttpResponse.json({ detail: 'No session.' }, { status });
    const calls = adminApi({
      session: (call) =>
        call === 1 ? HttpResponse.json({ operator: { name: 'Grace', role: 'owner' } }) : refused(),
      overviewAnswer: (call) => (call === 1 ? HttpResponse.json(overview) : refused()),
    });
    const user = userEvent.setup();
    renderRoute('/admin');
    await user.click(await screen.findByRole('button', { name: 'Refresh' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Your session has ended' });
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has ended — get a new sign-in link.');
    expect(screen.getByText('npm run operators -- sign-in-link NAME')).toBeInTheDocument();
    // Nothing of the console is left: not the numbers, not the name, not Sign out.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Console' })).not.toBeInTheDocument();
    // The Refresh button went with the old screen: focus goes to the news.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(calls).toEqual([
      'GET /api/admin/session',
      'GET /api/admin/overview',
      'GET /api/admin/overview',
      'GET /api/admin/session',
    ]);
  },
);

test('Sign out ends the session on the server and leaves nothing of the console on screen', async () => {
  const calls = adminApi({
    session: (call) =>
      call === 1 ? HttpResponse.json({ operator: { name: 'Grace', role: 'owner' } }) : signedOutAnswer(),
  });
  const user = userEvent.setup();
  renderRoute('/admin');
  await screen.findByRole('table', { name: 'Funnel of all codes' });
  await user.click(screen.getByRole('button', { name: 'Sign out' }));

  const heading = await screen.findByRole('heading', { level: 1, name: 'You have signed out' });
  await waitFor(() => expect(heading).toHaveFocus());
  expect(screen.getByText('npm run operators -- sign-in-link NAME')).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(screen.queryByText('Grace')).not.toBeInTheDocument();
  expect(calls).toContain('POST /api/admin/session/sign-out');
});

test('a sign-out answered with a redirect back to /admin (as a form would be) is a sign-out too', async () => {
  adminApi({
    signOutAnswer: () =>
      new HttpResponse('<!doctype html><title>Operator console · Becca</title>', {
        headers: { 'content-type': 'text/html; charset=utf-8' },
      }),
  });
  const user = userEvent.setup();
  renderRoute('/admin');
  await user.click(await screen.findByRole('button', { name: 'Sign out' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'You have signed out' })).toBeInTheDocument();
});

test('a sign-out the server refuses says why and keeps the operator signed in', async () => {
  adminApi({
    signOutAnswer: () =>
      HttpResponse.json({ detail: 'This request did not come from the console.' }, { status: 403 }),
  });
  const user = userEvent.setup();
  renderRoute('/admin');
  await user.click(await screen.findByRole('button', { name: 'Sign out' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This request did not come from the console.');
  expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
});
