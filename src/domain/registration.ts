import type { WebNetworkEntry, WebRegistrationPayload } from './contracts/registration';
import { parseTypedAge, requiredText, type FieldError, type OnboardingDraft } from './fieldRules';
import {
  REGISTRATION_FIELD_NAMES,
  WIRE_FIELD_NAMES,
  registrationField,
  wireNameOf,
  type RegistrationFieldValues,
} from './registrationFields';
import { limits } from './limits';

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

export type NetworkEntryKind = WebNetworkEntry['kind'];

export function networkEntryKind(entry: Pick<NetworkEntry, 'isPart2Entry'>): NetworkEntryKind {
  return entry.isPart2Entry ? 'person' : 'group';
}

export type NetworkEntryErrors = Partial<Record<'group' | 'location', string>>;

/** Both fields are required. */
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

export function toWebNetworkEntry(entry: NetworkEntry): WebNetworkEntry {
  return {
    id: entry.id,
    group_name: entry.group,
    location: entry.location,
    position: { x: entry.x, y: entry.y },
    kind: networkEntryKind(entry),
  };
}

/**
 * The one conversion from what the person typed (the wizard's draft and the who-I-know entries) to
 * what the server receives. Text is sent as typed: `checkWebRegistrationPayload` trims it and reads
 * the phone number, on each side, once.
 */
export function toWebRegistrationPayload(
  draft: OnboardingDraft,
  entries: readonly NetworkEntry[],
  inviteCode: string,
): WebRegistrationPayload {
  const fields: Record<string, string | number> = {};
  for (const name of WIRE_FIELD_NAMES) {
    const typed = draft[name];
    fields[wireNameOf(name)] = registrationField(name).kind === 'age' ? parseTypedAge(typed) : typed;
  }
  return {
    invite_code: inviteCode,
    ...(fields as RegistrationFieldValues),
    who_i_know_groups: entries.map(toWebNetworkEntry),
    who_i_know_people: [],
    looking_for: [...draft.lookingFor],
    // The interest answers are the only interests; an unanswered one is left out, not sent empty.
    interests: REGISTRATION_FIELD_NAMES.filter((name) => registrationField(name).kind === 'interest')
      .map((name) => draft[name].trim())
      .filter((answer) => answer !== ''),
  };
}
