import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorAnswers } from '../../src/domain/contracts/errors';
import { Registered } from '../../src/domain/contracts/registration';
import type { FastifyRequest } from 'fastify';
import { limits } from '../../src/domain/limits';
import { checkWebRegistrationPayload } from '../../src/domain/registrationPayloadRules';
import type { Db } from '../db/database';
import { HttpError } from '../httpError';
import { findInviteCode, inviteCodeMessages, inviteCodeState } from '../invites/inviteCodeStore';
import { processPhoto } from '../registration/photoProcessing';
import { readRegistrationRequest } from '../registration/registrationRequest';
import { registerUser } from '../registration/registrationStore';
import { tooManyAttempts, type AttemptLimits } from '../rateLimits/attemptLimits';
import type { PhotoQueue } from '../registration/photoQueue';
import { linkingChatUrl } from '../registration/whatsAppLink';

export interface RegistrationRouteOptions {
  db: Db;
  assistantWhatsAppNumber: string;
  attempts: Pick<AttemptLimits, 'refusedRegistrations' | 'acceptedRegistrations' | 'phoneConflictsPerCode'>;
  /** Shared by every registration in flight: turns to process photos and the cap on bytes held. */
  photoQueue: PhotoQueue;
}

const registrationMultipartLimits = {
  fileSize: limits.photos.maxBytes,
  // One more than we accept, so that a fourth photo is answered with a clear message.
  files: limits.photos.max + 1,
  fields: limits.multipart.maxFields,
  fieldSize: limits.multipart.maxFormDataBytes,
  parts: limits.multipart.maxFields + limits.photos.max + 1,
  headerPairs: 200,
};

export const PHONE_TAKEN = 'This phone number is already registered. Sign in instead, or use another number.';

/** Throws 403 unless the code admits one more registration right now (registerUser re-checks it). */
async function checkInvite(db: Db, code: string): Promise<void> {
  const state = inviteCodeState(await findInviteCode(db, code));
  if (state !== 'valid') throw new HttpError(403, inviteCodeMessages[state]);
}

/** The answers that count against a client's refused registrations. */
const REFUSALS = new Set([403, 409, 422]);

/**
 * Every refusal is an HttpError thrown here, with the status this route decides (the stores answer
 * with outcomes); the app's error handler answers it.
 */
export const registrationRoutes: FastifyPluginAsyncTypebox<RegistrationRouteOptions> = async (
  app,
  { db, assistantWhatsAppNumber, attempts, photoQueue },
) => {
  // Registered here, not on the app: multipart adds two hooks to every route in its scope, and only
  // this one reads multipart bodies.
  await app.register(multipart, { limits: registrationMultipartLimits });

  /**
   * A person must learn that their number is already a member (409), but one code must not become
   * an oracle of anyone's membership: past a few such answers per code a day, 429 instead, the
   * code untouched (the registration's transaction gave its use back) and the client charged.
   */
  const refuseRepeatedConflicts = async (request: FastifyRequest, inviteCode: string) => {
    const conflicts = await attempts.phoneConflictsPerCode.count(inviteCode);
    if (conflicts.count > attempts.phoneConflictsPerCode.max) {
      await attempts.refusedRegistrations.countClient(request);
      throw tooManyAttempts(conflicts.resetInMs);
    }
  };
  app.post(
    '/api/auth/register',
    {
      schema: {
        summary: 'Register with an invite code',
        operationId: 'registerMember',
        description:
          'multipart/form-data: a `form_data` part (JSON text of the registration, with its invite code) ' +
          'first, then 1 to 3 `photos` parts. The invite is checked before any photo is read (403); the ' +
          'payload is judged by the same rules as the wizard (422, the first failing field); a phone ' +
          'that is already a member is 409.',
        tags: ['registration'],
        consumes: ['multipart/form-data'],
        response: { 201: Registered, ...errorAnswers(400, 403, 408, 409, 413, 415, 422, 429, 503) },
      },
      config: { attemptLimited: true },
      // Before the body is read: a client over either limit sends its photos for nothing.
      preHandler: async (request) => {
        await attempts.refusedRegistrations.checkClient(request);
        await attempts.acceptedRegistrations.checkClient(request);
      },
      onResponse: async (request, reply) => {
        if (reply.statusCode === 201) await attempts.acceptedRegistrations.countClient(request);
        else if (REFUSALS.has(reply.statusCode)) await attempts.refusedRegistrations.countClient(request);
      },
    },
    async (request, reply) => {
      const ticket = photoQueue.enter();
      try {
        // The invite is checked as soon as its part arrives, before any photo is read.
        const { photos, ...read } = await readRegistrationRequest(request, {
          checkInvite: (code) => checkInvite(db, code),
          ticket,
        });
        const checked = checkWebRegistrationPayload(read.payload, photos.length);
        if (checked.error) throw new HttpError(422, checked.error.detail);
        const { payload } = checked;

        const processed = [];
        for (const photo of photos) processed.push(await processPhoto(photo));
        app.metrics.photosProcessed.inc(processed.length);

        const outcome = await registerUser(db, payload, processed);
        if (outcome.refused === 'invite') throw new HttpError(403, inviteCodeMessages[outcome.inviteState]);
        if (outcome.refused === 'phone_taken') {
          await refuseRepeatedConflicts(request, payload.invite_code);
          throw new HttpError(409, PHONE_TAKEN);
        }
        const registration = outcome.registered;
        return reply.code(201).send({
          success: true,
          message: `Welcome to Becca, ${payload.first_name}! Your registration is complete.`,
          access_token: registration.accessToken,
          user_id: registration.userId,
          whatsapp_url: linkingChatUrl(assistantWhatsAppNumber, registration.linkingCode),
        });
      } finally {
        ticket.release();
      }
    },
  );
};
