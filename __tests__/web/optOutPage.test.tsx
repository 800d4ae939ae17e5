import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { OPT_OUT_CONFIRMATION } from '../../src/domain/optOut';
import { renderRoute } from './renderWithProviders';
import { mswServer } from './setupTests';
import { findLiveRegionSaying } from './liveRegions';

// The page's code is fetched lazily, as in the browser; on a busy machine that takes more than a second.
configure({ asyncUtilTimeout: 10_000 });

function optOutApi(
  answer: () => Response = () => HttpResponse.json({ success: true, message: OPT_OUT_CONFIRMATION }),
) {
  const bodies: unknown[] = [];
  mswServer.use(
    http.post('*/api/opt-out', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

test('a number is sent as typed and the server’s one confirmation is shown', async () => {
  const bodies = optOutApi();
  const user = userEvent.setup();
  renderRoute('/opt-out');
  await user.type(await screen.findByLabelText('Your phone number'), '07911 123456');
  await user.click(screen.getByRole('button', { name: 'Opt out' }));
  // The field's hint is a status too: wait for the one that carries the confirmation.
  expect(await screen.findByText(OPT_OUT_CONFIRMATION)).toHaveAttribute('role', 'status');
  expect(screen.queryByLabelText('Your phone number')).not.toBeInTheDocument();
  expect(bodies).toEqual([{ phone: '07911 123456' }]);
});

test('a number that cannot be valid is refused before anything is sent', async () => {
  const bodies = optOutApi();
  const user = userEvent.setup();
  renderRoute('/opt-out');
  await user.type(await screen.findByLabelText('Your phone number'), '12{Enter}');
  expect(await findLiveRegionSaying('Please enter a valid phone number')).toBeInTheDocument();
  expect(screen.getByLabelText('Your phone number')).toHaveAttribute('aria-invalid', 'true');
  expect(bodies).toEqual([]);
});

test('the server’s refusal (too many attempts) is shown as it is', async () => {
  optOutApi(() =>
    HttpResponse.json(
      { detail: 'Too many attempts. Please wait 42 seconds and try again.' },
      { status: 429 },
    ),
  );
  const user = userEvent.setup();
  renderRoute('/opt-out');
  await user.type(await screen.findByLabelText('Your phone number'), '+1 212 555 0100{Enter}');
  expect(await findLiveRegionSaying('Too many attempts. Please wait 42 seconds')).toBeInTheDocument();
});
