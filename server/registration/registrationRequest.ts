import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { RegistrationFormData, type WebRegistrationPayload } from '../../src/domain/contracts/registration';
import { TOO_MANY_PHOTOS, parseAge } from '../../src/domain/fieldRules';
import { legacyFormToWebPayload } from '../../src/domain/legacyRegistrationForm';
import { normaliseInviteCode } from '../../src/domain/inviteCode';
import { limits } from '../../src/domain/limits';
import { HttpError } from '../httpError';
import type { PhotoQueueTicket } from './photoQueue';

/** A request the route answers with `status` and `detail` without going further. */
export class RegistrationRequestError extends HttpError {}

/** The contract's `form_data` shape (lenient: the shared rules judge the values, with their messages). */
const formDataShape = TypeCompiler.Compile(RegistrationFormData);

function describeShapeError(value: unknown): string {
  const first = formDataShape.Errors(value).First();
  if (!first) return 'form_data is not a registration';
  const where = first.path.replace(/^\//, '').replaceAll('/', '.') || 'form_data';
  return `form_data.${where}: ${first.message}`;
}

function fromFormData(raw: string): WebRegistrationPayload {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new RegistrationRequestError(400, 'form_data must be JSON text describing the registration.');
  }
  if (!formDataShape.Check(json)) throw new RegistrationRequestError(422, describeShapeError(json));
  const data: RegistrationFormData = json;
  return {
    invite_code: data.invite_code ?? '',
    first_name: data.first_name ?? '',
    last_name: data.last_name ?? '',
    // A number that is not a whole age (18.5) is invalid, not missing: the shared rules say which.
    age: typeof data.age === 'number' ? data.age : parseAge(data.age ?? ''),
    location: data.location ?? '',
    phone: data.phone ?? '',
    occupation: data.occupation ?? '',
    who_i_know_groups: (data.who_i_know_groups ?? []).map((entry) => ({
      id: String(entry.id),
      group_name: entry.group_name,
      location: entry.location,
      position: entry.position ?? { x: 0, y: 0 },
      kind: entry.kind ?? 'group',
    })),
    who_i_know_people: [],
    looking_for: data.looking_for ?? [],
    interests: data.interests ?? [],
  };
}

export interface RegistrationRequest {
  payload: WebRegistrationPayload;
  photos: Buffer[];
}

export interface RegistrationReading {
  /** Throws (403) unless the code admits a registration; awaited before any photo byte is read. */
  checkInvite(code: string): Promise<void>;
  /**
   * This request's place in the photo queue: every byte read is counted against the shared cap, and
   * its turn is awaited after the invite check, before the first photo byte is read.
   */
  ticket: PhotoQueueTicket;
}

const PHOTO_FIELD = /^(photos|photo_\d)$/;
/** Where the invite code travels: inside the web form's JSON, or as its own field in the older form. */
const INVITE_CODE_FIELDS = new Set(['invite_code', 'inviteCode']);

export const INVITE_MISSING = 'An invite code is required to register.';
export const PHOTO_BEFORE_INVITE =
  'An invite code is required before any photo: send form_data (with invite_code) ahead of the photos.';

function translateMultipartError(error: unknown): never {
  if (error instanceof HttpError) throw error;
  const code = (error as { code?: string }).code ?? '';
  const megabytes = limits.photos.maxBytes / (1024 * 1024);
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    throw new RegistrationRequestError(413, `Each photo must be at most ${megabytes} MB.`);
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    throw new RegistrationRequestError(413, 'The registration has more parts than it may have.');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    throw new RegistrationRequestError(415, 'A registration must be sent as multipart/form-data.');
  }
  throw new RegistrationRequestError(400, 'The upload was incomplete or malformed. Please try again.');
}

/** A photo part's bytes, each chunk counted against the shared cap as it arrives. */
async function readPhoto(part: MultipartFile, ticket: PhotoQueueTicket): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    ticket.take(chunk.length);
    chunks.push(chunk);
  }
  // Past the per-photo limit busboy stops passing bytes on and marks the file truncated.
  if (part.file.truncated)
    throw Object.assign(new Error('photo too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
  return Buffer.concat(chunks);
}

/**
 * Reads the web form (`form_data` + `photos` parts) or the older test-harness form (`firstName`, …,
 * `whoIKnow`, `invite_code`, `photo_0`) into one payload. Parts are read in the order they arrive and
 * the invite code is checked the moment it does: a photo part that comes before a good code is
 * refused unread, so an upload without a valid invite never costs the server its photos' memory.
 */
export async function readRegistrationRequest(
  request: FastifyRequest,
  { checkInvite, ticket }: RegistrationReading,
): Promise<RegistrationRequest> {
  const fields: Record<string, string> = {};
  const photos: Buffer[] = [];
  let webPayload: WebRegistrationPayload | undefined;
  let inviteChecked = false;
  const admit = async (code: string) => {
    if (normaliseInviteCode(code) === '') throw new RegistrationRequestError(403, INVITE_MISSING);
    await checkInvite(normaliseInviteCode(code));
    inviteChecked = true;
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!PHOTO_FIELD.test(part.fieldname)) {
          throw new RegistrationRequestError(400, `Unexpected file field "${part.fieldname.slice(0, 40)}".`);
        }
        if (!inviteChecked) throw new RegistrationRequestError(403, PHOTO_BEFORE_INVITE);
        if (photos.length >= limits.photos.max) throw new RegistrationRequestError(422, TOO_MANY_PHOTOS);
        if (photos.length === 0) await ticket.waitForTurn();
        photos.push(await readPhoto(part, ticket));
        continue;
      }
      if (part.valueTruncated) {
        throw new RegistrationRequestError(413, `The field "${part.fieldname.slice(0, 40)}" is too long.`);
      }
      const value = String(part.value);
      ticket.take(Buffer.byteLength(value));
      fields[part.fieldname] = value;
      if (part.fieldname === 'form_data') {
        webPayload = fromFormData(value);
        if (!inviteChecked) await admit(webPayload.invite_code);
      } else if (INVITE_CODE_FIELDS.has(part.fieldname) && !inviteChecked) {
        await admit(value);
      }
    }
  } catch (error) {
    translateMultipartError(error);
  }
  if (!inviteChecked) throw new RegistrationRequestError(403, INVITE_MISSING);
  if (webPayload) return { payload: webPayload, photos };

  const legacy = legacyFormToWebPayload(fields, fields.invite_code ?? fields.inviteCode ?? '');
  if (!legacy.ok) throw new RegistrationRequestError(422, legacy.detail);
  return { payload: legacy.payload, photos };
}
