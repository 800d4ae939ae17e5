import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  WIRE_FIELD_NAMES,
  registrationField,
  wireNameOf,
  type RegistrationFieldDeclaration,
  type WireFieldName,
  type WireNameOf,
  type WireValueOf,
} from '../registrationFields';
import { limits } from '../limits';
import { exampleEntry, exampleMember } from './examples';

/**
 * `POST /api/auth/register`: what the browser sends as the `form_data` part (beside its `photos`
 * parts) and what the server answers. The rules the payload must pass, with their messages, are
 * `checkWebRegistrationPayload` (src/domain/registrationPayloadRules.ts) and the message table
 * (src/domain/registrationMessages.ts); the schemas here say only the shape.
 */

const max = limits.fieldMaxLength;
const EXAMPLE_INVITE_CODE = 'K7MQ2XPA4R';

const entryKind = (options: { default?: 'group' } = {}) =>
  Type.Union([Type.Literal('group'), Type.Literal('person')], {
    description: 'Step 1 of "who I know" adds groups, step 2 people.',
    ...options,
  });

export const WhoIKnowEntryPayload = Type.Object(
  {
    id: Type.String({ description: 'Made by the browser; unique within the registration.' }),
    group_name: Type.String(),
    location: Type.String(),
    position: Type.Object(
      { x: Type.Number(), y: Type.Number() },
      { description: 'Where the person placed the entry on their card, in percent.' },
    ),
    /** Beyond the original web payload's entry: keeps step 2's people distinguishable from step 1's groups. */
    kind: entryKind(),
  },
  { description: 'One entry of "who I know".' },
);
export type WebNetworkEntry = Static<typeof WhoIKnowEntryPayload>;

const { user_id: _id, ...exampleFields } = exampleMember;
const examplePayload = {
  invite_code: EXAMPLE_INVITE_CODE,
  ...exampleFields,
  who_i_know_groups: [
    {
      id: 'entry-1',
      group_name: exampleEntry.name,
      location: exampleEntry.location,
      position: exampleEntry.position,
      kind: exampleEntry.kind,
    },
  ],
  who_i_know_people: [],
};

interface FieldSchemas<Text extends TSchema, Age extends TSchema> {
  text: (field: RegistrationFieldDeclaration) => Text;
  age: (field: RegistrationFieldDeclaration) => Age;
}

type SchemaOf<K extends WireFieldName, Text, Age> = WireValueOf<K> extends number ? Age : Text;

function fieldSchema<Text extends TSchema, Age extends TSchema>(
  name: WireFieldName,
  schemaOf: FieldSchemas<Text, Age>,
): Text | Age {
  const field = registrationField(name);
  return field.kind === 'age' ? schemaOf.age(field) : schemaOf.text(field);
}

/**
 * The declared fields' schemas (src/domain/registrationFields.ts) by wire name: `text` for a text
 * field, `age` for the age. Every property that names a registration field on the wire comes from here.
 */
export function registrationFieldProperties<
  Text extends TSchema,
  Age extends TSchema,
  K extends WireFieldName,
>(
  names: readonly K[],
  schemaOf: FieldSchemas<Text, Age>,
): { [N in K as WireNameOf<N>]: SchemaOf<N, Text, Age> } {
  return Object.fromEntries(names.map((name) => [wireNameOf(name), fieldSchema(name, schemaOf)])) as {
    [N in K as WireNameOf<N>]: SchemaOf<N, Text, Age>;
  };
}

/** The payload once its shape is known: what the rules check and the store writes. */
export const RegistrationPayload = Type.Object(
  {
    invite_code: Type.String(),
    ...registrationFieldProperties(WIRE_FIELD_NAMES, {
      text: (field) =>
        Type.String(
          field.kind === 'phone'
            ? { description: 'E.164 when parseable, else as typed (then refused).' }
            : {},
        ),
      age: () => Type.Number(),
    }),
    who_i_know_groups: Type.Array(WhoIKnowEntryPayload, {
      description: "Both steps' entries; each entry's `kind` tells them apart.",
    }),
    who_i_know_people: Type.Array(Type.Never(), { maxItems: 0, description: 'Always empty.' }),
    looking_for: Type.Array(Type.String()),
    interests: Type.Array(Type.String(), { description: 'Joy and exciting, when answered.' }),
  },
  { description: 'A registration as the browser builds it.', examples: [examplePayload] },
);
export type WebRegistrationPayload = Static<typeof RegistrationPayload>;

