import { limits } from './limits';

/**
 * The registration's typed fields, each declared once. Everything that handles one field by name is
 * derived from this table: the wizard's draft and its checks (fieldRules.ts), the stored draft of
 * /join, the payload and its conversion (registration.ts), the payload's checks
 * (registrationPayloadRules.ts), the contracts (contracts/registration.ts, contracts/member.ts,
 * contracts/adminMembers.ts), the server's form-data reader, its insert and its member views.
 *
 * The key is the draft's name and the `users` column's property in the Drizzle schema; `wire` is the
 * name in the registration's JSON and in the member's own API. A field without `wire` (the two
 * interest answers) is gathered into the payload's `interests` list instead.
 *
 * Adding an optional text field (say pronouns): one line here, a column in server/db/schema.ts with
 * its migration, and the places that show it (a wizard step, the console's member page).
 */
export type RegistrationFieldKind =
  /** One line of text. */
  | 'text'
  /** Line feeds allowed; at least `limits.longTextMinLength` characters when given. */
  | 'longText'
  /** A whole number of years, typed as text, sent as a number. */
  | 'age'
  /** Parsed to E.164 on each side. */
  | 'phone'
  /** A long answer sent among the payload's `interests` (no wire name of its own). */
  | 'interest';

/** Wizard steps 1 to 8; WIZARD_STEP_ORDER (fieldRules.ts) says which are shown. */
export type WizardStepId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export interface RegistrationFieldDeclaration {
  /** The name in the registration's JSON and in the member's own API (snake_case). */
  wire?: string;
  /** Names the field in a message with nothing beside it ("First name is required"). */
  label: string;
  kind: RegistrationFieldKind;
  /**
   * A required field left blank is refused: beside it in the wizard ("Required"), and by the
   * registration's checks as `${label} is required`. An interest answer is required by its wizard
   * step only (an unanswered one is left out of `interests`).
   */
  required: boolean;
  /** Characters the input takes and, trimmed, the most the rules accept (a phone: as typed). */
  maxLength: number;
  /** The wizard step that asks for it. */
  step: WizardStepId;
  /** False: never among the profile fields the assistant reads (the member's own profile adds it). */
  profile?: false;
}

/** As typed, an age has at most three digits ("0018" is not an age someone types). */
export const AGE_MAX_DIGITS = 3;

/**
 * In the order the wizard asks for them: a registration missing several fields is answered with the
 * first one's message.
 */
export const REGISTRATION_FIELDS = {
  firstName: {
    wire: 'first_name',
    label: 'First name',
    kind: 'text',
    required: true,
    maxLength: limits.fieldMaxLength.firstName,
    step: 1,
  },
  lastName: {
    wire: 'last_name',
    label: 'Last name',
    kind: 'text',
    required: true,
    maxLength: limits.fieldMaxLength.lastName,
    step: 1,
  },
  age: { wire: 'age', label: 'Age', kind: 'age', required: true, maxLength: AGE_MAX_DIGITS, step: 2 },
  location: {
    wire: 'location',
    label: 'Location',
    kind: 'text',
    required: true,
    maxLength: limits.fieldMaxLength.location,
    step: 8,
  },
  phone: {
    wire: 'phone',
    label: 'Phone number',
    kind: 'phone',
    required: true,
    maxLength: limits.phoneInputMaxLength,
    step: 8,
    profile: false,
  },
  occupation: {
    wire: 'occupation',
    label: 'Occupation',
    kind: 'longText',
    required: true,
    maxLength: limits.fieldMaxLength.occupation,
    step: 7,
  },
  joy: {
    label: 'An interest',
    kind: 'interest',
    required: true,
    maxLength: limits.fieldMaxLength.joy,
    step: 5,
  },
  exciting: {
    label: 'An interest',
    kind: 'interest',
    required: true,
    maxLength: limits.fieldMaxLength.exciting,
    step: 6,
  },
} as const satisfies Record<string, RegistrationFieldDeclaration>;

