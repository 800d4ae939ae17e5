import {
  INVALID_AGE,
  INVALID_PHONE,
  LOOKING_FOR_OPTIONS,
  TOO_MANY_LOOKING_FOR,
  TOO_MANY_PHOTOS,
  isLookingForOption,
  isValidAge,
  validateLongText,
} from './fieldRules';
import { normaliseInviteCode } from './inviteCode';
import { limits } from './limits';
import { toE164 } from './phoneNumber';
import type { WebNetworkEntry, WebRegistrationPayload } from './registration';
import { REGISTRATION_MESSAGES, tooLongMessage } from './registrationMessages';
import { exceedsMaxLength, isVisiblyBlank, unusableTextMessage } from './textRules';

/** The first failing field of a registration: `field` names the payload key, `detail` is shown. */
export interface PayloadFieldError {
  field: string;
  detail: string;
}

const isBlank = isVisiblyBlank;
/** The message names the field: an API answer has no field beside it. */
const tooLong = (label: string, maxLength: number) => tooLongMessage(maxLength, label);

function firstMissingField(
  payload: WebRegistrationPayload,
  photoCount: number,
): PayloadFieldError | undefined {
  const messages = REGISTRATION_MESSAGES.required;
  const missing: [field: string, isMissing: boolean, detail: string][] = [
    ['first_name', isBlank(payload.first_name), messages.firstName],
    ['last_name', isBlank(payload.last_name), messages.lastName],
    ['age', typeof payload.age !== 'number' || Number.isNaN(payload.age), messages.age],
    ['location', isBlank(payload.location), messages.location],
    ['phone', isBlank(payload.phone), messages.phone],
    ['occupation', isBlank(payload.occupation), messages.occupation],
    ['photos', photoCount < limits.photos.min, messages.photos],
    ['who_i_know_groups', payload.who_i_know_groups.length === 0, messages.whoIKnow],
  ];
  const first = missing.find(([, isMissing]) => isMissing);
  return first && { field: first[0], detail: first[2] };
}

/** The first text field holding characters nobody types (controls, bidi overrides), with its message. */
function firstUnusableText(
  fields: readonly (readonly [field: string, label: string, value: string, multiline?: boolean])[],
): PayloadFieldError | undefined {
  for (const [field, label, value, multiline] of fields) {
    const detail = unusableTextMessage(label, value, { multiline });
    if (detail) return { field, detail };
  }
  return undefined;
}

const isCoordinate = (value: number) =>
  Number.isFinite(value) && value >= limits.entryPosition.min && value <= limits.entryPosition.max;

function firstEntryError(entries: readonly WebNetworkEntry[]): PayloadFieldError | undefined {
  const max = limits.fieldMaxLength;
  for (const [index, entry] of entries.entries()) {
    const at = (key: string) => `who_i_know_groups[${index}].${key}`;
    const textError = firstUnusableText([
      [at('id'), 'A connection id', entry.id],
      [at('group_name'), 'A connection name', entry.group_name],
      [at('location'), 'A connection location', entry.location],
    ]);
    if (textError) return textError;
    if (isBlank(entry.id) || entry.id.length > max.entryId) {
      return {
        field: at('id'),
        detail: `Each connection needs an id of 1 to ${max.entryId} characters`,
      };
    }
    if (isBlank(entry.group_name)) {
      return { field: at('group_name'), detail: 'Each connection needs a name' };
    }
    if (exceedsMaxLength(entry.group_name, max.entryName)) {
      return { field: at('group_name'), detail: tooLong('A connection name', max.entryName) };
    }
    if (isBlank(entry.location)) {
      return { field: at('location'), detail: 'Each connection needs a location' };
    }
    if (exceedsMaxLength(entry.location, max.entryLocation)) {
      return { field: at('location'), detail: tooLong('A connection location', max.entryLocation) };
    }
    if (!isCoordinate(entry.position.x) || !isCoordinate(entry.position.y)) {
      const { min, max: most } = limits.entryPosition;
      return {
        field: at('position'),
        detail: `Each connection needs a position with x and y from ${min} to ${most}`,
      };
    }
    if (entry.kind !== 'group' && entry.kind !== 'person') {
      return { field: at('kind'), detail: 'A connection must be a group or a person' };
    }
  }
  for (const kind of ['group', 'person'] as const) {
    if (entries.filter((entry) => entry.kind === kind).length > limits.entriesPerStep) {
      const plural = kind === 'group' ? 'groups' : 'people';
      return {
        field: 'who_i_know_groups',
        detail: `At most ${limits.entriesPerStep} ${plural} can be added`,
      };
    }
  }
  return undefined;
}

