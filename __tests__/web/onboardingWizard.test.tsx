import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Globals } from '@react-spring/web';
import { theme } from '../../src/shared/theme';
import { WIZARD_STEP_ORDER, type WizardStepId } from '../../src/domain/fieldRules';
import { toE164 } from '../../src/domain/phoneNumber';
import { toWebRegistrationPayload } from '../../src/domain/registration';
import {
  DOWNSIZE_JPEG_QUALITY,
  DOWNSIZE_MAX_SIDE,
  downsizePhoto,
} from '../../src/features/onboarding/downsizePhoto';
import {
  fieldChanged,
  lookingForToggled,
  onboardingRestored,
  photoChosen,
  selectIsStepValid,
  selectOnboardingDraft,
  selectOnboardingState,
  selectPhotoMeta,
  selectStepErrors,
  selectWizardStep,
  wentBack,
  wentNext,
} from '../../src/features/onboarding/onboardingSlice';
import { OnboardingStep } from '../../src/features/onboarding/OnboardingStep';
import { OnboardingWizard } from '../../src/features/onboarding/OnboardingWizard';
import {
  SESSION_PHOTO_KEY,
  getPhoto,
  putPhoto,
  removePhoto,
  restorePhotoFromSession,
  savePhotoToSession,
} from '../../src/features/onboarding/photoStore';
import { stepRegistry } from '../../src/features/onboarding/steps/stepRegistry';
import { makeStore } from '../../src/shared/store';
import { renderWithProviders } from './renderWithProviders';

const TITLES: Record<(typeof WIZARD_STEP_ORDER)[number], string> = {
  1: 'First things first: what’s your name?',
  2: 'How old are you?',
  3: 'Show us your smile',
  7: 'Tell us about your work',
  8: 'Last step: where can Becca reach you?',
};

const OCCUPATION = 'I teach maths at a secondary school in Leeds';
const image = (name = 'me.png', type = 'image/png') => new File(['fake image bytes'], name, { type });

// react-spring keeps the requestAnimationFrame it found at import (the real one); frames must follow
// the fake clock instead, so that a test decides exactly when the 0.3 s slide has run.
Globals.assign({ requestAnimationFrame: (callback) => requestAnimationFrame(callback) });

let previewCounter = 0;
const originalCreateObjectURL = URL.createObjectURL;
const originalRevokeObjectURL = URL.revokeObjectURL;

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  URL.createObjectURL = jest.fn(() => `blob:preview-${(previewCounter += 1)}`);
  URL.revokeObjectURL = jest.fn();
  sessionStorage.clear();
});
afterEach(() => {
  jest.useRealTimers();
  URL.createObjectURL = originalCreateObjectURL;
  URL.revokeObjectURL = originalRevokeObjectURL;
});

function setup({ applyAccept = true } = {}) {
  const onFinished = jest.fn();
  const user = userEvent.setup({ applyAccept, advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  const view = renderWithProviders(<OnboardingWizard onFinished={onFinished} />);
  return { user, onFinished, ...view };
}

type User = ReturnType<typeof userEvent.setup>;

const nextButton = () => screen.getByRole('button', { name: 'Next' });
const backButton = () => screen.queryByRole('button', { name: 'Back' });
/** The step being shown (a panel sliding out is aria-hidden, so role queries skip it). */
const currentHeading = () => screen.getByRole('heading', { level: 2 });
const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });
const photoInput = () => screen.getByLabelText(/choose a (different )?photo/i);

/** Lets the 0.3 s slide finish (react-spring runs on animation frames, which are fake timers here). */
async function finishSlide() {
  await act(() => jest.advanceTimersByTimeAsync(500));
}

async function fillName(user: User) {
  await user.type(textbox('First name'), 'Ada');
  await user.type(textbox('Last name'), 'Lovelace');
}

