import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockInviteCodes } from '../../src/mocks/handlers';
import { renderRoute } from './renderWithProviders';
import { mswServer } from './setupTests';

describe('/test-integration', () => {
  async function runChecks() {
    const user = userEvent.setup();
    renderRoute('/test-integration');
    await user.click(await screen.findByRole('button', { name: 'Show Anyway (Dev Only)' }));
    await user.type(screen.getByLabelText('Invite code for the registration tests'), mockInviteCodes.valid);
    await user.click(screen.getByRole('button', { name: 'Run tests' }));
    await screen.findByText(/Success: \d+%/, undefined, { timeout: 5000 });
  }

  test('is hidden until the developer asks for it', async () => {
    renderRoute('/test-integration');
    expect(await screen.findByRole('button', { name: 'Show Anyway (Dev Only)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run tests' })).not.toBeInTheDocument();
  });

  test('runs every call and reports 100 % when the API answers', async () => {
    await runChecks();
    expect(screen.getByText('Passed: 7 · Failed: 0 · Success: 100%')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('Health check✅ passed')]),
    );
  });

  test('reports each failure with its own message', async () => {
    mswServer.use(
      http.get('*/health', () => HttpResponse.json({})),
      http.post('*/api/waitlist/join', () => HttpResponse.json({ detail: 'Nope' }, { status: 422 })),
      http.post('*/api/auth/register', () =>
        HttpResponse.json({ detail: 'Invalid invite code' }, { status: 403 }),
      ),
    );
    await runChecks();
    expect(screen.getByText('Health check failed - no status returned')).toBeInTheDocument();
    expect(screen.getAllByText('Waitlist join failed: Nope')).toHaveLength(2);
    expect(screen.getAllByText('Registration failed: Invalid invite code')).toHaveLength(2);
    expect(screen.getByText(/Friend nomination failed/)).toBeInTheDocument();
    expect(screen.getByText('Passed: 1 · Failed: 6 · Success: 14%')).toBeInTheDocument();
  });

  test('a network error in invite validation is raised; another error is not', async () => {
    mswServer.use(http.get('*/api/auth/validate-code/:code', () => HttpResponse.error()));
    await runChecks();
    expect(screen.getByText(/Invite validation failed: the network request failed/)).toBeInTheDocument();
  });
});

test('/test-web-registration passes every check of the conversion', async () => {
  renderRoute('/test-web-registration');
  expect(await screen.findByText('10 of 10 checks passed', { exact: false })).toBeInTheDocument();
  const checks = within(screen.getByRole('list', { name: 'Checks' })).getAllByRole('listitem');
  expect(checks).toHaveLength(10);
  checks.forEach((check) => expect(check).toHaveTextContent('PASS'));
  expect(screen.getByLabelText('Payload JSON')).toHaveTextContent('"age": 29');
});

test('/test-validation shows each status as the code changes', async () => {
  const user = userEvent.setup();
  renderRoute('/test-validation');
  const input = await screen.findByRole('textbox', { name: 'Invite code' });
  expect(screen.getByTestId('validation-status')).toHaveTextContent('idle');
  await user.type(input, mockInviteCodes.valid);
  await waitFor(() => expect(screen.getByTestId('validation-status')).toHaveTextContent('valid'), {
    timeout: 2000,
  });
  await user.clear(input);
  await user.type(input, 'WRONG123');
  await waitFor(() => expect(screen.getByTestId('validation-status')).toHaveTextContent('invalid'), {
    timeout: 2000,
  });
  expect(screen.getByText('Invalid invite code')).toBeInTheDocument();
});

test('/phone-fade-test has its two sliders', async () => {
  renderRoute('/phone-fade-test');
  const mask = await screen.findByRole('slider', { name: /Mask start/ });
  expect(mask).toHaveAttribute('min', '0.6');
  expect(mask).toHaveAttribute('max', '0.9');
  expect(mask).toHaveAttribute('step', '0.01');
  expect(mask).toHaveValue('0.8');
  const blur = screen.getByRole('slider', { name: /Shadow blur/ });
  expect(blur).toHaveValue('40');
  expect(screen.getAllByRole('radio')).toHaveLength(4);
});
