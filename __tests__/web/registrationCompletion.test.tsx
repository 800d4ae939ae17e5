import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { EMPTY_ONBOARDING_DRAFT } from '../../src/domain/fieldRules';
import { toWebRegistrationPayload } from '../../src/domain/registration';
import { checkWebRegistrationPayload } from '../../src/domain/registrationPayloadRules';
import { ACCESS_TOKEN_STORAGE_KEY } from '../../src/shared/accessToken';
import { RegistrationCompletion } from '../../src/features/registration/RegistrationCompletion';
import type { RegistrationUpload } from '../../src/features/registration/registrationApi';
import { renderWithProviders } from './renderWithProviders';
import { mswServer } from './setupTests';

const upload: RegistrationUpload = {
  // What registrationUploadFrom hands over: the draft converted, then checked by the shared rules.
  payload: checkWebRegistrationPayload(
    toWebRegistrationPayload(
      {
        ...EMPTY_ONBOARDING_DRAFT,
        firstName: 'Ada',
        lastName: 'Lovelace',
        age: '36',
        location: 'London',
        phone: '07400 111222',
        occupation: 'Mathematician writing the first programs',
      },
      [
        {
          id: 'a',
          group: 'Royal Society',
          location: 'London',
          x: 50,
          y: 14,
          avatarSeed: 'a',
          isPart2Entry: false,
        },
      ],
      'welcome234',
    ),
    1,
  ).payload!,
  photos: [new Blob(['fake'], { type: 'image/jpeg' })],
};

function renderCompletion(props: Partial<Parameters<typeof RegistrationCompletion>[0]> = {}) {
  const onRegistered = jest.fn();
  const onEditAnswers = jest.fn();
  const view = renderWithProviders(
    <RegistrationCompletion
      upload={upload}
      onRegistered={onRegistered}
      onEditAnswers={onEditAnswers}
      {...props}
    />,
  );
  return { onRegistered, onEditAnswers, ...view };
}

beforeEach(() => localStorage.clear());
afterEach(() => jest.useRealTimers());

test('sends the photos and form_data, then welcomes the member and keeps the access token', async () => {
  const received: { photos: number; formData: unknown }[] = [];
  mswServer.use(
    http.post('*/api/auth/register', async ({ request }) => {
      const form = await request.formData();
      received.push({
        photos: form.getAll('photos').length,
        formData: JSON.parse(String(form.get('form_data'))),
      });
      return HttpResponse.json(
        {
          success: true,
          message: 'ok',
          access_token: 'token-123456789012345678901234',
          user_id: 'u1',
          whatsapp_url: 'https://wa.me/447700900123?text=Hi%20Becca!%20My%20code%20is%20ABCD2345',
        },
        { status: 201 },
      );
    }),
  );
  const { onRegistered } = renderCompletion();
  expect(screen.getByRole('heading', { name: 'Completing your registration...' })).toBeInTheDocument();
  expect(screen.getByText('Please wait while we set up your account.')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Welcome to Becca.' })).toBeInTheDocument();
  expect(screen.getByText('Meet Becca - your social intelligence')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/447700900123?text=Hi%20Becca!%20My%20code%20is%20ABCD2345',
  );
  expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('token-123456789012345678901234');
  expect(onRegistered).toHaveBeenCalledTimes(1);
  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({
    photos: 1,
    formData: { invite_code: 'WELCOME234', age: 36, phone: '+447400111222', who_i_know_people: [] },
  });
});

test('after 12 s a panel offers the number and a message to copy', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  renderCompletion();
  await screen.findByRole('heading', { name: 'Welcome to Becca.' });
  await act(() => jest.advanceTimersByTimeAsync(11_900));
  expect(screen.queryByRole('region', { name: 'Message Becca yourself' })).not.toBeInTheDocument();
  await act(() => jest.advanceTimersByTimeAsync(100));
  const panel = screen.getByRole('region', { name: 'Message Becca yourself' });
  expect(panel).toHaveTextContent('+44 7700 900123');
  expect(panel).toHaveTextContent('Hi Becca! My code is MOCKCODE');
  await user.click(screen.getByRole('button', { name: 'Copy message' }));
  expect(writeText).toHaveBeenCalledWith('Hi Becca! My code is MOCKCODE');
  expect(await screen.findByText('Copied!')).toBeInTheDocument();
});

test.each([
  [
    'the server’s detail',
    () => HttpResponse.json({ detail: 'This phone number is already registered.' }, { status: 409 }),
    'This phone number is already registered.',
  ],
  [
    // A database outage (issue 44): the server's sentence, and the answers are kept for Try Again.
    'a 503 while the database is away',
    () =>
      HttpResponse.json(
        { detail: 'Becca is briefly unavailable. Please try again in a moment.' },
        { status: 503, headers: { 'retry-after': '5' } },
      ),
    'Becca is briefly unavailable. Please try again in a moment.',
  ],
  ['a network failure', () => HttpResponse.error(), 'Failed to submit registration. Please try again.'],
  [
    'an answer that is not JSON',
    () => new HttpResponse('<html>oops</html>', { status: 502 }),
    'Failed to complete registration',
  ],
])('shows "Registration Failed" with %s, and offers Try Again', async (_label, answer, message) => {
  mswServer.use(http.post('*/api/auth/register', answer));
  const user = userEvent.setup();
  const { onRegistered, onEditAnswers } = renderCompletion();
  expect(await screen.findByRole('heading', { name: 'Registration Failed' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(message);
  expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Change my answers' }));
  expect(onEditAnswers).toHaveBeenCalled();
  expect(onRegistered).not.toHaveBeenCalled();
  expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
});

test('a missing required field stops before anything is sent', async () => {
  const sent = jest.fn();
  mswServer.use(http.post('*/api/auth/register', () => sent()));
  renderCompletion({ upload: { problem: 'At least one photo is required' } });
  expect(screen.getByRole('heading', { name: 'Registration Failed' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('At least one photo is required');
  expect(sent).not.toHaveBeenCalled();
});