/** Fills in `step` validly and moves on to the next one. */
async function completeStep(user: User, step: WizardStepId) {
  if (step === 1) await fillName(user);
  if (step === 2) await user.type(textbox('Age'), '36');
  if (step === 3) {
    await user.upload(photoInput(), image());
    await screen.findByRole('button', { name: 'Remove photo' });
  }
  if (step === 7) await user.type(textbox('What is your occupation?'), OCCUPATION);
  if (step === 8) {
    await user.type(textbox('Mobile number'), '07911 123456');
    await user.type(textbox('Location'), 'London');
  }
  await user.click(nextButton());
  await finishSlide();
}

async function goToStep(user: User, step: WizardStepId) {
  for (const id of WIZARD_STEP_ORDER) {
    if (id === step) return;
    await completeStep(user, id);
  }
}

describe('step order and navigation', () => {
  test('shows steps 1, 2, 3, 7 and 8 in turn, with progress "Step n of 5"', async () => {
    const { user, store, onFinished } = setup();
    const progress = screen.getByRole('progressbar', { name: 'Your progress' });
    for (const [index, step] of WIZARD_STEP_ORDER.entries()) {
      expect(currentHeading()).toHaveTextContent(TITLES[step]);
      expect(selectWizardStep(store.getState())).toBe(step);
      expect(progress).toHaveAttribute('aria-valuenow', String(index + 1));
      expect(progress).toHaveAttribute('aria-valuetext', `Step ${index + 1} of 5`);
      expect(onFinished).not.toHaveBeenCalled();
      await completeStep(user, step);
    }
    expect(onFinished).toHaveBeenCalledTimes(1);
  });

  test('Next is disabled until the step is valid; Back shows from step 2 on', async () => {
    const { user } = setup();
    expect(nextButton()).toBeDisabled();
    expect(backButton()).not.toBeInTheDocument();
    await user.type(textbox('First name'), 'Ada');
    expect(nextButton()).toBeDisabled();
    await user.type(textbox('Last name'), 'Lovelace');
    expect(nextButton()).toBeEnabled();
    await user.click(nextButton());
    await finishSlide();
    expect(backButton()).toBeInTheDocument();
    expect(nextButton()).toBeDisabled();
  });

  test('Back and Next keep what was typed', async () => {
    const { user } = setup();
    await goToStep(user, 3);
    await user.click(backButton()!);
    await finishSlide();
    expect(textbox('Age')).toHaveValue('36');
    await user.click(backButton()!);
    await finishSlide();
    expect(currentHeading()).toHaveTextContent(TITLES[1]);
    expect(textbox('First name')).toHaveValue('Ada');
    expect(textbox('Last name')).toHaveValue('Lovelace');
    expect(backButton()).not.toBeInTheDocument();
    await user.click(nextButton());
    await finishSlide();
    expect(textbox('Age')).toHaveValue('36');
    expect(nextButton()).toBeEnabled();
  });

  test('Enter in a field moves on only when the step is valid', async () => {
    const { user } = setup();
    await user.type(textbox('First name'), 'Ada{Enter}');
    expect(currentHeading()).toHaveTextContent(TITLES[1]);
    await user.type(textbox('Last name'), 'Lovelace{Enter}');
    await finishSlide();
    expect(currentHeading()).toHaveTextContent(TITLES[2]);
  });

  test('the slide runs on fake timers: both panels during 0.3 s, the old one hidden and inert, then gone', async () => {
    const { user } = setup();
    await fillName(user);
    await user.click(nextButton());
    const panels = () => document.querySelectorAll('h2');
    expect(panels()).toHaveLength(2);
    const leaving = screen.getByText(TITLES[1]).closest('[aria-hidden="true"]');
    expect(leaving).toHaveAttribute('inert');
    // Forward: the new step starts off to the right.
    const entering = currentHeading().parentElement!.parentElement!;
    expect(entering.style.transform).toBe('translate3d(100%, 0, 0)');
    expect(currentHeading()).toHaveTextContent(TITLES[2]);
    expect(currentHeading()).toHaveFocus();
    await finishSlide();
    expect(panels()).toHaveLength(1);
    expect(entering.style.transform).toBe('translate3d(0%, 0, 0)');

    await user.click(backButton()!);
    // Back: the previous step comes in from the left.
    const back = currentHeading().parentElement!.parentElement!;
    expect(back.style.transform).toBe('translate3d(-100%, 0, 0)');
    await finishSlide();
    expect(panels()).toHaveLength(1);
    expect(currentHeading()).toHaveTextContent(TITLES[1]);
  });
});

