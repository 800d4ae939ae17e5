import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Globals } from '@react-spring/web';
import { WIZARD_STEP_ORDER } from '../../../src/domain/fieldRules';
import { type WizardStepId } from '../../../src/domain/registrationFields';
import { OnboardingWizard } from '../../../src/features/onboarding/OnboardingWizard';
import { renderWithProviders } from '../renderWithProviders';

/** What the onboarding wizard tests share: the step titles, the clock, and filling steps in. */

export const TITLES: Record<(typeof WIZARD_STEP_ORDER)[number], string> = {
  1: 'First things first: what’s your name?',
  2: 'How old are you?',
  3: 'Show us your smile',
  7: 'Tell us about your work',
  8: 'Last step: where can Becca reach you?',
};

export const OCCUPATION = 'I teach maths at a secondary school in Leeds';
export const image = (name = 'me.png', type = 'image/png') => new File(['fake image bytes'], name, { type });

// react-spring keeps the requestAnimationFrame it found at import (the real one); frames must follow
// the fake clock instead, so that a test decides exactly when the 0.3 s slide has run.
Globals.assign({ requestAnimationFrame: (callback) => requestAnimationFrame(callback) });

/**
 * Each test on fake timers, with object URLs that jsdom lacks counted as `blob:preview-n`. Call it
 * once at the top of a test file.
 */
export function runWizardOnFakeClock() {
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
}

export function setup({ applyAccept = true } = {}) {
  const onFinished = jest.fn();
  const user = userEvent.setup({ applyAccept, advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  const view = renderWithProviders(<OnboardingWizard onFinished={onFinished} />);
  return { user, onFinished, ...view };
}

export type User = ReturnType<typeof userEvent.setup>;

export const nextButton = () => screen.getByRole('button', { name: 'Next' });
export const backButton = () => screen.queryByRole('button', { name: 'Back' });
/** The step being shown (a panel sliding out is aria-hidden, so role queries skip it). */
export const currentHeading = () => screen.getByRole('heading', { level: 2 });
export const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });
export const photoInput = () => screen.getByLabelText(/choose a (different )?photo/i);

/** Lets the 0.3 s slide finish (react-spring runs on animation frames, which are fake timers here). */
export async function finishSlide() {
  await act(() => jest.advanceTimersByTimeAsync(500));
}

export async function fillName(user: User) {
  await user.type(textbox('First name'), 'Ada');
  await user.type(textbox('Last name'), 'Lovelace');
}

/** Fills in `step` validly and moves on to the next one. */
export async function completeStep(user: User, step: WizardStepId) {
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

export async function goToStep(user: User, step: WizardStepId) {
  for (const id of WIZARD_STEP_ORDER) {
    if (id === step) return;
    await completeStep(user, id);
  }
}
