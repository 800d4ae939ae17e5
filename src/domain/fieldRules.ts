import { limits } from './limits';
import { isValidPhoneNumber } from './phoneNumber';
import {
  AGE_MAX_DIGITS,
  REGISTRATION_FIELD_NAMES,
  registrationField,
  type RegistrationFieldName,
  type WizardStepId,
} from './registrationFields';
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

/** An age as typed: a whole number, or NaN for anything else so that no half-typed age is silently rounded. */
export function parseTypedAge(age: string): number {
  const trimmed = age.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A whole number of years from 18 to 100: the one age rule of the wizard and the registration. */
export function isValidAge(age: number): boolean {
  return Number.isInteger(age) && age >= limits.age.min && age <= limits.age.max;
}

/** Empty age says "Required" like every other empty field; anything else invalid gets the age message. */
export function validateAge(value: string): FieldError {
  const trimmed = value.trim();
  if (trimmed === '') return REQUIRED;
  return trimmed.length <= AGE_MAX_DIGITS && isValidAge(parseTypedAge(trimmed)) ? undefined : INVALID_AGE;
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

/** What the person has typed in the wizard, one text per declared field. Photos live beside it, never in it. */
export type OnboardingDraft = Record<RegistrationFieldName, string> & { lookingFor: string[] };

export const EMPTY_ONBOARDING_DRAFT: OnboardingDraft = {
  ...(Object.fromEntries(REGISTRATION_FIELD_NAMES.map((name) => [name, ''])) as Record<
    RegistrationFieldName,
    string
  >),
  lookingFor: [],
};

export type WizardField = keyof OnboardingDraft | 'photos';
export type WizardErrors = Partial<Record<WizardField, string>>;

/** Steps 4 (looking for), 5 (joy) and 6 (exciting) exist but are skipped. */
export const WIZARD_STEP_ORDER = [1, 2, 3, 7, 8] as const satisfies readonly WizardStepId[];

/** The fields each step asks for: the declared ones by their step, the photo and the choices beside. */
export const WIZARD_STEP_FIELDS: Record<WizardStepId, readonly WizardField[]> = (() => {
  const fields: Record<WizardStepId, WizardField[]> = {
    1: [],
    2: [],
    3: ['photos'],
    4: ['lookingFor'],
    5: [],
    6: [],
    7: [],
    8: [],
  };
  for (const name of REGISTRATION_FIELD_NAMES) fields[registrationField(name).step].push(name);
  return fields;
})();

/** One declared field's message in the wizard, which shows it beside the field. */
export function validateDeclaredField(name: RegistrationFieldName, value: string): FieldError {
  const { kind, required, maxLength } = registrationField(name);
  if (!required && isVisiblyBlank(value)) return undefined;
  switch (kind) {
    case 'text':
      return requiredText(value, maxLength);
    case 'age':
      return validateAge(value);
    case 'phone':
      return validatePhone(value);
    case 'longText':
    case 'interest':
      return validateLongText(value, maxLength);
  }
}

/** One field's message, for live validation as the person types. */
export function validateWizardField(
  field: WizardField,
  draft: OnboardingDraft,
  photoCount: number,
): FieldError {
  if (field === 'photos') return validatePhotoCount(photoCount);
  if (field === 'lookingFor') return validateLookingFor(draft.lookingFor);
  return validateDeclaredField(field, draft[field]);
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
