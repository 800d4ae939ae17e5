import {
  EMPTY_ONBOARDING_DRAFT,
  INVALID_AGE,
  INVALID_PHONE,
  LONG_TEXT_REQUIRED,
  LOOKING_FOR_OPTIONS,
  PHOTO_REQUIRED,
  REQUIRED,
  SELECT_AT_LEAST_ONE,
  TOO_MANY_LOOKING_FOR,
  TOO_MANY_PHOTOS,
  WIZARD_STEP_ORDER,
  isWizardStepValid,
  nextWizardStep,
  previousWizardStep,
  requiredText,
  toggleLookingFor,
  validateAge,
  validateLongText,
  validateLookingFor,
  validatePhone,
  validatePhotoCount,
  validateWizardField,
  validateWizardStep,
  type OnboardingDraft,
} from '../../src/domain/fieldRules';
import { tooLongMessage } from '../../src/domain/registrationMessages';
import { type WizardStepId } from '../../src/domain/registrationFields';

const THIRTY_CHARACTERS = 'a'.repeat(30);

const completeDraft: OnboardingDraft = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  age: '36',
  lookingFor: ['Friendship'],
  joy: 'Long walks along the river with friends',
  exciting: 'Building an analytical engine at home',
  occupation: 'Mathematician writing notes on engines',
  phone: '07911 123456',
  location: 'London',
};

test('messages are word for word from the spec', () => {
  expect(REQUIRED).toBe('Required');
  expect(INVALID_AGE).toBe('Please enter a valid age (18-100)');
  expect(LONG_TEXT_REQUIRED).toBe('Required (at least 30 characters)');
  expect(INVALID_PHONE).toBe('Please enter a valid phone number');
  expect(SELECT_AT_LEAST_ONE).toBe('Select at least 1 option');
  expect(PHOTO_REQUIRED).toBe('At least one photo is required');
  expect(tooLongMessage(80)).toBe('Must be at most 80 characters');
});

describe('requiredText', () => {
  test.each<[value: string, maxLength: number | undefined, message: string | undefined]>([
    ['Ada', undefined, undefined],
    ['  Ada  ', 3, undefined],
    ['', undefined, REQUIRED],
    ['   \t ', 80, REQUIRED],
    ['a'.repeat(80), 80, undefined],
    ['a'.repeat(81), 80, tooLongMessage(80)],
  ])('%j (max %p) → %p', (value, maxLength, message) => {
    expect(requiredText(value, maxLength)).toBe(message);
  });
});

describe('validateAge', () => {
  test.each<[value: string, message: string | undefined]>([
    ['18', undefined],
    ['100', undefined],
    [' 42 ', undefined],
    ['018', undefined],
    ['', REQUIRED],
    ['  ', REQUIRED],
    ['17', INVALID_AGE],
    ['101', INVALID_AGE],
    ['0', INVALID_AGE],
    ['18.5', INVALID_AGE],
    ['18.0', INVALID_AGE],
    ['-20', INVALID_AGE],
    ['+20', INVALID_AGE],
    ['1e2', INVALID_AGE],
    ['abc', INVALID_AGE],
    ['2 5', INVALID_AGE],
    ['0018', INVALID_AGE],
  ])('%j → %p', (value, message) => {
    expect(validateAge(value)).toBe(message);
  });
});

describe('validateLongText', () => {
  test.each<[value: string, maxLength: number | undefined, message: string | undefined]>([
    [THIRTY_CHARACTERS, undefined, undefined],
    [`  ${THIRTY_CHARACTERS}  `, undefined, undefined],
    ['a'.repeat(29), undefined, LONG_TEXT_REQUIRED],
    [`  ${'a'.repeat(29)}     `, undefined, LONG_TEXT_REQUIRED],
    ['', undefined, LONG_TEXT_REQUIRED],
    ['a'.repeat(1000), 1000, undefined],
    ['a'.repeat(1001), 1000, tooLongMessage(1000)],
  ])('%j (max %p) → %p', (value, maxLength, message) => {
    expect(validateLongText(value, maxLength)).toBe(message);
  });
});

describe('validatePhone', () => {
  test.each<[value: string, message: string | undefined]>([
    ['07911 123456', undefined],
    ['+33 6 12 34 56 78', undefined],
    ['', REQUIRED],
    ['   ', REQUIRED],
    ['12345', INVALID_PHONE],
    ['07911 12345a', INVALID_PHONE],
  ])('%j → %p', (value, message) => {
    expect(validatePhone(value)).toBe(message);
  });
});

