import { screen } from '@testing-library/react';
import { toE164 } from '../../../src/domain/phoneNumber';
import { selectOnboardingDraft } from '../../../src/features/onboarding/onboardingSlice';
import { theme } from '../../../src/shared/theme';
import { goToStep, nextButton, runWizardOnFakeClock, setup, textbox } from './wizardHarness';
import { getLiveRegionSaying, queryLiveRegionSaying } from '../liveRegions';

runWizardOnFakeClock();

describe('live validation with the spec’s messages', () => {
  test('names: "Required" once a touched field is empty, nothing on untouched fields', async () => {
    const { user } = setup();
    await user.type(textbox('First name'), 'A');
    expect(textbox('First name')).toHaveAccessibleDescription('');
    expect(textbox('Last name')).toHaveAccessibleDescription('');
    await user.clear(textbox('First name'));
    expect(textbox('First name')).toHaveAccessibleDescription('Required');
    expect(textbox('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(getLiveRegionSaying('Required')).toBeInTheDocument();
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
    expect(getLiveRegionSaying('Required (at least 30 characters)')).toBeInTheDocument();
    expect(nextButton()).toBeDisabled();

    await user.type(occupation, '{Backspace}{Backspace}y');
    expect(screen.getByText('30/30')).not.toHaveStyle({ color: theme.colors.error });
    expect(queryLiveRegionSaying('Required')).toBeUndefined();
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
