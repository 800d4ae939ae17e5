import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { limits } from '../../src/domain/limits';
import {
  normaliseWebRegistrationPayload,
  validateWebRegistrationPayload,
} from '../../src/domain/registrationPayloadRules';
import type { Db } from '../db/database';
import { findInviteCode, inviteCodeMessages, inviteCodeState } from '../invites/inviteCodeStore';
import { processPhoto, PhotoRejectedError } from '../registration/photoProcessing';
import { readRegistrationRequest, RegistrationRequestError } from '../registration/registrationRequest';
import {
  InviteRejectedError,
  PhoneAlreadyRegisteredError,
  registerUser,
} from '../registration/registrationStore';
import { whatsAppUrl } from '../registration/whatsAppLink';
import { ErrorDetail } from './schemas';

export interface RegistrationRouteOptions {
  db: Db;
  assistantWhatsAppNumber: string;
  rateLimitPerMinute: number;
}

const INVITE_MISSING = 'An invite code is required to register.';
const PHONE_TAKEN = 'This phone number is already registered. Sign in instead, or use another number.';

const Registered = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  access_token: Type.String(),
  user_id: Type.String(),
  whatsapp_url: Type.String(),
});

export const registrationRoutes: FastifyPluginAsyncTypebox<RegistrationRouteOptions> = async (
  app,
  { db, assistantWhatsAppNumber, rateLimitPerMinute },
) => {
  app.post(
    '/api/auth/register',
    {
      schema: {
        consumes: ['multipart/form-data'],
        response: {
          201: Registered,
          400: ErrorDetail,
          403: ErrorDetail,
          409: ErrorDetail,
          413: ErrorDetail,
          415: ErrorDetail,
          422: ErrorDetail,
          429: ErrorDetail,
        },
      },
      config: { rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      try {
        const { payload: received, photos } = await readRegistrationRequest(request);
        const payload = normaliseWebRegistrationPayload(received);

        // The invite first: without one, nobody gets to probe the rest of the rules.
        if (!payload.invite_code) return reply.code(403).send({ detail: INVITE_MISSING });
        const inviteState = inviteCodeState(await findInviteCode(db, payload.invite_code));
        if (inviteState !== 'valid') return reply.code(403).send({ detail: inviteCodeMessages[inviteState] });

        const fieldError = validateWebRegistrationPayload(payload, photos.length);
        if (fieldError) return reply.code(422).send({ detail: fieldError.detail });

        const processed = [];
        for (const photo of photos) processed.push(await processPhoto(photo));
        app.metrics.photosProcessed.inc(processed.length);

        const registration = await registerUser(db, payload, processed);
        return reply.code(201).send({
          success: true,
          message: `Welcome to Becca, ${payload.first_name}! Your registration is complete.`,
          access_token: registration.accessToken,
          user_id: registration.userId,
          whatsapp_url: whatsAppUrl(assistantWhatsAppNumber, registration.linkingCode),
        });
      } catch (error) {
        if (error instanceof RegistrationRequestError || error instanceof PhotoRejectedError) {
          return reply.code(error.statusCode as 400 | 413 | 415 | 422).send({ detail: error.message });
        }
        if (error instanceof InviteRejectedError) {
          return reply.code(403).send({ detail: inviteCodeMessages[error.state] });
        }
        if (error instanceof PhoneAlreadyRegisteredError)
          return reply.code(409).send({ detail: PHONE_TAKEN });
        throw error;
      }
    },
  );
};

export const registrationMultipartLimits = {
  fileSize: limits.photos.maxBytes,
  // One more than we accept, so that a fourth photo is answered with a clear message.
  files: limits.photos.max + 1,
  fields: limits.multipart.maxFields,
  fieldSize: limits.multipart.maxFormDataBytes,
  parts: limits.multipart.maxFields + limits.photos.max + 1,
  headerPairs: 200,
};
