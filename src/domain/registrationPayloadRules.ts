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
import type { WebNetworkEntry, WebRegistrationPayload } from './contracts/registration';
import {
  WIRE_FIELD_NAMES,
  registrationField,
  wireNameOf,
  type RegistrationFieldValues,
  type WireFieldName,
} from './registrationFields';
import { REGISTRATION_MESSAGES, requiredMessage, tooLongMessage } from './registrationMessages';
import { exceedsMaxLength, isVisiblyBlank, unusableTextMessage } from './textRules';

/** The first failing field of a registration: `field` names the payload key, `detail` is shown. */
export interface PayloadFieldError {
  field: string;
  detail: string;
}

const isBlank = isVisiblyBlank;
/** The message names the field: an API answer has no field beside it. */
const tooLong = (label: string, maxLength: number) => tooLongMessage(maxLength, label);

const declaredWireFields = WIRE_FIELD_NAMES.map((name) => ({ ...registrationField(name), name }));

/** The payload's value of a declared field (by its wire name). */
const wireValue = (payload: WebRegistrationPayload, name: WireFieldName): string | number =>
  (payload as unknown as Record<string, string | number>)[wireNameOf(name)]!;

function isMissing(value: string | number): boolean {
  return typeof value === 'number' ? Number.isNaN(value) : isBlank(value);
}

function firstMissingField(
  payload: WebRegistrationPayload,
  photoCount: number,
): PayloadFieldError | undefined {
  for (const field of declaredWireFields) {
    if (field.required && isMissing(wireValue(payload, field.name))) {
      return { field: wireNameOf(field.name), detail: requiredMessage(field.label) };
    }
  }
  const messages = REGISTRATION_MESSAGES.required;
  if (photoCount < limits.photos.min) return { field: 'photos', detail: messages.photos };
  if (payload.who_i_know_groups.length === 0)
    return { field: 'who_i_know_groups', detail: messages.whoIKnow };
  return undefined;
}

/** A declared field's own rule on its (trimmed) value; a blank optional field passes. */
function declaredFieldError(
  field: (typeof declaredWireFields)[number],
  value: string | number,
  isPhoneValid: boolean,
): string | undefined {
  if (typeof value === 'number') return isValidAge(value) ? undefined : INVALID_AGE;
  if (!field.required && isBlank(value)) return undefined;
  switch (field.kind) {
    case 'phone':
      return isPhoneValid ? undefined : INVALID_PHONE;
    case 'age':
      return INVALID_AGE;
    case 'text':
      return exceedsMaxLength(value, field.maxLength) ? tooLong(field.label, field.maxLength) : undefined;
    case 'longText':
    case 'interest':
      if (exceedsMaxLength(value, field.maxLength)) return tooLong(field.label, field.maxLength);
      return validateLongText(value);
  }
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
  const textError = firstUnusableText([
    ...declaredWireFields.flatMap(({ name, label, kind }) => {
      const value = wireValue(payload, name);
      return typeof value === 'string'
        ? [[wireNameOf(name), label, value, kind === 'longText'] as const]
        : [];
    }),
    ...payload.interests.map(
      (interest, index) => [`interests[${index}]`, 'An interest', interest, true] as const,
    ),
  ]);
  if (textError) return textError;
  for (const field of declaredWireFields) {
    const detail = declaredFieldError(field, wireValue(payload, field.name), isPhoneValid);
    if (detail !== undefined) return { field: wireNameOf(field.name), detail };
  }
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
  if (payload.interests.some((interest) => exceedsMaxLength(interest, limits.fieldMaxLength.joy))) {
    return { field: 'interests', detail: tooLong('Each interest', limits.fieldMaxLength.joy) };
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
  const fields: Record<string, string | number> = {};
  for (const { name, kind } of declaredWireFields) {
    const value = wireValue(payload, name);
    fields[wireNameOf(name)] =
      typeof value === 'number' ? value : kind === 'phone' ? (phoneE164 ?? value.trim()) : value.trim();
  }
  return {
    ...payload,
    ...(fields as RegistrationFieldValues),
    invite_code: normaliseInviteCode(payload.invite_code),
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