function firstRuleError(
  payload: WebRegistrationPayload,
  photoCount: number,
  isPhoneValid: boolean,
): PayloadFieldError | undefined {
  const max = limits.fieldMaxLength;
  const textError = firstUnusableText([
    ['first_name', 'First name', payload.first_name],
    ['last_name', 'Last name', payload.last_name],
    ['location', 'Location', payload.location],
    ['phone', 'Phone number', payload.phone],
    ['occupation', 'Occupation', payload.occupation, true],
    ...payload.interests.map(
      (interest, index) => [`interests[${index}]`, 'An interest', interest, true] as const,
    ),
  ]);
  if (textError) return textError;
  if (exceedsMaxLength(payload.first_name, max.firstName)) {
    return { field: 'first_name', detail: tooLong('First name', max.firstName) };
  }
  if (exceedsMaxLength(payload.last_name, max.lastName)) {
    return { field: 'last_name', detail: tooLong('Last name', max.lastName) };
  }
  if (!isValidAge(payload.age)) return { field: 'age', detail: INVALID_AGE };
  if (exceedsMaxLength(payload.location, max.location)) {
    return { field: 'location', detail: tooLong('Location', max.location) };
  }
  if (!isPhoneValid) return { field: 'phone', detail: INVALID_PHONE };
  if (exceedsMaxLength(payload.occupation, max.occupation)) {
    return { field: 'occupation', detail: tooLong('Occupation', max.occupation) };
  }
  const occupationError = validateLongText(payload.occupation);
  if (occupationError !== undefined) return { field: 'occupation', detail: occupationError };
  if (photoCount > limits.photos.max) return { field: 'photos', detail: TOO_MANY_PHOTOS };

  const lookingFor = payload.looking_for;
  if (lookingFor.length > limits.lookingForMax) {
    return { field: 'looking_for', detail: TOO_MANY_LOOKING_FOR };
  }
  if (!lookingFor.every(isLookingForOption)) {
    const choices = LOOKING_FOR_OPTIONS.join(', ');
    return { field: 'looking_for', detail: `Choose what you are looking for from: ${choices}` };
  }
  if (new Set(lookingFor).size !== lookingFor.length) {
    return { field: 'looking_for', detail: 'Each option can be chosen only once' };
  }

  if (payload.interests.length > limits.interestsMax) {
    return { field: 'interests', detail: `At most ${limits.interestsMax} interests are allowed` };
  }
  if (payload.interests.some(isBlank)) {
    return { field: 'interests', detail: 'Interests must not be empty' };
  }
  if (payload.interests.some((interest) => exceedsMaxLength(interest, max.joy))) {
    return { field: 'interests', detail: tooLong('Each interest', max.joy) };
  }

  const entryError = firstEntryError(payload.who_i_know_groups);
  if (entryError) return entryError;
  if (payload.who_i_know_people.length > 0) {
    return { field: 'who_i_know_people', detail: 'People are sent among who_i_know_groups' };
  }
  return undefined;
}

export type PayloadCheck =
  { payload: WebRegistrationPayload; error?: undefined } | { error: PayloadFieldError; payload?: undefined };

/** Trimmed text, the normalised invite code and, when `phoneE164` is known, the phone in E.164. */
function normalise(payload: WebRegistrationPayload, phoneE164: string | null): WebRegistrationPayload {
  return {
    invite_code: normaliseInviteCode(payload.invite_code),
    first_name: payload.first_name.trim(),
    last_name: payload.last_name.trim(),
    age: payload.age,
    location: payload.location.trim(),
    phone: phoneE164 ?? payload.phone.trim(),
    occupation: payload.occupation.trim(),
    who_i_know_groups: payload.who_i_know_groups.map((entry) => ({
      id: entry.id.trim(),
      group_name: entry.group_name.trim(),
      location: entry.location.trim(),
      position: { x: entry.position.x, y: entry.position.y },
      kind: entry.kind,
    })),
    who_i_know_people: [...payload.who_i_know_people],
    looking_for: [...payload.looking_for],
    interests: payload.interests.map((interest) => interest.trim()),
  };
}

/**
 * Every wizard rule, run by the browser before it sends a registration and by the server on what
 * it receives (the JSON structure is the route schema's job): the required fields in the order the
 * wizard asks for them, then each field's rule. Valid → the payload to store (trimmed, E.164
 * phone); invalid → the first failing field and its message. The phone number is parsed here
 * once. The invite code is not judged here: the server answers for it separately (403).
 */
export function checkWebRegistrationPayload(
  received: WebRegistrationPayload,
  photoCount: number,
): PayloadCheck {
  const phoneE164 = toE164(received.phone);
  const payload = normalise(received, phoneE164);
  const error =
    firstMissingField(payload, photoCount) ?? firstRuleError(payload, photoCount, phoneE164 !== null);
  return error ? { error } : { payload };
}
