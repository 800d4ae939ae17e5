import { limits } from './limits';
import { isValidPhoneNumber } from './phoneNumber';
import { REGISTRATION_MESSAGES, tooLongMessage } from './registrationMessages';
import {
  TEXT_PROBLEM_MESSAGES,
  exceedsMaxLength,
  isVisiblyBlank,
  textProblem,
  type TextRuleOptions,
} from './textRules';

/** Inline messages of the onboarding wizard, by the names the wizard and the other forms use. */
export const {
  required: REQUIRED,
  invalidAge: INVALID_AGE,
  longTextRequired: LONG_TEXT_REQUIRED,
  invalidPhone: INVALID_PHONE,
  selectAtLeastOne: SELECT_AT_LEAST_ONE,
  photoRequired: PHOTO_REQUIRED,
  tooManyPhotos: TOO_MANY_PHOTOS,
  tooManyLookingFor: TOO_MANY_LOOKING_FOR,
} = REGISTRATION_MESSAGES.field;

export type FieldError = string | undefined;

/** Controls and bidi overrides are refused; blank (invisible characters only) is left to the caller. */
function typedTextError(value: string, options?: TextRuleOptions): FieldError {
  const problem = textProblem(value, options);
  return problem === 'control' || problem === 'bidi' ? TEXT_PROBLEM_MESSAGES[problem] : undefined;
}

/** When a maximum is given: at most that many characters once trimmed. */
function tooLongError(value: string, maxLength?: number): FieldError {
  return maxLength !== undefined && exceedsMaxLength(value, maxLength)
    ? tooLongMessage(maxLength)
    : undefined;
}

/** Something visible, typed text only; when a maximum is given, at most that many characters. */
export function requiredText(value: string, maxLength?: number): FieldError {
  if (isVisiblyBlank(value)) return REQUIRED;
  return typedTextError(value) ?? tooLongError(value, maxLength);
}

