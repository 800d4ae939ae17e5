import http from 'node:http';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { openEmbeddedDatabase, openPostgresDatabase, type Database, type Db } from '../../server/db/database';

/** A real JPEG of noise (noise does not compress, so `sigma` and the size steer the file size). */
export async function makeJpeg(width: number, height: number, quality = 80, sigma = 30): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma },
    },
  })
    .jpeg({ quality })
    .toBuffer();
}

/** Distinct, valid UK mobile numbers: +44 7911 1xxxxx. */
export function testPhone(index: number): string {
  return `+4479111${String(index).padStart(5, '0')}`;
}

/** The web form as the browser sends it: the `form_data` JSON, invite code included, then `photos` parts. */
export function registrationForm(inviteCode: string, phone: string, photo: Buffer): FormData {
  const form = new FormData();
  // form_data first, as the browser sends it: the server reads no photo before a good invite code.
  form.append('form_data', registrationFormData(inviteCode, phone));
  // The server decodes the bytes whatever the part says; a browser would say image/jpeg.
  form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  return form;
}

/** The `form_data` JSON text of a valid registration, with groups and people (`kind`) as the wizard sends. */
export function registrationFormData(inviteCode: string, phone: string): string {
  return JSON.stringify({
    invite_code: inviteCode,
    first_name: 'Ada',
    last_name: 'Lovelace',
    age: 36,
    location: 'London',
    phone,
    occupation: 'Mathematician writing notes on the analytical engine',
    who_i_know_groups: [
      { id: 'g1', group_name: 'Chess Club', location: 'Camden', position: { x: 10, y: 20 }, kind: 'group' },
      {
        id: 'p1',
        group_name: 'Charles',
        location: 'Marylebone',
        position: { x: 30, y: 40 },
        kind: 'person',
      },
    ],
    who_i_know_people: [],
    looking_for: ['Friendship', 'Co-Founder'],
    interests: ['Long walks along the river with good friends'],
  });
}

/** The same web form as raw multipart bytes, for clients that send a body themselves. */
export function registrationMultipart(
  inviteCode: string,
  phone: string,
  photo: Buffer,
): { contentType: string; body: Buffer } {
  const boundary = `----becca-${randomBytes(8).toString('hex')}`;
  // form_data first, as the browser sends it: the server reads no photo before a good invite code.
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="form_data"\r\n\r\n` +
        `${registrationFormData(inviteCode, phone)}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="photo.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { contentType: `multipart/form-data; boundary=${boundary}`, body };
}

/** What one registration got back: a complete answer (status and body), or the error that cut it. */
export interface RegistrationOutcome {
  phone: string;
  status?: number;
  body?: { user_id?: string; access_token?: string; detail?: string };
  error?: string;
}

export async function postRegistration(
  baseUrl: string,
  inviteCode: string,
  phone: string,
  photo: Buffer,
): Promise<RegistrationOutcome> {
  try {
    const response = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      body: registrationForm(inviteCode, phone, photo),
    });
    // Reading the body to its end is what proves the answer was not cut off half-way.
    return { phone, status: response.status, body: (await response.json()) as RegistrationOutcome['body'] };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { phone, error: cause ?? (error instanceof Error ? error.message : String(error)) };
  }
}

export interface HeldRegistration {
  phone: string;
  /** Sends the rest of the body and resolves with the answer; the connection stays open (keep-alive). */
  finish(): Promise<RegistrationOutcome>;
  /** Closes the client's side of the connection. */
  close(): void;
}

/**
 * A registration whose first half is on the wire and whose second half waits for `finish()`: the
 * server has started it (and cannot have finished it), which makes "in flight" a fact, not a race.
 */
export function startHeldRegistration(
  baseUrl: string,
  inviteCode: string,
  phone: string,
  photo: Buffer,
): HeldRegistration {
  const { contentType, body } = registrationMultipart(inviteCode, phone, photo);
  // Keep-alive, as browsers and load balancers do: the server has to close it when it shuts down.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const request = http.request(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    agent,
    headers: { 'content-type': contentType, 'content-length': body.length },
  });
  const answered = new Promise<RegistrationOutcome>((resolve) => {
    const cut = (error: NodeJS.ErrnoException) => resolve({ phone, error: error.code ?? error.message });
    request.once('error', cut);
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('error', cut);
      response.once('end', () => {
        try {
          const json = JSON.parse(Buffer.concat(chunks).toString()) as RegistrationOutcome['body'];
          resolve({ phone, status: response.statusCode, body: json });
        } catch {
          resolve({ phone, status: response.statusCode, error: 'incomplete body' });
        }
      });
    });
  });
  const half = Math.floor(body.length / 2);
  request.write(body.subarray(0, half));
  return {
    phone,
    finish: () => {
      request.end(body.subarray(half));
      return answered;
    },
    close: () => agent.destroy(),
  };
}

export interface StoredUser {
  id: string;
  phone: string;
  inviteCode: string;
  photos: number;
  /** Photos whose bytes start with the JPEG start marker and end with its end marker. */
  wholePhotos: number;
  groups: number;
  people: number;
  tokens: number;
}

export interface RegistrationAudit {
  users: StoredUser[];
  orphanPhotos: number;
  orphanEntries: number;
  orphanTokens: number;
  /** `uses` of each invite code, and how many users registered with it. */
  codes: { code: string; uses: number; users: number }[];
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  // PGlite's and node-postgres's drizzle drivers both answer `execute` with `{ rows }`.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ n: number }>(db, query);
  return Number(row?.n ?? 0);
}

/** Everything a registration stores, counted per user, plus whatever belongs to no user. */
export async function auditRegistrations(db: Db): Promise<RegistrationAudit> {
  const users = await rows<StoredUser>(
    db,
    sql`SELECT u.id, u.phone, u.invite_code AS "inviteCode",
      (SELECT count(*)::int FROM user_photos p WHERE p.user_id = u.id) AS photos,
      (SELECT count(*)::int FROM user_photos p WHERE p.user_id = u.id AND octet_length(p.bytes) > 4
         AND get_byte(p.bytes, 0) = 255 AND get_byte(p.bytes, 1) = 216
         AND get_byte(p.bytes, octet_length(p.bytes) - 2) = 255
         AND get_byte(p.bytes, octet_length(p.bytes) - 1) = 217) AS "wholePhotos",
      (SELECT count(*)::int FROM network_entries e WHERE e.user_id = u.id AND e.kind = 'group') AS groups,
      (SELECT count(*)::int FROM network_entries e WHERE e.user_id = u.id AND e.kind = 'person') AS people,
      (SELECT count(*)::int FROM access_tokens t WHERE t.user_id = u.id) AS tokens
    FROM users u ORDER BY u.phone`,
  );
  const orphan = (table: string) =>
    count(
      db,
      sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} x
          WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = x.user_id)`,
    );
  const codes = await rows<{ code: string; uses: number; users: number }>(
    db,
    sql`SELECT c.code, c.uses, (SELECT count(*)::int FROM users u WHERE u.invite_code = c.code) AS users
        FROM invite_codes c ORDER BY c.code`,
  );
  return {
    users,
    orphanPhotos: await orphan('user_photos'),
    orphanEntries: await orphan('network_entries'),
    orphanTokens: await orphan('access_tokens'),
    codes,
  };
}

/** The server's database, opened by us: only once the server has exited (PGlite is one process). */
export async function openStoredDatabase(target: {
  dataDir: string;
  databaseUrl?: string;
}): Promise<Database> {
  return target.databaseUrl ? openPostgresDatabase(target.databaseUrl) : openEmbeddedDatabase(target.dataDir);
}
