import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockInviteCodes } from '../../src/mocks/handlers';
import { JOIN_DRAFT_KEY } from '../../src/pages/join/joinDraftStorage';
import { renderRoute } from './renderWithProviders';

beforeEach(() => sessionStorage.clear());

async function passInviteGate() {
  const user = userEvent.setup();
  const view = renderRoute(`/join?code=${mockInviteCodes.valid}`);
  // The check waits for the debounce and a reply: give a loaded machine more than the default second.
  await screen.findByText('Invite code is valid', {}, { timeout: 5_000 });
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByLabelText('First name');
  return { user, ...view };
}

test('what the person typed survives a remount (a reload or "Try Again")', async () => {
  const { user, unmount } = await passInviteGate();
  await user.type(screen.getByLabelText('First name'), 'Grace');
  await user.type(screen.getByLabelText('Last name'), 'Hopper');
  await waitFor(() => expect(sessionStorage.getItem(JOIN_DRAFT_KEY)).toContain('Hopper'));
  unmount();

  const { store } = renderRoute('/join');
  expect(await screen.findByLabelText('First name')).toHaveValue('Grace');
  expect(screen.getByLabelText('Last name')).toHaveValue('Hopper');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(store.getState().joinFlow).toMatchObject({ step: 'form', inviteCode: mockInviteCodes.valid });
});

test('nothing is saved before the invite gate is passed', async () => {
  renderRoute('/join');
  await screen.findByRole('dialog', { name: 'Join Becca' });
  expect(sessionStorage.getItem(JOIN_DRAFT_KEY)).toBeNull();
});

test('a tampered draft is ignored rather than trusted', async () => {
  sessionStorage.setItem(
    JOIN_DRAFT_KEY,
    JSON.stringify({ joinFlow: { step: 'completion', inviteCode: 42 }, onboarding: 'x', network: null }),
  );
  renderRoute('/join');
  expect(await screen.findByRole('dialog', { name: 'Join Becca' })).toBeInTheDocument();
});
