import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { overlayClosed } from '../../src/features/joinFlow/joinFlowSlice';
import { mockInviteCodes } from '../../src/mocks/handlers';
import { renderRoute } from './renderWithProviders';
import { mswServer } from './setupTests';
import { findLiveRegionSaying } from './liveRegions';

function countValidationRequests() {
  const codes: string[] = [];
  mswServer.events.on('request:start', ({ request }) => {
    const match = /validate-code\/([^/?]+)/.exec(request.url);
    if (match) codes.push(decodeURIComponent(match[1]!));
  });
  return codes;
}

async function openJoin(path = '/join') {
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  const view = renderRoute(path);
  const dialog = await screen.findByRole('dialog', { name: 'Join Becca' });
  return { user, dialog, ...view };
}

const codeInput = () => screen.getByRole('textbox', { name: 'Invite code' });
const continueButton = () => screen.getByRole('button', { name: /continue|checking/i });

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
});
afterEach(() => {
  jest.useRealTimers();
  mswServer.events.removeAllListeners();
});

describe('invite code mode', () => {
  test('opens as a labelled modal dialog with the code field focused', async () => {
    await openJoin();
    expect(screen.getByRole('dialog')).toHaveAttribute('aria-modal', 'true');
    expect(codeInput()).toHaveFocus();
    expect(codeInput()).toHaveAttribute('maxLength', '20');
    expect(continueButton()).toBeDisabled();
  });

  test('does not ask the server under 3 characters, and asks once per pause after that', async () => {
    const requested = countValidationRequests();
    const { user } = await openJoin();
    await user.type(codeInput(), 'WE');
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(requested).toEqual([]);

    await user.type(codeInput(), 'LCOME234');
    expect(requested).toEqual([]);
    await act(() => jest.advanceTimersByTimeAsync(299));
    expect(requested).toEqual([]);
    await act(() => jest.advanceTimersByTimeAsync(1));
    await waitFor(() => expect(requested).toEqual([mockInviteCodes.valid]));
    expect(await screen.findByText('Invite code is valid')).toBeInTheDocument();
  });

  test('a valid code opens the wizard and closes the overlay', async () => {
    const { user, store } = await openJoin();
    await user.type(codeInput(), mockInviteCodes.valid.toLowerCase());
    await act(() => jest.advanceTimersByTimeAsync(300));
    await screen.findByText('Invite code is valid');
    expect(continueButton()).toBeEnabled();
    await user.click(continueButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().joinFlow).toMatchObject({ step: 'form', inviteCode: mockInviteCodes.valid });
  });

  test('an unknown code is invalid and cannot be submitted; typing again resets to idle', async () => {
    const { user, store } = await openJoin();
    await user.type(codeInput(), 'NOPE123');
    await act(() => jest.advanceTimersByTimeAsync(300));
    expect(await findLiveRegionSaying('Invalid invite code')).toBeInTheDocument();
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(continueButton()).toBeDisabled();
    await user.type(codeInput(), '4');
    expect(codeInput()).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Invalid invite code')).not.toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
    // The slice keeps what the person decided; the check's status lives in RTK Query.
    expect(store.getState().invite).toEqual({ mode: 'inviteCode', code: 'NOPE1234' });
  });

  test("the server's reason is shown for an expired code", async () => {
    const { user } = await openJoin();
    await user.type(codeInput(), mockInviteCodes.expired);
    await act(() => jest.advanceTimersByTimeAsync(300));
    expect(await findLiveRegionSaying('This invite code has expired')).toBeInTheDocument();
  });

  test.each([
    ['a network failure', () => HttpResponse.error()],
    ['a server error', () => HttpResponse.json({ detail: 'boom' }, { status: 500 })],
    ['a bad gateway page', () => new HttpResponse('<html>502</html>', { status: 502 })],
  ])('%s is never shown as "invalid"', async (_label, answer) => {
    mswServer.use(http.get('*/api/auth/validate-code/:code', answer));
    const { user } = await openJoin();
    await user.type(codeInput(), mockInviteCodes.valid);
    await act(() => jest.advanceTimersByTimeAsync(300));
    expect(
      await findLiveRegionSaying('Failed to validate invite code. Please try again.'),
    ).toBeInTheDocument();
    expect(codeInput()).not.toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Invalid invite code')).not.toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
  });

  test('a rate limit shows the server’s detail', async () => {
    mswServer.use(
      http.get('*/api/auth/validate-code/:code', () =>
        HttpResponse.json(
          { detail: 'Too many attempts. Please wait 42 seconds and try again.' },
          { status: 429 },
        ),
      ),
    );
    const { user } = await openJoin();
    await user.type(codeInput(), 'ABCDEF');
    await act(() => jest.advanceTimersByTimeAsync(300));
    expect(await findLiveRegionSaying('Too many attempts. Please wait 42 seconds')).toBeInTheDocument();
  });

  test('another client error without a detail says "Validation failed"', async () => {
    mswServer.use(http.get('*/api/auth/validate-code/:code', () => new HttpResponse(null, { status: 400 })));
    const { user } = await openJoin();
    await user.type(codeInput(), 'ABCDEF');
    await act(() => jest.advanceTimersByTimeAsync(300));
    expect(await findLiveRegionSaying('Validation failed')).toBeInTheDocument();
  });

  test('a code in the link is filled in and checked at once', async () => {
    const requested = countValidationRequests();
    await openJoin(`/join?code=${mockInviteCodes.valid}`);
    expect(codeInput()).toHaveValue(mockInviteCodes.valid);
    await waitFor(() => expect(requested).toEqual([mockInviteCodes.valid]));
    expect(await screen.findByText('Invite code is valid')).toBeInTheDocument();
  });

  test('Escape closes the overlay back to the tutorial, and Get Started opens it again', async () => {
    const { user, store } = await openJoin();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How Becca connects you' })).toBeInTheDocument();
    expect(store.getState().joinFlow?.step).toBe('tutorial');
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(await screen.findByRole('dialog', { name: 'Join Becca' })).toBeInTheDocument();
  });

  test('once closed, it never opens by itself again, after 11.4 s or on a later visit; Get Started opens it', async () => {
    const { user, unmount } = await openJoin();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    // The next visit: the tutorial alone, with nothing opening over it.
    renderRoute('/join');
    expect(await screen.findByRole('heading', { name: 'How Becca connects you' })).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(await screen.findByRole('dialog', { name: 'Join Becca' })).toBeInTheDocument();
  });

  test('a code in the link opens it even after it was closed before', async () => {
    const first = await openJoin();
    await first.user.click(screen.getByRole('button', { name: 'Close' }));
    first.unmount();
    await openJoin(`/join?code=${mockInviteCodes.valid}`);
    expect(codeInput()).toHaveValue(mockInviteCodes.valid);
  });

  test('the tutorial still hands over to the dialog after about 11.4 s while it has never been closed', async () => {
    const { store } = await openJoin();
    // As a restored registration does: the dialog out of the way without the visitor closing it.
    act(() => {
      store.dispatch(overlayClosed());
    });
    await act(() => jest.advanceTimersByTimeAsync(11_399));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('dialog', { name: 'Join Becca' })).toBeInTheDocument();
  });

  test('opens with showModal(), so the browser keeps focus in it and the page behind it inert', async () => {
    // jsdom has no focus trap or inert page: e2e/inviteGate.spec.ts checks those in Chromium.
    const showModal = jest.spyOn(HTMLDialogElement.prototype, 'showModal');
    try {
      const { dialog } = await openJoin();
      expect(showModal.mock.contexts).toEqual([dialog]);
      expect(dialog).toHaveAttribute('open');
    } finally {
      showModal.mockRestore();
    }
  });

  test('the logo goes to the home page', async () => {
    const { user, router } = await openJoin();
    await user.click(screen.getByRole('button', { name: 'Becca home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('waitlist mode', () => {
  async function openWaitlist() {
    const view = await openJoin();
    await view.user.click(screen.getByRole('button', { name: 'I don’t have an invite code' }));
    expect(screen.getByRole('dialog', { name: 'Join the waitlist' })).toBeInTheDocument();
    return view;
  }
  const phoneInput = () => screen.getByRole('textbox', { name: 'Your mobile number' });

  test.each(['07911 123456', '447911123456', '7911123456'])(
    '%s is sent as +447911123456 with no name',
    async (typed) => {
      const bodies: unknown[] = [];
      mswServer.use(
        http.post('*/api/waitlist/join', async ({ request }) => {
          bodies.push(await request.json());
          return HttpResponse.json({ success: true, message: 'ok' });
        }),
      );
      const { user } = await openWaitlist();
      await user.type(phoneInput(), typed);
      await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
      expect(await screen.findByRole('heading', { name: 'The Last Social Network' })).toBeInTheDocument();
      expect(bodies).toEqual([{ phone_number: '+447911123456', name: null }]);
    },
  );

  test('an invalid number is refused before anything is sent', async () => {
    const { user } = await openWaitlist();
    expect(phoneInput()).toHaveAttribute('maxLength', '20');
    await user.type(phoneInput(), '12ab');
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await findLiveRegionSaying('Please enter a valid phone number')).toBeInTheDocument();
  });

  test.each([
    [
      'the server’s detail',
      () => HttpResponse.json({ detail: 'Please enter a valid phone number' }, { status: 422 }),
      'Please enter a valid phone number',
    ],
    [
      'the fallback on a network failure',
      () => HttpResponse.error(),
      'Failed to submit phone number. Please try again.',
    ],
    ['the status without a detail', () => new HttpResponse(null, { status: 503 }), 'HTTP error! Status: 503'],
  ])('a failure shows %s', async (_label, answer, expected) => {
    mswServer.use(http.post('*/api/waitlist/join', answer));
    const { user } = await openWaitlist();
    await user.type(phoneInput(), '07911 123456');
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await findLiveRegionSaying(expected)).toBeInTheDocument();
  });

  test('success welcomes the person and returns to / after about 3.5 s', async () => {
    const { user, router } = await openWaitlist();
    await user.type(phoneInput(), '07911 123456');
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('Welcome to the future of social connections')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(3_400));
    expect(router.state.location.pathname).toBe('/join');
    await act(() => jest.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
