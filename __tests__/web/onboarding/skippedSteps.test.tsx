import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WIZARD_STEP_ORDER } from '../../../src/domain/fieldRules';
import { selectOnboardingDraft } from '../../../src/features/onboarding/onboardingSlice';
import { OnboardingStep } from '../../../src/features/onboarding/OnboardingStep';
import { stepRegistry } from '../../../src/features/onboarding/steps/stepRegistry';
import { theme } from '../../../src/shared/theme';
import { renderWithProviders } from '../renderWithProviders';
import { runWizardOnFakeClock, textbox } from './wizardHarness';
import { getLiveRegionSaying, queryLiveRegionSaying } from '../liveRegions';

runWizardOnFakeClock();

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
    expect(getLiveRegionSaying('Select at least 1 option')).toBeInTheDocument();

    for (const name of ['Friendship', 'Co-Founder', 'Network', 'Romance']) await user.click(option(name));
    expect(queryLiveRegionSaying('Select at least 1 option')).toBeUndefined();
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
    expect(getLiveRegionSaying('Required (at least 30 characters)')).toBeInTheDocument();
    await user.type(textbox(label), ' but now it is long enough!');
    expect(screen.getByText('36/30')).toBeInTheDocument();
    expect(queryLiveRegionSaying('Required')).toBeUndefined();
    expect(selectOnboardingDraft(store.getState())[field]).toBe('Too short but now it is long enough!');
  });
});
