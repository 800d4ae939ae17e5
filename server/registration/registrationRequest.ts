import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { Value } from '@sinclair/typebox/value';
import {
  RegistrationFormData,
  RegistrationPayload,
  type WebRegistrationPayload,
} from '../../src/domain/contracts/registration';
import { TOO_MANY_PHOTOS, parseTypedAge } from '../../src/domain/fieldRules';
import { legacyFormToWebPayload } from '../../src/domain/legacyRegistrationForm';
import { normaliseInviteCode } from '../../src/domain/inviteCode';
import { limits } from '../../src/domain/limits';
import { HttpError } from '../httpError';
import { isDatabaseUnavailable } from '../db/databaseOutage';
import type { PhotoQueueTicket } from './photoQueue';

/** The contract's `form_data` shape (lenient: the shared rules judge the values, with their messages). */
const formDataShape = TypeCompiler.Compile(RegistrationFormData);

function describeShapeError(value: unknown): string {
  const first = formDataShape.Errors(value).First();
  if (!first) return 'form_data is not a registration';
  const where = first.path.replace(/^\//, '').replaceAll('/', '.') || 'form_data';
  return `form_data.${where}: ${first.message}`;
}

export const FORM_DATA_NOT_JSON = 'form_data must be JSON text describing the registration.';

/** The `form_data` text, sent untyped or as a file part: parsed here, once. */
function parseFormDataText(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new HttpError(400, FORM_DATA_NOT_JSON);
  }
}

/**
 * `json` is `form_data` parsed: by us (text, file part) or by the multipart plugin (typed
 * application/json). What was left out takes the contract's default (empty), properties it does not
 * declare are dropped, and an age sent as text is read as typed: the shared rules judge the values.
 */
function fromFormData(json: unknown): WebRegistrationPayload {
  if (!formDataShape.Check(json)) throw new HttpError(422, describeShapeError(json));
  const data = Value.Default(RegistrationFormData, structuredClone(json)) as Required<RegistrationFormData>;
  const { age } = data;
  return Value.Clean(RegistrationPayload, {
    ...data,
    // A number that is not a whole age (18.5) is invalid, not missing: the shared rules say which.
    age: typeof age === 'number' ? age : parseTypedAge(age ?? ''),
    who_i_know_groups: data.who_i_know_groups.map((entry) => ({ ...entry, id: String(entry.id) })),
    who_i_know_people: [],
  }) as WebRegistrationPayload;
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
const FORM_DATA_FIELD = 'form_data';
/** Where the invite code travels: inside the web form's JSON, or as its own field in the older form. */
const INVITE_CODE_FIELDS = new Set(['invite_code', 'inviteCode']);

export const INVITE_MISSING = 'An invite code is required to register.';
/**
 * Also the answer when `form_data` was typed application/json but is not JSON (or is over the field
 * limit): the multipart plugin drops such a part and reports it only at the end of the body, and the
 * photos that follow are refused unread before that.
 */
export const PHOTO_BEFORE_INVITE =
  'An invite code is required before any photo: send form_data (JSON with invite_code, at most ' +
  `${limits.multipart.maxFormDataBytes / 1024} KB) ahead of the photos.`;

const photoTooLarge = () =>
  new HttpError(413, `Each photo must be at most ${limits.photos.maxBytes / (1024 * 1024)} MB.`);

function translateMultipartError(error: unknown): never {
  // The invite check's query failing with the database away is an outage (503), not a bad upload.
  if (error instanceof HttpError || isDatabaseUnavailable(error)) throw error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw photoTooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    throw new HttpError(413, 'The registration has more parts than it may have.');
  }
  // The plugin parses a part typed application/json itself, and says only that it failed: not JSON,
  // or cut at the field limit (which no JSON survives).
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') {
    throw new HttpError(
      400,
      `A part sent as application/json must be JSON text of at most ${limits.multipart.maxFormDataBytes / 1024} KB.`,
    );
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    throw new HttpError(415, 'A registration must be sent as multipart/form-data.');
  }
  throw new HttpError(400, 'The upload was incomplete or malformed. Please try again.');
}

/** A photo part's bytes, each chunk counted against the shared cap as it arrives. */
async function readPhoto(part: MultipartFile, ticket: PhotoQueueTicket): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    ticket.take(chunk.length);
    chunks.push(chunk);
  }
  // Past the per-photo limit busboy stops passing bytes on and marks the file truncated.
  if (part.file.truncated) throw photoTooLarge();
  return Buffer.concat(chunks);
}

/**
 * `form_data` sent as a file part (a `Blob` appended to FormData, curl's `-F form_data=@file`): its
 * bytes, bounded like the text field, counted against the shared budget.
 */
async function readFormDataFile(part: MultipartFile, ticket: PhotoQueueTicket): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limits.multipart.maxFormDataBytes) {
      throw new HttpError(413, `The field "${FORM_DATA_FIELD}" is too long.`);
    }
    ticket.take(chunk.length);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
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
    if (normaliseInviteCode(code) === '') throw new HttpError(403, INVITE_MISSING);
    await checkInvite(normaliseInviteCode(code));
    inviteChecked = true;
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === FORM_DATA_FIELD) {
        webPayload = fromFormData(parseFormDataText(await readFormDataFile(part, ticket)));
        if (!inviteChecked) await admit(webPayload.invite_code);
        continue;
      }
      if (part.type === 'file') {
        if (!PHOTO_FIELD.test(part.fieldname)) {
          throw new HttpError(400, `Unexpected file field "${part.fieldname.slice(0, 40)}".`);
        }
        if (!inviteChecked) throw new HttpError(403, PHOTO_BEFORE_INVITE);
        if (photos.length >= limits.photos.max) throw new HttpError(422, TOO_MANY_PHOTOS);
        if (photos.length === 0) await ticket.waitForTurn();
        photos.push(await readPhoto(part, ticket));
        continue;
      }
      if (part.valueTruncated) {
        throw new HttpError(413, `The field "${part.fieldname.slice(0, 40)}" is too long.`);
      }
      // A part typed application/json arrives parsed (the plugin did it); any other as text.
      const typedJson = typeof part.value !== 'string';
      if (part.fieldname === FORM_DATA_FIELD) {
        // Its exact size went with its text; the field limit bounds it, so that is what it is charged.
        ticket.take(typedJson ? limits.multipart.maxFormDataBytes : Buffer.byteLength(part.value as string));
        webPayload = fromFormData(typedJson ? part.value : parseFormDataText(part.value as string));
        if (!inviteChecked) await admit(webPayload.invite_code);
        continue;
      }
      const value = typedJson ? JSON.stringify(part.value) : (part.value as string);
      ticket.take(Buffer.byteLength(value));
      fields[part.fieldname] = value;
      if (INVITE_CODE_FIELDS.has(part.fieldname) && !inviteChecked) await admit(value);
    }
  } catch (error) {
    translateMultipartError(error);
  }
  if (!inviteChecked) throw new HttpError(403, INVITE_MISSING);
  if (webPayload) return { payload: webPayload, photos };

  const legacy = legacyFormToWebPayload(fields, fields.invite_code ?? fields.inviteCode ?? '');
  if (!legacy.ok) throw new HttpError(422, legacy.detail);
  return { payload: legacy.payload, photos };
}