describe('lookingFor', () => {
  test('offers the five spec options', () => {
    expect(LOOKING_FOR_OPTIONS).toEqual([
      'Friendship',
      'Co-Founder',
      'Network',
      'Romance',
      'Creative Partner',
    ]);
  });

  test.each<[selected: string[], message: string | undefined]>([
    [[], SELECT_AT_LEAST_ONE],
    [['Friendship'], undefined],
    [['Friendship', 'Co-Founder', 'Network', 'Romance'], undefined],
    [[...LOOKING_FOR_OPTIONS], TOO_MANY_LOOKING_FOR],
  ])('validateLookingFor(%j) → %p', (selected, message) => {
    expect(validateLookingFor(selected)).toBe(message);
  });

  test.each<[selected: string[], option: (typeof LOOKING_FOR_OPTIONS)[number], expected: string[]]>([
    [[], 'Friendship', ['Friendship']],
    [['Friendship'], 'Network', ['Friendship', 'Network']],
    [['Friendship', 'Network'], 'Friendship', ['Network']],
    [
      ['Friendship', 'Co-Founder', 'Network', 'Romance'],
      'Creative Partner',
      ['Friendship', 'Co-Founder', 'Network', 'Romance'],
    ],
    [['Friendship', 'Co-Founder', 'Network', 'Romance'], 'Romance', ['Friendship', 'Co-Founder', 'Network']],
  ])('toggleLookingFor(%j, %j) → %j', (selected, option, expected) => {
    const before = [...selected];
    expect(toggleLookingFor(selected, option)).toEqual(expected);
    expect(selected).toEqual(before);
  });
});

describe('validatePhotoCount', () => {
  test.each<[count: number, message: string | undefined]>([
    [0, PHOTO_REQUIRED],
    [1, undefined],
    [3, undefined],
    [4, TOO_MANY_PHOTOS],
  ])('%p photos → %p', (count, message) => {
    expect(validatePhotoCount(count)).toBe(message);
  });
});

describe('wizard steps', () => {
  test('shows steps 1, 2, 3, 7, 8 in order', () => {
    expect(WIZARD_STEP_ORDER).toEqual([1, 2, 3, 7, 8]);
  });

  test.each<[step: WizardStepId, next: WizardStepId | undefined, previous: WizardStepId | undefined]>([
    [1, 2, undefined],
    [2, 3, 1],
    [3, 7, 2],
    [7, 8, 3],
    [8, undefined, 7],
    [5, undefined, undefined],
  ])('step %p: next %p, previous %p', (step, next, previous) => {
    expect(nextWizardStep(step)).toBe(next);
    expect(previousWizardStep(step)).toBe(previous);
  });

  test.each(WIZARD_STEP_ORDER.map((step) => [step]))('a complete draft passes step %p', (step) => {
    expect(validateWizardStep(step, completeDraft, 1)).toEqual({});
    expect(isWizardStepValid(step, completeDraft, 1)).toBe(true);
  });

  test.each<[step: WizardStepId, draft: Partial<OnboardingDraft>, photos: number, errors: object]>([
    [1, { firstName: ' ' }, 1, { firstName: REQUIRED }],
    [1, { firstName: '', lastName: '' }, 1, { firstName: REQUIRED, lastName: REQUIRED }],
    [1, { lastName: 'a'.repeat(81) }, 1, { lastName: tooLongMessage(80) }],
    [2, { age: '' }, 1, { age: REQUIRED }],
    [2, { age: '17' }, 1, { age: INVALID_AGE }],
    [3, {}, 0, { photos: PHOTO_REQUIRED }],
    [4, { lookingFor: [] }, 1, { lookingFor: SELECT_AT_LEAST_ONE }],
    [5, { joy: 'short' }, 1, { joy: LONG_TEXT_REQUIRED }],
    [6, { exciting: '' }, 1, { exciting: LONG_TEXT_REQUIRED }],
    [7, { occupation: 'a'.repeat(29) }, 1, { occupation: LONG_TEXT_REQUIRED }],
    [8, { phone: '' }, 1, { phone: REQUIRED }],
    [8, { phone: '123', location: '' }, 1, { phone: INVALID_PHONE, location: REQUIRED }],
    [8, { location: 'a'.repeat(121) }, 1, { location: tooLongMessage(120) }],
  ])('step %p with %j and %p photos → %j', (step, changes, photos, errors) => {
    const draft = { ...completeDraft, ...changes };
    expect(validateWizardStep(step, draft, photos)).toEqual(errors);
    expect(isWizardStepValid(step, draft, photos)).toBe(false);
  });

  test('each step checks only its own fields', () => {
    expect(isWizardStepValid(1, { ...EMPTY_ONBOARDING_DRAFT, firstName: 'A', lastName: 'B' }, 0)).toBe(true);
    expect(isWizardStepValid(3, EMPTY_ONBOARDING_DRAFT, 1)).toBe(true);
  });

  test('validateWizardField gives one field message for live validation', () => {
    expect(validateWizardField('age', { ...completeDraft, age: '12' }, 1)).toBe(INVALID_AGE);
    expect(validateWizardField('occupation', completeDraft, 1)).toBeUndefined();
  });
});