describe('live validation with the spec’s messages', () => {
  test('names: "Required" once a touched field is empty, nothing on untouched fields', async () => {
    const { user } = setup();
    await user.type(textbox('First name'), 'A');
    expect(textbox('First name')).toHaveAccessibleDescription('');
    expect(textbox('Last name')).toHaveAccessibleDescription('');
    await user.clear(textbox('First name'));
    expect(textbox('First name')).toHaveAccessibleDescription('Required');
    expect(textbox('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Required');
    await user.type(textbox('First name'), '   ');
    expect(textbox('First name')).toHaveAccessibleDescription('Required');
    expect(textbox('First name')).toHaveAttribute('autocomplete', 'given-name');
    expect(textbox('Last name')).toHaveAttribute('autocomplete', 'family-name');
  });

  test('age: a whole number from 18 to 100', async () => {
    const { user } = setup();
    await goToStep(user, 2);
    const age = textbox('Age');
    expect(age).toHaveAttribute('inputmode', 'numeric');
    expect(age).toHaveAccessibleDescription('');
    for (const [typed, message] of [
      ['17', 'Please enter a valid age (18-100)'],
      ['101', 'Please enter a valid age (18-100)'],
      ['2a', 'Please enter a valid age (18-100)'],
      ['18', ''],
      ['100', ''],
      ['', 'Required'],
    ] as const) {
      await user.clear(age);
      if (typed) await user.type(age, typed);
      expect(age).toHaveAccessibleDescription(message);
      if (message) expect(nextButton()).toBeDisabled();
      else expect(nextButton()).toBeEnabled();
    }
  });

  test('occupation: a live x/30 counter, red with a message below 30 characters after trimming', async () => {
    const { user } = setup();
    await goToStep(user, 7);
    const occupation = textbox('What is your occupation?');
    expect(occupation.tagName).toBe('TEXTAREA');
    expect(screen.getByText('0/30')).toBeInTheDocument();
    await user.type(occupation, `  ${'x'.repeat(29)}  `);
    const counter = screen.getByText('29/30');
    expect(counter).toHaveStyle({ color: theme.colors.error });
    expect(occupation).toHaveAccessibleDescription(/at least 30 characters/);
    expect(screen.getByRole('alert')).toHaveTextContent('Required (at least 30 characters)');
    expect(nextButton()).toBeDisabled();

    await user.type(occupation, '{Backspace}{Backspace}y');
    expect(screen.getByText('30/30')).not.toHaveStyle({ color: theme.colors.error });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(occupation).not.toHaveAccessibleDescription(/Required/);
    expect(nextButton()).toBeEnabled();
  });

  test('phone: the spec’s procedure through the UI, and a required location', async () => {
    const { user, store, onFinished } = setup();
    await goToStep(user, 8);
    const phone = textbox('Mobile number');
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByText(/stored securely/)).toHaveTextContent(/WhatsApp.*never shown on your profile/);
    expect(screen.getByText(/people nearby/)).toHaveTextContent(/not shown on your profile/);

    await user.type(phone, '07911 123456');
    expect(phone).toHaveAccessibleDescription('');
    await user.clear(phone);
    expect(phone).toHaveAccessibleDescription('Required');
    await user.type(phone, '12345');
    expect(phone).toHaveAccessibleDescription('Please enter a valid phone number');
    await user.clear(phone);
    await user.type(phone, '+33 6 12 34 56 78');
    expect(phone).toHaveAccessibleDescription('');

    const location = textbox('Location');
    await user.type(location, ' ');
    expect(location).toHaveAccessibleDescription('Required');
    expect(nextButton()).toBeDisabled();
    await user.type(location, 'Paris');
    expect(location).toHaveAccessibleDescription('');
    await user.click(nextButton());
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(toE164(selectOnboardingDraft(store.getState()).phone)).toBe('+33612345678');
  });
});