/** Text up to `maxLength`, and empty when left out (`Value.Default`). */
const text = (maxLength: number) => Type.String({ maxLength, default: '' });

/**
 * The `form_data` JSON as the server accepts it. Every field is optional here so that a missing one
 * is reported with the wizard's own message ("First name is required") by the shared rules, not by a
 * schema error; the lengths are generous for the same reason (the rules give the exact limit). Each
 * has a `default`: `Value.Default` fills in what was left out, for the rules to judge.
 */
export const RegistrationFormData = Type.Object(
  {
    invite_code: Type.Optional(text(limits.inviteCode.maxLength * 2)),
    ...registrationFieldProperties(WIRE_FIELD_NAMES, {
      // A phone is judged as typed, before any trimming: the input's own limit.
      text: (field) => Type.Optional(text(field.kind === 'phone' ? field.maxLength : field.maxLength * 2)),
      age: () =>
        Type.Optional(
          Type.Union(
            [Type.Number(), Type.String({ maxLength: limits.apiText.ageTextMaxLength }), Type.Null()],
            { default: '' },
          ),
        ),
    }),
    who_i_know_groups: Type.Optional(
      Type.Array(
        Type.Object({
          id: Type.Union([Type.String({ maxLength: max.entryId * 2 }), Type.Number()]),
          group_name: text(max.entryName * 2),
          location: text(max.entryLocation * 2),
          position: Type.Optional(
            Type.Object({ x: Type.Number(), y: Type.Number() }, { default: { x: 0, y: 0 } }),
          ),
          kind: Type.Optional(entryKind({ default: 'group' })),
        }),
        { maxItems: limits.entriesPerStep * 2 + 4, default: [] },
      ),
    ),
    who_i_know_people: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 0, default: [] })),
    looking_for: Type.Optional(
      Type.Array(text(limits.apiText.lookingForOptionMaxLength), {
        maxItems: limits.apiText.choicesMax,
        default: [],
      }),
    ),
    interests: Type.Optional(
      Type.Array(text(max.joy * 2), { maxItems: limits.apiText.choicesMax, default: [] }),
    ),
  },
  {
    description: 'The `form_data` part: JSON text of the registration, sent before the photos.',
    examples: [examplePayload],
  },
);
export type RegistrationFormData = Static<typeof RegistrationFormData>;

/**
 * One who-I-know entry of the older multipart form (its `whoIKnow` field is JSON text listing
 * them): the browser's own shape (group, x, y) or the payload's (group_name, position).
 */
export const LegacyWhoIKnowEntry = Type.Object({
  id: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  group: Type.Optional(Type.String()),
  group_name: Type.Optional(Type.String()),
  location: Type.Optional(Type.String()),
  x: Type.Optional(Type.Number()),
  y: Type.Optional(Type.Number()),
  position: Type.Optional(Type.Object({ x: Type.Optional(Type.Number()), y: Type.Optional(Type.Number()) })),
  avatarSeed: Type.Optional(Type.String()),
  isPart2Entry: Type.Optional(Type.Boolean()),
  kind: Type.Optional(entryKind()),
});
export type LegacyWhoIKnowEntry = Static<typeof LegacyWhoIKnowEntry>;

export const Registered = Type.Object(
  {
    success: Type.Literal(true),
    message: Type.String(),
    access_token: Type.String({ description: "The member's key for /api/me: `Authorization: Bearer …`." }),
    user_id: Type.String(),
    whatsapp_url: Type.String({ description: 'Opens the chat with Becca, carrying the linking code.' }),
  },
  {
    description: 'The new member: their access key and the link that starts their WhatsApp chat.',
    examples: [
      {
        success: true,
        message: 'Welcome to Becca, Ada! Your registration is complete.',
        access_token: 'mF3x9kQ2Vt7bLw8pZr1yHc5nDs0aJe4uGi6oXq2TkBw',
        user_id: '3f1c2a9e-8b7d-4e6f-9a0b-1c2d3e4f5a6b',
        whatsapp_url:
          'https://wa.me/447912345678?text=Hi%20Becca!%20I%27ve%20just%20registered.%20My%20code%20is%20HQ7KM2XP',
      },
    ],
  },
);
export type Registered = Static<typeof Registered>;
