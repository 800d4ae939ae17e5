import { requiredText, type FieldError, type OnboardingDraft } from './fieldRules';
import { normaliseInviteCode } from './inviteCode';
import { limits } from './limits';
import { normalisePhoneForSubmission } from './phoneNumber';

/** The wizard stores the occupation answer behind this question text (spec §3 "me"). */
export const OCCUPATION_PREFIX = 'What is your occupation?: ';

/** Spec §3 "Wizard submitted result"; the photos travel beside it. */
export interface WizardResult {
  firstName: string;
  lastName: string;
  /** `OCCUPATION_PREFIX` followed by the occupation answer. */
  me: string;
  /** E.164 when parseable, else as typed. */
  phone: string;
  location: string;
  age: string;
  lookingFor: string[];
  /** The joy and exciting answers, empty ones dropped. */
  interests: string[];
}

function nonEmptyTrimmed(values: readonly string[]): string[] {
  return values.map((value) => value.trim()).filter((value) => value !== '');
}

export function toWizardResult(draft: OnboardingDraft): WizardResult {
  return {
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    me: OCCUPATION_PREFIX + draft.occupation.trim(),
    phone: normalisePhoneForSubmission(draft.phone),
    location: draft.location.trim(),
    age: draft.age.trim(),
    lookingFor: [...draft.lookingFor],
    interests: nonEmptyTrimmed([draft.joy, draft.exciting]),
  };
}

export function occupationFromMe(me: string): string {
  const answer = me.startsWith(OCCUPATION_PREFIX) ? me.slice(OCCUPATION_PREFIX.length) : me;
  return answer.trim();
}

/** A who-I-know entry. Step 1 entries are groups; step 2 ("people who matter") have `isPart2Entry`. */
export interface NetworkEntry {
  id: string;
  group: string;
  location: string;
  x: number;
  y: number;
  avatarSeed: string;
  isPart2Entry: boolean;
}

export type NetworkEntryKind = 'group' | 'person';

export function networkEntryKind(entry: Pick<NetworkEntry, 'isPart2Entry'>): NetworkEntryKind {
  return entry.isPart2Entry ? 'person' : 'group';
}

export type NetworkEntryErrors = Partial<Record<'group' | 'location', string>>;

/** Both fields are required (spec §5 "Who-I-know entry"). */
export function validateNetworkEntryInput(group: string, location: string): NetworkEntryErrors {
  const errors: NetworkEntryErrors = {};
  const groupError: FieldError = requiredText(group, limits.fieldMaxLength.entryName);
  const locationError: FieldError = requiredText(location, limits.fieldMaxLength.entryLocation);
  if (groupError !== undefined) errors.group = groupError;
  if (locationError !== undefined) errors.location = locationError;
  return errors;
}

/** At most 3 entries per step. */
export function canAddNetworkEntry(
  entries: readonly Pick<NetworkEntry, 'isPart2Entry'>[],
  isPart2Entry: boolean,
): boolean {
  const inStep = entries.filter((entry) => entry.isPart2Entry === isPart2Entry).length;
  return inStep < limits.entriesPerStep;
}

/** Spec §3 "Registration form data", without the photo files. */
export interface RegistrationForm {
  firstName: string;
  lastName: string;
  age: string;
  location: string;
  phone: string;
  /** The occupation answer without `OCCUPATION_PREFIX`. */
  occupation: string;
  whoIKnow: NetworkEntry[];
  lookingFor: string[];
  interests: string[];
}

export function toRegistrationForm(
  result: WizardResult,
  whoIKnow: readonly NetworkEntry[],
): RegistrationForm {
  return {
    firstName: result.firstName,
    lastName: result.lastName,
    age: result.age,
    location: result.location,
    phone: result.phone,
    occupation: occupationFromMe(result.me),
    whoIKnow: [...whoIKnow],
    lookingFor: [...result.lookingFor],
    interests: [...result.interests],
  };
}

/** Spec §5: the first of these that applies is shown and submission stops. */
export const REGISTRATION_REQUIRED_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  age: 'Age is required',
  location: 'Location is required',
  phone: 'Phone number is required',
  occupation: 'Occupation is required',
  photos: 'At least one photo is required',
  whoIKnow: 'Social connections are required',
} as const;

export function firstRegistrationFormError(form: RegistrationForm, photoCount: number): string | undefined {
  const messages = REGISTRATION_REQUIRED_MESSAGES;
  const isBlank = (value: string) => value.trim() === '';
  if (isBlank(form.firstName)) return messages.firstName;
  if (isBlank(form.lastName)) return messages.lastName;
  if (isBlank(form.age)) return messages.age;
  if (isBlank(form.location)) return messages.location;
  if (isBlank(form.phone)) return messages.phone;
  if (isBlank(form.occupation)) return messages.occupation;
  if (photoCount < limits.photos.min) return messages.photos;
  if (form.whoIKnow.length === 0) return messages.whoIKnow;
  return undefined;
}

export interface WebNetworkEntry {
  id: string;
  group_name: string;
  location: string;
  position: { x: number; y: number };
  /** Not in the spec's payload: keeps step 2's people distinguishable from step 1's groups. */
  kind: NetworkEntryKind;
}

/** Spec §3 "Web registration payload", plus `invite_code` so the server can re-check the invite. */
export interface WebRegistrationPayload {
  invite_code: string;
  first_name: string;
  last_name: string;
  age: number;
  location: string;
  /** E.164 when parseable, else as typed (the server then rejects it). */
  phone: string;
  occupation: string;
  /** Both steps' entries; each entry's `kind` tells them apart. */
  who_i_know_groups: WebNetworkEntry[];
  /** Always empty (spec §3). */
  who_i_know_people: never[];
  looking_for: string[];
  interests: string[];
}

/** A whole number, or NaN for anything else so that no half-typed age is silently rounded. */
export function parseAge(age: string): number {
  const trimmed = age.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export function toWebNetworkEntry(entry: NetworkEntry): WebNetworkEntry {
  return {
    id: entry.id,
    group_name: entry.group.trim(),
    location: entry.location.trim(),
    position: { x: entry.x, y: entry.y },
    kind: networkEntryKind(entry),
  };
}

export function toWebRegistrationPayload(form: RegistrationForm, inviteCode: string): WebRegistrationPayload {
  return {
    invite_code: normaliseInviteCode(inviteCode),
    first_name: form.firstName.trim(),
    last_name: form.lastName.trim(),
    age: parseAge(form.age),
    location: form.location.trim(),
    phone: normalisePhoneForSubmission(form.phone),
    occupation: form.occupation.trim(),
    who_i_know_groups: form.whoIKnow.map(toWebNetworkEntry),
    who_i_know_people: [],
    looking_for: [...form.lookingFor],
    interests: nonEmptyTrimmed(form.interests),
  };
}
