import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../server/db/database';
import { inviteCodes } from '../../server/db/schema';
import { createInviteCode, findInviteCode, revokeInviteCode } from '../../server/invites/inviteCodeStore';

// ---------------------------------------------------------------------------------------------
// Photos
// ---------------------------------------------------------------------------------------------

/** A real JPEG; with `orientation` the pixels are stored sideways and EXIF says how to turn them. */
export async function jpegPhoto(
  width = 64,
  height = 48,
  { orientation, exif = false }: { orientation?: number; exif?: boolean } = {},
): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } });
  if (orientation) image = image.withMetadata({ orientation });
  if (exif) {
    image = image.withExif({
      IFD0: { Copyright: 'secret copyright', Artist: 'secret artist' },
      // IFD3 is the GPS directory.
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    });
  }
  return image.jpeg().toBuffer();
}

export async function pngPhoto(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** The first half of a noisy JPEG: a header that promises more scan data than follows. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await sharp({
    create: {
      width: 256,
      height: 256,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

export const textFile = Buffer.from('This is plain text pretending to be a photo.\n'.repeat(20));

/** Bigger than the 10 MB photo limit; random bytes, since the limit must trip before any decoding. */
export function oversizedFile(bytes = 11 * 1024 * 1024): Buffer {
  return randomBytes(bytes);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A complete, valid 1-bit PNG of `side` × `side` pixels (900 megapixels by default) in about 110 KB:
 * decoding it to RGB would take gigabytes, so the server must refuse it from its header.
 */
export function pixelBombPng(side = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rowBytes = 1 + Math.ceil(side / 8); // filter byte + packed pixels
  const pixels = zlib.deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Multipart bodies
// ---------------------------------------------------------------------------------------------

export interface MultipartPart {
  name: string;
  value: string | Buffer;
  /** Present for file parts. */
  filename?: string;
  contentType?: string;
}

export interface MultipartBody {
  boundary: string;
  payload: Buffer;
  headers: { 'content-type': string };
}

export function multipartBody(parts: readonly MultipartPart[], boundary = newBoundary()): MultipartBody {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.contentType) head.push(`Content-Type: ${part.contentType}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value, 'utf8') : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    boundary,
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function newBoundary(): string {
  return `----becca-test-${randomBytes(8).toString('hex')}`;
}

export function photoPart(
  bytes: Buffer,
  filename = 'photo.jpg',
  contentType = 'image/jpeg',
  name = 'photos',
) {
  return { name, value: bytes, filename, contentType };
}

// ---------------------------------------------------------------------------------------------
// Registration payloads
// ---------------------------------------------------------------------------------------------

let phoneCounter = 0;

/** A different valid UK mobile number on every call, in E.164 (+447911 100001 and up are valid). */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `+447911${100000 + phoneCounter}`;
}

export const VALID_OCCUPATION = 'I design bridges and teach structural engineering.';

export interface WebEntry {
  id: string;
  group_name: string;
  location: string;
  position: { x: number; y: number };
  kind: 'group' | 'person';
}

export const DEFAULT_ENTRIES: WebEntry[] = [
  { id: 'g1', group_name: 'Chess club', location: 'London', position: { x: 0.25, y: 0.5 }, kind: 'group' },
  { id: 'p1', group_name: 'Grace', location: 'New York', position: { x: 0.75, y: 0.25 }, kind: 'person' },
];

/** A `form_data` object that passes every rule; override or delete fields to break one. */
export function webFormData(
  inviteCode: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    invite_code: inviteCode,
    first_name: 'Ada',
    last_name: 'Lovelace',
    age: 36,
    location: 'London',
    phone: uniquePhone(),
    occupation: VALID_OCCUPATION,
    who_i_know_groups: DEFAULT_ENTRIES,
    who_i_know_people: [],
    looking_for: ['Friendship'],
    interests: [],
    ...overrides,
  };
}

/** The web form: `form_data` JSON text and one `photos` part per photo. */
export function webRegistration(
  formData: Record<string, unknown> | string,
  photos: readonly Buffer[],
): InjectOptions {
  const body = multipartBody([
    { name: 'form_data', value: typeof formData === 'string' ? formData : JSON.stringify(formData) },
    ...photos.map((photo, index) => photoPart(photo, `photo${index}.jpg`)),
  ]);
  return { method: 'POST', url: '/api/auth/register', headers: body.headers, payload: body.payload };
}

/** The older test-harness form: one text part per field, `whoIKnow` as JSON text, `photo_0`. */
export function legacyRegistration(fields: Record<string, string>, photo?: Buffer): InjectOptions {
  const body = multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(photo ? [photoPart(photo, 'photo_0.jpg', 'image/jpeg', 'photo_0')] : []),
  ]);
  return { method: 'POST', url: '/api/auth/register', headers: body.headers, payload: body.payload };
}

// ---------------------------------------------------------------------------------------------
// Invite codes
// ---------------------------------------------------------------------------------------------

export type InviteKind = 'valid' | 'expired' | 'used_up' | 'revoked';

/** A fresh code in the given state, made through the store the operator's commands use. */
export async function makeInvite(db: Db, kind: InviteKind = 'valid', maxUses = 5): Promise<string> {
  const { code } = await createInviteCode(db, {
    maxUses,
    expiresAt: kind === 'expired' ? new Date(Date.now() - 60_000) : undefined,
    label: `test ${kind}`,
  });
  if (kind === 'used_up')
    await db.update(inviteCodes).set({ uses: maxUses }).where(eq(inviteCodes.code, code));
  if (kind === 'revoked') await revokeInviteCode(db, code);
  return code;
}

export async function inviteUses(db: Db, code: string): Promise<number> {
  return (await findInviteCode(db, code))?.uses ?? -1;
}

// ---------------------------------------------------------------------------------------------
// Database and response checks
// ---------------------------------------------------------------------------------------------

export interface StoredCounts {
  users: number;
  photos: number;
  entries: number;
  tokens: number;
  inviteUses: number;
}

export async function storedCounts(db: Db): Promise<StoredCounts> {
  const count = async (query: ReturnType<typeof sql>) => {
    const result = (await db.execute(query)) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  };
  return {
    users: await count(sql`SELECT count(*)::int AS n FROM users`),
    photos: await count(sql`SELECT count(*)::int AS n FROM user_photos`),
    entries: await count(sql`SELECT count(*)::int AS n FROM network_entries`),
    tokens: await count(sql`SELECT count(*)::int AS n FROM access_tokens`),
    inviteUses: await count(sql`SELECT coalesce(sum(uses), 0)::int AS n FROM invite_codes`),
  };
}

const STACK_LINE = /\bat [^\n]+:\d+:\d+/;

/** An error answer: the status, a JSON body of exactly one human `detail`, and nothing leaking. */
export function expectDetail(
  response: LightMyRequestResponse,
  status: number,
  detail?: string | RegExp,
): string {
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status });
  expect(response.headers['content-type']).toMatch(/application\/json/);
  const body = response.json<Record<string, unknown>>();
  expect(Object.keys(body)).toEqual(['detail']);
  expect(typeof body.detail).toBe('string');
  const text = body.detail as string;
  expect(text.length).toBeGreaterThan(5);
  expect(response.body).not.toMatch(STACK_LINE);
  if (typeof detail === 'string') expect(text).toBe(detail);
  else if (detail) expect(text).toMatch(detail);
  return text;
}

/** Rate limits high enough that only rateLimits.test.ts ever meets them. */
export const generousRateLimits = {
  validateCode: 10_000,
  waitlistJoin: 10_000,
  register: 10_000,
  registerAccepted: 10_000,
  nominateFriend: 10_000,
  optOut: 10_000,
};

/** The linking code as a person sees it: a word of its own in the wa.me message. */
export function codeFromWhatsAppUrl(url: string): string {
  const text = new URL(url).searchParams.get('text')!;
  const words = text.split(/\s+/);
  const code = words.at(-1)!;
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  expect(words.filter((word) => word === code)).toHaveLength(1);
  return code;
}
