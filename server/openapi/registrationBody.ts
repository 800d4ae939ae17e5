import { Type } from '@sinclair/typebox';
import { limits } from '../../src/domain/limits';

/**
 * `POST /api/auth/register` reads its multipart body part by part (server/registration), so the
 * route declares no body schema for Fastify to check. The document still has to say what to send:
 * this is that description, used for the document only.
 */

const max = limits.fieldMaxLength;
const text = (maxLength: number, description?: string) =>
  Type.String({ maxLength, ...(description ? { description } : {}) });

/** The `form_data` part as the wizard sends it; the server's rules give each field's message. */
const FormData = Type.Object(
  {
    invite_code: text(limits.inviteCode.maxLength, 'Checked as soon as this part arrives.'),
    first_name: text(max.firstName),
    last_name: text(max.lastName),
    age: Type.Integer({ minimum: limits.age.min, maximum: limits.age.max }),
    location: text(max.location),
    phone: text(limits.phoneInputMaxLength, 'A mobile number; E.164 (+447…) is safest.'),
    occupation: Type.String({ minLength: limits.longTextMinLength, maxLength: max.occupation }),
    who_i_know_groups: Type.Array(
      Type.Object({
        id: text(max.entryId, 'Made by the client; unique within the registration.'),
        group_name: text(max.entryName),
        location: text(max.entryLocation),
        position: Type.Object(
          { x: Type.Number(), y: Type.Number() },
          { description: 'Where the entry sits on its card, in percent.' },
        ),
        kind: Type.Union([Type.Literal('group'), Type.Literal('person')]),
      }),
      { minItems: 1, maxItems: limits.entriesPerStep * 2 },
    ),
    who_i_know_people: Type.Array(Type.Never(), { maxItems: 0, description: 'Always empty.' }),
    looking_for: Type.Array(Type.String(), { maxItems: limits.lookingForMax }),
    interests: Type.Array(Type.String({ maxLength: max.joy }), { maxItems: limits.interestsMax }),
  },
  {
    description:
      'JSON text of the registration. Send it before the photos: a photo ahead of a good code is refused.',
  },
);

export const EXAMPLE_REGISTRATION = {
  invite_code: 'K7MQ2XPA4R',
  first_name: 'Ada',
  last_name: 'Lovelace',
  age: 36,
  location: 'London',
  phone: '+447912345678',
  occupation: 'I write programs for an engine that does not exist yet.',
  who_i_know_groups: [
    {
      id: 'entry-1',
      group_name: 'Chess Club',
      location: 'Camden',
      position: { x: 40, y: 55 },
      kind: 'group',
    },
  ],
  who_i_know_people: [],
  looking_for: ['Friendship'],
  interests: ['Long walks along the canal and talking about numbers.'],
};

/** The request body of the registration as an OpenAPI 3.1 Request Body Object. */
export function registrationRequestBody() {
  return {
    required: true,
    description:
      'The registration as `multipart/form-data`: one `form_data` part (JSON) first, then ' +
      `${limits.photos.min} to ${limits.photos.max} \`photos\` parts (${limits.photos.acceptedFormatNames}, ` +
      `at most ${limits.photos.maxBytes / (1024 * 1024)} MB each).`,
    content: {
      'multipart/form-data': {
        schema: Type.Object({
          form_data: FormData,
          photos: Type.Array(Type.String({ contentMediaType: 'application/octet-stream' }), {
            minItems: limits.photos.min,
            maxItems: limits.photos.max,
            description: 'One file part per photo, each named `photos`; recognised from its bytes.',
          }),
        }),
        encoding: {
          form_data: { contentType: 'application/json' },
          photos: { contentType: limits.photos.acceptedTypes.join(', ') },
        },
        example: { form_data: EXAMPLE_REGISTRATION, photos: ['(JPEG bytes)'] },
      },
    },
  };
}