/** A whole number as typed, or NaN for anything else so that no half-typed age is silently rounded. */
export function parseAge(age: string): number {
  const trimmed = age.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A whole number of years from 18 to 100: the one age rule of the wizard and the registration. */
export function isValidAge(age: number): boolean {
  return Number.isInteger(age) && age >= limits.age.min && age <= limits.age.max;
}

/** As typed, an age has at most three digits ("0018" is not an age someone types). */
const AGE_MAX_DIGITS = 3;

/** Empty age says "Required" like every other empty field; anything else invalid gets the age message. */
export function validateAge(value: string): FieldError {
  const trimmed = value.trim();
  if (trimmed === '') return REQUIRED;
  return trimmed.length <= AGE_MAX_DIGITS && isValidAge(parseAge(trimmed)) ? undefined : INVALID_AGE;
}

export function isLongTextLongEnough(value: string): boolean {
  return !isVisiblyBlank(value) && value.trim().length >= limits.longTextMinLength;
}

/** Occupation, joy and exciting: at least 30 characters after trimming; line feeds allowed. */
export function validateLongText(value: string, maxLength?: number): FieldError {
  const textError = typedTextError(value, { multiline: true });
  if (textError !== undefined) return textError;
  return isLongTextLongEnough(value) ? tooLongError(value, maxLength) : LONG_TEXT_REQUIRED;
}

export function validatePhone(value: string): FieldError {
  if (value.trim() === '') return REQUIRED;
  return isValidPhoneNumber(value) ? undefined : INVALID_PHONE;
}

export const LOOKING_FOR_OPTIONS = [
  'Friendship',
  'Co-Founder',
  'Network',
  'Romance',
  'Creative Partner',
] as const;
export type LookingForOption = (typeof LOOKING_FOR_OPTIONS)[number];

export function isLookingForOption(value: string): value is LookingForOption {
  return (LOOKING_FOR_OPTIONS as readonly string[]).includes(value);
}

export function validateLookingFor(selected: readonly string[]): FieldError {
  if (selected.length === 0) return SELECT_AT_LEAST_ONE;
  if (selected.length > limits.lookingForMax) return TOO_MANY_LOOKING_FOR;
  return undefined;
}

/** Selecting a chosen option removes it; a new option is added only while fewer than 4 are chosen. */
export function toggleLookingFor(selected: readonly string[], option: LookingForOption): string[] {
  if (selected.includes(option)) return selected.filter((chosen) => chosen !== option);
  if (selected.length >= limits.lookingForMax) return [...selected];
  return [...selected, option];
}

export function validatePhotoCount(photoCount: number): FieldError {
  if (photoCount < limits.photos.min) return PHOTO_REQUIRED;
  if (photoCount > limits.photos.max) return TOO_MANY_PHOTOS;
  return undefined;
}

/** What the person has typed in the wizard. Photos live beside it, never in it. */
export interface OnboardingDraft {
  firstName: string;
  lastName: string;
  /** As typed; validated as a whole number. */
  age: string;
  lookingFor: string[];
  joy: string;
  exciting: string;
  occupation: string;
  phone: string;
  location: string;
}

export const EMPTY_ONBOARDING_DRAFT: OnboardingDraft = {
  firstName: '',
  lastName: '',
  age: '',
  lookingFor: [],
  joy: '',
  exciting: '',
  occupation: '',
  phone: '',
  location: '',
};

export type WizardField = keyof OnboardingDraft | 'photos';
export type WizardErrors = Partial<Record<WizardField, string>>;

export type WizardStepId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
/** Steps 4 (looking for), 5 (joy) and 6 (exciting) exist but are skipped. */
export const WIZARD_STEP_ORDER = [1, 2, 3, 7, 8] as const satisfies readonly WizardStepId[];

export const WIZARD_STEP_FIELDS: Record<WizardStepId, readonly WizardField[]> = {
  1: ['firstName', 'lastName'],
  2: ['age'],
  3: ['photos'],
  4: ['lookingFor'],
  5: ['joy'],
  6: ['exciting'],
  7: ['occupation'],
  8: ['phone', 'location'],
};

/** One field's message, for live validation as the person types. */
export function validateWizardField(
  field: WizardField,
  draft: OnboardingDraft,
  photoCount: number,
): FieldError {
  const max = limits.fieldMaxLength;
  switch (field) {
    case 'firstName':
      return requiredText(draft.firstName, max.firstName);
    case 'lastName':
      return requiredText(draft.lastName, max.lastName);
    case 'age':
      return validateAge(draft.age);
    case 'photos':
      return validatePhotoCount(photoCount);
    case 'lookingFor':
      return validateLookingFor(draft.lookingFor);
    case 'joy':
      return validateLongText(draft.joy, max.joy);
    case 'exciting':
      return validateLongText(draft.exciting, max.exciting);
    case 'occupation':
      return validateLongText(draft.occupation, max.occupation);
    case 'phone':
      return validatePhone(draft.phone);
    case 'location':
      return requiredText(draft.location, max.location);
  }
}

export function validateWizardStep(
  step: WizardStepId,
  draft: OnboardingDraft,
  photoCount: number,
): WizardErrors {
  const errors: WizardErrors = {};
  for (const field of WIZARD_STEP_FIELDS[step]) {
    const message = validateWizardField(field, draft, photoCount);
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}

export function isWizardStepValid(step: WizardStepId, draft: OnboardingDraft, photoCount: number): boolean {
  return Object.keys(validateWizardStep(step, draft, photoCount)).length === 0;
}

/** The step after `step` in the shown order, or undefined after the last one (time to submit). */
export function nextWizardStep(step: WizardStepId): WizardStepId | undefined {
  const order: readonly WizardStepId[] = WIZARD_STEP_ORDER;
  const index = order.indexOf(step);
  return index === -1 ? undefined : order[index + 1];
}

/** The step before `step` in the shown order, or undefined on the first one. */
export function previousWizardStep(step: WizardStepId): WizardStepId | undefined {
  const order: readonly WizardStepId[] = WIZARD_STEP_ORDER;
  const index = order.indexOf(step);
  return index <= 0 ? undefined : order[index - 1];
}