describe('photo step', () => {
  test('a non-image is refused and not kept', async () => {
    const { user, store } = setup({ applyAccept: false });
    await goToStep(user, 3);
    expect(screen.getByText(/Upload 1 to 3 photos of yourself/)).toBeInTheDocument();
    expect(photoInput()).toHaveAttribute('type', 'file');
    expect(photoInput()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif,image/avif');
    await user.upload(photoInput(), new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please choose a JPEG, PNG, WebP, GIF or AVIF photo',
    );
    expect(selectPhotoMeta(store.getState())).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
    expect(nextButton()).toBeDisabled();
  });

  test('an image is kept with a preview; a second replaces it; Remove removes it', async () => {
    const { user, store } = setup({ applyAccept: false });
    await goToStep(user, 3);
    const first = image('me.png');
    await user.upload(photoInput(), first);
    const preview = await screen.findByRole('img', { name: 'Your chosen photo' });
    expect(preview.getAttribute('src')).toMatch(/^blob:preview-/);
    expect(screen.getByText('me.png')).toBeInTheDocument();
    const firstMeta = selectPhotoMeta(store.getState())!;
    expect(firstMeta).toEqual({
      id: expect.any(String),
      name: 'me.png',
      type: 'image/png',
      size: first.size,
      width: null,
      height: null,
    });
    expect(getPhoto(firstMeta.id)).toBe(first);
    expect(nextButton()).toBeEnabled();
    await waitFor(() => expect(sessionStorage.getItem(SESSION_PHOTO_KEY)).toContain(firstMeta.id));

    // A non-image afterwards leaves the kept photo alone.
    await user.upload(photoInput(), new File(['text'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please choose a JPEG, PNG, WebP, GIF or AVIF photo',
    );
    expect(selectPhotoMeta(store.getState())).toBe(firstMeta);

    const firstUrl = preview.getAttribute('src');
    await user.upload(photoInput(), image('beach.jpg', 'image/jpeg'));
    await screen.findByText('beach.jpg');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Your chosen photo' })).toHaveLength(1);
    expect(screen.queryByText('me.png')).not.toBeInTheDocument();
    const secondMeta = selectPhotoMeta(store.getState())!;
    expect(secondMeta.name).toBe('beach.jpg');
    expect(getPhoto(firstMeta.id)).toBeUndefined();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(firstUrl);

    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.queryByRole('img', { name: 'Your chosen photo' })).not.toBeInTheDocument();
    expect(selectPhotoMeta(store.getState())).toBeNull();
    expect(getPhoto(secondMeta.id)).toBeUndefined();
    expect(sessionStorage.getItem(SESSION_PHOTO_KEY)).toBeNull();
    expect(nextButton()).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('At least one photo is required');
  });

  test('without URL.createObjectURL (plain jsdom) the photo is still kept and named', async () => {
    const { user } = setup();
    await goToStep(user, 3);
    Object.defineProperty(URL, 'createObjectURL', { value: undefined, configurable: true, writable: true });
    await user.upload(photoInput(), image('selfie.png'));
    expect(await screen.findByText('selfie.png')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(nextButton()).toBeEnabled();
  });
});

describe('finishing', () => {
  test('Next after step 8 calls onFinished, with the answers as typed in the draft', async () => {
    const { user, store, onFinished } = setup();
    await goToStep(user, 8);
    await user.type(textbox('Mobile number'), '07911 123456');
    await user.type(textbox('Location'), '  London ');
    expect(nextButton()).toHaveTextContent('Next');
    await user.click(nextButton());
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(selectWizardStep(store.getState())).toBe(8);
    expect(selectOnboardingDraft(store.getState())).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      occupation: OCCUPATION,
      phone: '07911 123456',
      location: '  London ',
      age: '36',
      lookingFor: [],
    });
    expect(selectPhotoMeta(store.getState())).not.toBeNull();
  });

  test('interests keep the joy and exciting answers and drop empty ones', () => {
    const store = makeStore();
    store.dispatch(fieldChanged({ field: 'joy', value: '  Cold-water swimming with friends at dawn  ' }));
    store.dispatch(fieldChanged({ field: 'exciting', value: '   ' }));
    store.dispatch(fieldChanged({ field: 'occupation', value: 'Nurse' }));
    store.dispatch(lookingForToggled('Network'));
    const payload = toWebRegistrationPayload(selectOnboardingDraft(store.getState()), [], 'CODE');
    expect(payload.interests).toEqual(['Cold-water swimming with friends at dawn']);
    expect(payload.occupation).toBe('Nurse');
    expect(payload.looking_for).toEqual(['Network']);
  });
});

describe('steps 4, 5 and 6 (defined, skipped in the order)', () => {
  test('the registry has all eight steps, and the order skips 4, 5 and 6', () => {
    expect(Object.keys(stepRegistry)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(WIZARD_STEP_ORDER).toEqual([1, 2, 3, 7, 8]);
  });

  test('step 4: toggle buttons, at most 4, "Select at least 1 option"', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const { store } = renderWithProviders(<OnboardingStep step={4} headingId="step-4" />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('What are you looking for?');
    const group = screen.getByRole('group', { name: 'What are you looking for?' });
    const option = (name: string) => within(group).getByRole('button', { name });
    expect(within(group).getAllByRole('button')).toHaveLength(5);

    await user.click(option('Friendship'));
    expect(option('Friendship')).toHaveAttribute('aria-pressed', 'true');
    await user.click(option('Friendship'));
    expect(option('Friendship')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('alert')).toHaveTextContent('Select at least 1 option');

    for (const name of ['Friendship', 'Co-Founder', 'Network', 'Romance']) await user.click(option(name));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(option('Creative Partner')).toHaveAttribute('aria-disabled', 'true');
    await user.click(option('Creative Partner'));
    expect(option('Creative Partner')).toHaveAttribute('aria-pressed', 'false');
    expect(selectOnboardingDraft(store.getState()).lookingFor).toEqual([
      'Friendship',
      'Co-Founder',
      'Network',
      'Romance',
    ]);
    await user.click(option('Romance'));
    await user.click(option('Creative Partner'));
    expect(option('Creative Partner')).toHaveAttribute('aria-pressed', 'true');
  });

  test.each([
    [5 as const, 'What makes you happy?', 'What brings you joy?', 'joy' as const],
    [6 as const, 'What are you excited about?', 'Something exciting you are working on', 'exciting' as const],
  ])('step %i: at least 30 characters with a counter', async (step, title, label, field) => {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const { store } = renderWithProviders(<OnboardingStep step={step} headingId={`step-${step}`} />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(title);
    await user.type(textbox(label), 'Too short');
    expect(screen.getByText('9/30')).toHaveStyle({ color: theme.colors.error });
    expect(screen.getByRole('alert')).toHaveTextContent('Required (at least 30 characters)');
    await user.type(textbox(label), ' but now it is long enough!');
    expect(screen.getByText('36/30')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(selectOnboardingDraft(store.getState())[field]).toBe('Too short but now it is long enough!');
  });
});

describe('onboarding slice', () => {
  test('wentNext refuses an invalid step and starts the next step without errors', () => {
    const store = makeStore();
    store.dispatch(wentNext());
    expect(selectWizardStep(store.getState())).toBe(1);
    // Age touched early (e.g. by a restore) must not greet the person with an error on step 2.
    store.dispatch(fieldChanged({ field: 'age', value: '5' }));
    store.dispatch(fieldChanged({ field: 'firstName', value: 'Ada' }));
    store.dispatch(fieldChanged({ field: 'lastName', value: 'Lovelace' }));
    expect(selectIsStepValid(store.getState())).toBe(true);
    store.dispatch(wentNext());
    expect(selectWizardStep(store.getState())).toBe(2);
    expect(selectStepErrors(store.getState())).toEqual({});
    store.dispatch(fieldChanged({ field: 'age', value: '5' }));
    expect(selectStepErrors(store.getState())).toEqual({ age: 'Please enter a valid age (18-100)' });
    store.dispatch(wentBack());
    expect(selectWizardStep(store.getState())).toBe(1);
    expect(selectOnboardingState(store.getState()).direction).toBe(-1);
    store.dispatch(wentBack());
    expect(selectWizardStep(store.getState())).toBe(1);
  });

  test('the whole state survives a JSON round trip through onboardingRestored', () => {
    const store = makeStore();
    store.dispatch(fieldChanged({ field: 'firstName', value: 'Ada' }));
    store.dispatch(fieldChanged({ field: 'lastName', value: 'Lovelace' }));
    store.dispatch(wentNext());
    store.dispatch(fieldChanged({ field: 'age', value: '36' }));
    store.dispatch(wentNext());
    store.dispatch(
      photoChosen({ id: 'p1', name: 'me.jpg', type: 'image/jpeg', size: 10, width: 20, height: 30 }),
    );
    const saved = JSON.stringify(selectOnboardingState(store.getState()));
    const reloaded = makeStore();
    reloaded.dispatch(onboardingRestored(JSON.parse(saved)));
    expect(selectOnboardingState(reloaded.getState())).toEqual(selectOnboardingState(store.getState()));
    expect(selectWizardStep(reloaded.getState())).toBe(3);
  });

  test('a malformed or over-eager restore falls back safely', () => {
    const store = makeStore();
    store.dispatch(onboardingRestored('nonsense'));
    expect(selectWizardStep(store.getState())).toBe(1);
    store.dispatch(
      onboardingRestored({
        draft: { firstName: 'Ada', lastName: 42, lookingFor: ['Romance', 'Dating', 'Romance'] },
        step: 8,
        touched: ['firstName', 'nope'],
        photo: { id: '' },
      }),
    );
    const state = selectOnboardingState(store.getState());
    // Step 1 is not valid without a last name, so the restore cannot skip past it.
    expect(state.step).toBe(1);
    expect(state.draft.firstName).toBe('Ada');
    expect(state.draft.lastName).toBe('');
    expect(state.draft.lookingFor).toEqual(['Romance']);
    expect(state.touched).toEqual(['firstName']);
    expect(state.photo).toBeNull();
  });
});

describe('photoStore', () => {
  test('keeps blobs beside the store, by id', () => {
    const blob = new Blob(['abc'], { type: 'image/png' });
    const id = putPhoto(blob, 'a.png');
    expect(getPhoto(id)).toBe(blob);
    removePhoto(id);
    expect(getPhoto(id)).toBeUndefined();
  });

  test('saves to session storage and restores under the same id', async () => {
    const file = new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], 'me.png', { type: 'image/png' });
    const id = putPhoto(file, 'me.png');
    await expect(savePhotoToSession(id)).resolves.toBe(true);
    removePhotoFromMemoryOnly(id);
    const restored = restorePhotoFromSession();
    expect(restored?.id).toBe(id);
    expect(restored?.blob.type).toBe('image/png');
    expect([...new Uint8Array(await restored!.blob.arrayBuffer())]).toEqual([137, 80, 78, 71, 1, 2, 3]);
    expect(getPhoto(id)).toBe(restored?.blob);
  });

  test('a photo over 3 MB or a full quota is simply not persisted', async () => {
    const big = putPhoto(
      new File([new Uint8Array(3 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
      'big.png',
    );
    await expect(savePhotoToSession(big)).resolves.toBe(false);
    expect(sessionStorage.getItem(SESSION_PHOTO_KEY)).toBeNull();

    const small = putPhoto(new File(['x'], 'small.png', { type: 'image/png' }), 'small.png');
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await expect(savePhotoToSession(small)).resolves.toBe(false);
    setItem.mockRestore();
    expect(restorePhotoFromSession()).toBeUndefined();
  });
});

/** Drops the in-memory copy as a reload would, leaving session storage as it is. */
function removePhotoFromMemoryOnly(id: string) {
  const saved = sessionStorage.getItem(SESSION_PHOTO_KEY);
  removePhoto(id);
  if (saved) sessionStorage.setItem(SESSION_PHOTO_KEY, saved);
}

describe('downsizePhoto', () => {
  const file = (bytes: number) => new File([new Uint8Array(bytes)], 'big.png', { type: 'image/png' });

  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'createImageBitmap');
    Reflect.deleteProperty(globalThis, 'OffscreenCanvas');
  });

  function fakeBitmap(width: number, height: number) {
    const bitmap = { width, height, close: jest.fn() };
    const decode = jest.fn().mockResolvedValue(bitmap);
    Object.assign(globalThis, { createImageBitmap: decode });
    return { bitmap, decode };
  }

  function fakeOffscreenCanvas() {
    const context = { fillStyle: '', fillRect: jest.fn(), drawImage: jest.fn() };
    const made: { width: number; height: number; convertToBlob: jest.Mock }[] = [];
    class FakeOffscreenCanvas {
      convertToBlob = jest.fn().mockResolvedValue(new Blob(['jpeg'], { type: 'image/jpeg' }));
      constructor(
        public width: number,
        public height: number,
      ) {
        made.push(this);
      }
      getContext() {
        return context;
      }
    }
    Object.assign(globalThis, { OffscreenCanvas: FakeOffscreenCanvas });
    return { context, made };
  }

  test('without createImageBitmap (jsdom) the file comes back as it is', async () => {
    const original = file(10);
    await expect(downsizePhoto(original)).resolves.toEqual({ blob: original, width: null, height: null });
  });

  test('a decode failure returns the original with null dimensions', async () => {
    Object.assign(globalThis, { createImageBitmap: jest.fn().mockRejectedValue(new Error('not an image')) });
    const original = file(10);
    await expect(downsizePhoto(original)).resolves.toEqual({ blob: original, width: null, height: null });
  });

  test('a small photo is kept, with its oriented dimensions', async () => {
    const { decode, bitmap } = fakeBitmap(960, 1280);
    const original = file(1000);
    await expect(downsizePhoto(original)).resolves.toEqual({ blob: original, width: 960, height: 1280 });
    expect(decode).toHaveBeenCalledWith(original, { imageOrientation: 'from-image' });
    expect(bitmap.close).toHaveBeenCalled();
  });

  test('a photo over 1280 px is drawn at 1280 px on the longest side as a 0.85 JPEG', async () => {
    fakeBitmap(4000, 3000);
    const { context, made } = fakeOffscreenCanvas();
    const result = await downsizePhoto(file(1000));
    expect(result.width).toBe(DOWNSIZE_MAX_SIDE);
    expect(DOWNSIZE_MAX_SIDE).toBe(1280);
    expect(result.height).toBe(960);
    expect(result.blob.type).toBe('image/jpeg');
    expect(made[0]).toMatchObject({ width: 1280, height: 960 });
    expect(made[0]!.convertToBlob).toHaveBeenCalledWith({
      type: 'image/jpeg',
      quality: DOWNSIZE_JPEG_QUALITY,
    });
    expect(context.drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 1280, 960);
  });

  test('a heavy photo (over 4 MB) is re-encoded even at a small size, via a document canvas', async () => {
    fakeBitmap(1000, 800);
    const context = { fillStyle: '', fillRect: jest.fn(), drawImage: jest.fn() };
    const getContext = jest
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockReturnValue(context as unknown as CanvasRenderingContext2D);
    const toBlob = jest
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((done) => done(new Blob(['jpeg'], { type: 'image/jpeg' })));
    const result = await downsizePhoto(file(4 * 1024 * 1024 + 1));
    expect(result).toMatchObject({ width: 1000, height: 800 });
    expect(result.blob.type).toBe('image/jpeg');
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', DOWNSIZE_JPEG_QUALITY);
    getContext.mockRestore();
    toBlob.mockRestore();
  });
});
