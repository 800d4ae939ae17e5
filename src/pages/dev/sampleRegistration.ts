import { EMPTY_ONBOARDING_DRAFT, type OnboardingDraft } from '../../domain/fieldRules';
import type { NetworkEntry } from '../../domain/registration';
import { generateTestPhone } from './samplePhoto';

/** A wizard draft as a person would leave it, with a fresh test phone number each time. */
export function sampleDraft(overrides: Partial<OnboardingDraft> = {}): OnboardingDraft {
  return {
    ...EMPTY_ONBOARDING_DRAFT,
    firstName: 'Test',
    lastName: 'User',
    age: '29',
    location: 'London',
    phone: generateTestPhone(),
    occupation: 'Product designer building tools for community organisers',
    lookingFor: ['Friendship'],
    joy: 'Long walks with friends and very good coffee on Sundays',
    ...overrides,
  };
}

/** One entry of each who-I-know step: a group, then a person. */
export const sampleNetworkEntries: readonly NetworkEntry[] = [
  {
    id: 'g1',
    group: 'Hackney Runners',
    location: 'London',
    x: 50,
    y: 14,
    avatarSeed: 'g1',
    isPart2Entry: false,
  },
  { id: 'p1', group: 'Sam Carter', location: 'Bristol', x: 81, y: 68, avatarSeed: 'p1', isPart2Entry: true },
];
