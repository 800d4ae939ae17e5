import { Type } from '@sinclair/typebox';
import { RegistrationFormData } from '../../src/domain/contracts/registration';
import { limits } from '../../src/domain/limits';

/**
 * `POST /api/auth/register` reads its multipart body part by part (server/registration), so the
 * route declares no body schema for Fastify to check. The document still has to say what to send:
 * this is that description, used for the document only.
 */

/** The wizard's own registration, as the `form_data` part's example. */
export const EXAMPLE_REGISTRATION = RegistrationFormData.examples[0] as RegistrationFormData;

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
          form_data: RegistrationFormData,
          photos: Type.Array(
            Type.String({ contentMediaType: 'application/octet-stream', maxLength: limits.photos.maxBytes }),
            {
              minItems: limits.photos.min,
              maxItems: limits.photos.max,
              description: 'One file part per photo, each named `photos`; recognised from its bytes.',
            },
          ),
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
