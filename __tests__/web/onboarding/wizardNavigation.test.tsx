import { screen } from '@testing-library/react';
import { WIZARD_STEP_ORDER } from '../../../src/domain/fieldRules';
import {
  selectOnboardingDraft,
  selectPhotoMeta,
  selectWizardStep,
} from '../../../src/features/onboarding/onboardingSlice';
import {
  OCCUPATION,
  TITLES,
  backButton,
  completeStep,
  currentHeading,
  fillName,
  finishSlide,
  goToStep,
  nextButton,
  runWizardOnFakeClock,
  setup,
  textbox,
} from './wizardHarness';

runWizardOnFakeClock();

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
});