type Fields = typeof REGISTRATION_FIELDS;

/** A field the person types into, by its draft name. */
export type RegistrationFieldName = keyof Fields;

/** The fields sent under a name of their own (all but the interest answers). */
export type WireFieldName = {
  [K in RegistrationFieldName]: Fields[K] extends { wire: string } ? K : never;
}[RegistrationFieldName];

/** The fields of the profile the member and the assistant read alike (all wire fields but the phone). */
export type ProfileFieldName = {
  [K in WireFieldName]: Fields[K] extends { profile: false } ? never : K;
}[WireFieldName];

export type WireNameOf<K extends WireFieldName> = Fields[K]['wire'];

/** The value a field has once sent: a number for the age, text for the rest. */
export type WireValueOf<K extends WireFieldName> = Fields[K]['kind'] extends 'age' ? number : string;

/** The declared fields' values in the registration's JSON, by wire name. */
export type RegistrationFieldValues = { [K in WireFieldName as WireNameOf<K>]: WireValueOf<K> };

/** The declared fields' values as stored in `users`, by column (= draft) name. */
export type RegistrationColumnValues = { [K in WireFieldName]: WireValueOf<K> };

const declared = REGISTRATION_FIELDS as Record<RegistrationFieldName, RegistrationFieldDeclaration>;

/** Every field, in the declaration's order. */
export const REGISTRATION_FIELD_NAMES = Object.keys(REGISTRATION_FIELDS) as RegistrationFieldName[];

export const WIRE_FIELD_NAMES = REGISTRATION_FIELD_NAMES.filter(
  (name): name is WireFieldName => declared[name].wire !== undefined,
);

export const PROFILE_FIELD_NAMES = WIRE_FIELD_NAMES.filter(
  (name): name is ProfileFieldName => declared[name].profile !== false,
);

export function registrationField(name: RegistrationFieldName): RegistrationFieldDeclaration {
  return declared[name];
}

export function wireNameOf<K extends WireFieldName>(name: K): WireNameOf<K> {
  return declared[name].wire as WireNameOf<K>;
}

/** The wire fields of a payload, by column name: what the server inserts into `users`. */
export function columnValuesOf(payload: RegistrationFieldValues): RegistrationColumnValues {
  const wire = payload as unknown as Record<string, string | number>;
  return Object.fromEntries(
    WIRE_FIELD_NAMES.map((name) => [name, wire[wireNameOf(name)]]),
  ) as unknown as RegistrationColumnValues;
}

/** Only the declared fields of a registration's values (by wire name), e.g. of an example member. */
export function registrationFieldValuesOf(values: RegistrationFieldValues): RegistrationFieldValues {
  const wire = values as unknown as Record<string, string | number>;
  return Object.fromEntries(
    WIRE_FIELD_NAMES.map((name) => [wireNameOf(name), wire[wireNameOf(name)]]),
  ) as unknown as RegistrationFieldValues;
}

/** Stored values (by column name, e.g. a `users` row) under their wire names, for `names` only. */
export function wireValuesOf<K extends WireFieldName>(
  row: Pick<RegistrationColumnValues, K>,
  names: readonly K[],
): { [N in K as WireNameOf<N>]: WireValueOf<N> } {
  const stored = row as Record<string, string | number>;
  return Object.fromEntries(names.map((name) => [wireNameOf(name), stored[name]])) as {
    [N in K as WireNameOf<N>]: WireValueOf<N>;
  };
}

/** The declared fields of a row (by column name), nothing else. */
export function columnValuesFrom(row: RegistrationColumnValues): RegistrationColumnValues {
  const stored = row as unknown as Record<string, string | number>;
  return Object.fromEntries(
    WIRE_FIELD_NAMES.map((name) => [name, stored[name]]),
  ) as unknown as RegistrationColumnValues;
}
