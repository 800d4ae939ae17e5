import zlib from 'node:zlib';
import sharp from 'sharp';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { waitlist } from '../../server/db/schema';
import { redactPath } from '../../server/logging/requestLogging';
import { isApiPath, isNonCanonicalApiPath } from '../../server/web/requestPath';
import { describeErrorForLog } from '../../server/errorLogging';
import { INVITE_MISSING, PHOTO_BEFORE_INVITE } from '../../server/registration/registrationRequest';
import { PHOTO_FORMAT_MESSAGES } from '../../src/domain/photoFormats';
import {
  expectDetail,
  generousRateLimits,
  jpegPhoto,
  makeInvite,
  multipartBody,
  photoPart,
  storedCounts,
  webFormData,
  webRegistration,
  type StoredCounts,
} from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

/** The bad bytes of issue 12, each refused from its first bytes, before any decoder sees it. */
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><filter id="f">' +
    '<feTurbulence baseFrequency="0.9" numOctaves="10"/></filter><rect width="100%" height="100%" filter="url(#f)"/></svg>',
);
const heic = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic\u0000\u0000\u0000\u0000mif1heic', 'latin1'),
  Buffer.alloc(64),
]);
const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n');

let jpeg: Buffer;
let tiff: Buffer;
const accepted: Record<string, Buffer> = {};
beforeAll(async () => {
  jpeg = await jpegPhoto(64, 48);
  const image = () => sharp({ create: { width: 32, height: 24, channels: 3, background: '#2a6' } });
  tiff = await image().tiff().toBuffer();
  accepted.png = await image().png().toBuffer();
  accepted.webp = await image().webp().toBuffer();
  accepted.gif = await image().gif().toBuffer();
  accepted.avif = await image().avif().toBuffer();
});

describe.each(engines)('hostile input on $name', (engine) => {
  let server: TestServer;
  let code: string;
  let before: StoredCounts;
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimits: generousRateLimits });
    code = await makeInvite(server.database.db, 'valid', 100);
  });
  afterAll(async () => {
    await server.close();
  });
  const counts = () => storedCounts(server.database.db);
  const waitlistRows = async () => (await server.database.db.select().from(waitlist)).length;

  describe('refusals store nothing', () => {
    let waiting: number;
    beforeEach(async () => {
      before = await counts();
      waiting = await waitlistRows();
    });
    afterEach(async () => {
      expect(await counts()).toEqual(before);
      expect(await waitlistRows()).toBe(waiting);
    });

    test.each<[string, () => Buffer, string]>([
      ['SVG', () => svg, PHOTO_FORMAT_MESSAGES.other],
      ['TIFF', () => tiff, PHOTO_FORMAT_MESSAGES.other],
      ['PDF', () => pdf, PHOTO_FORMAT_MESSAGES.other],
      ['HEIC', () => heic, PHOTO_FORMAT_MESSAGES.heic],
    ])('a %s photo answers 415 naming exactly what is accepted', async (_format, bytes, detail) => {
      const response = await server.app.inject(webRegistration(webFormData(code), [bytes()]));
      const text = expectDetail(response, 415, detail);
      expect(text).toContain('JPEG, PNG, WebP, GIF or AVIF');
      expect(text).not.toMatch(/HEIC image/);
    });

    test('a photo sent before form_data is refused unread (403)', async () => {
      const body = multipartBody([
        photoPart(jpeg),
        { name: 'form_data', value: JSON.stringify(webFormData(code)) },
      ]);
      const response = await server.app.inject({ method: 'POST', url: '/api/auth/register', ...body });
      expectDetail(response, 403, PHOTO_BEFORE_INVITE);
      expect(response.headers.connection).toBe('close');
    });

    test('form_data without an invite code is refused before its photos (403)', async () => {
      const formData = webFormData(code);
      delete formData.invite_code;
      const response = await server.app.inject(webRegistration(formData, [jpeg]));
      expectDetail(response, 403, INVITE_MISSING);
    });

    test.each<[string, Record<string, unknown>, string]>([
      [
        'position.x = 1e39',
        {
          who_i_know_groups: [
            { id: 'g', group_name: 'Chess', location: 'Leeds', position: { x: 1e39, y: 0 }, kind: 'group' },
          ],
        },
        'Each connection needs a position with x and y from -1000 to 1000',
      ],
      ['a first name of two zero-width spaces', { first_name: '\u200B\u200B' }, 'First name is required'],
      [
        'Smith\u202Egpj.exe',
        { last_name: 'Smith\u202Egpj.exe' },
        'Last name must not contain text-direction control characters',
      ],
      [
        'ESC, BEL and CR in a name',
        { first_name: 'Ada\u001B[2J\u0007\rForged' },
        'First name must not contain control characters (such as tab or escape)',
      ],
      ['age 1e39', { age: 1e39 }, 'Please enter a valid age (18-100)'],
    ])('%s answers 422', async (_description, change, detail) => {
      const response = await server.app.inject(webRegistration(webFormData(code, change), [jpeg]));
      expectDetail(response, 422, detail);
    });

    test('a gzip-encoded registration answers 415 at once', async () => {
      const body = webRegistration(webFormData(code), [jpeg]);
      const response = await server.app.inject({
        ...body,
        headers: { ...body.headers, 'content-encoding': 'gzip' },
        payload: zlib.gzipSync(body.payload as Buffer),
      });
      expectDetail(response, 415, /without Content-Encoding/);
    });

    test.each<[string, Record<string, unknown>, string]>([
      [
        'ESC, BEL and CR in the name',
        { phone_number: '07911 100077', name: 'Eve\u001B[2J\u0007\rForged' },
        'Name must not contain control characters (such as tab or escape)',
      ],
      [
        'a right-to-left override in the name',
        { phone_number: '07911 100078', name: '\u202EEve' },
        'Name must not contain text-direction control characters',
      ],
      [
        'ESC in the e-mail address',
        { email: 'eve\u001B[2J@example.com' },
        'Please enter a valid email address',
      ],
    ])('the waitlist refuses %s (422)', async (_description, payload, detail) => {
      const response = await server.app.inject({ method: 'POST', url: '/api/waitlist/join', payload });
      expectDetail(response, 422, detail);
    });
  });

  test.each(['png', 'webp', 'gif', 'avif'])('a %s photo is accepted and stored', async (format) => {
    const response = await server.app.inject(webRegistration(webFormData(code), [accepted[format]!]));
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test('every API answer says no-store, errors and health included', async () => {
    for (const response of [
      await server.app.inject({ method: 'GET', url: '/health' }),
      await server.app.inject({ method: 'GET', url: '/api/auth/validate-code/NOPE2345' }),
      await server.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      await server.app.inject({ method: 'POST', url: '/api/waitlist/join', payload: {} }),
      await server.app.inject(webRegistration(webFormData('NOPE2345'), [jpeg])),
    ]) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

test('admin paths are logged without their codes, like validate-code', () => {
  expect(redactPath('/api/admin/invite-codes/ABCD23EFGH/revoke')).toBe(
    '/api/admin/invite-codes/:param/revoke',
  );
  expect(redactPath('/api/auth/validate-code/ABCD23EFGH?x=1')).toBe('/api/auth/validate-code/:code');
  expect(redactPath('/api/admin/waitlist')).toBe('/api/admin/waitlist');
});

test('a path is the API or a page however it is spelled, plain or percent-encoded', () => {
  const cases: [string, boolean][] = [
    ['/api/auth/register', true],
    ['/api', true],
    ['/api?x=1', true],
    ['/health', true],
    ['/health?probe=1', true],
    ['/metrics', true],
    ['/', false],
    ['/join?code=ABCD2345', false],
    ['/apix', false],
    ['//api/auth/register', false],
    ['/health/', false],
    ['/health/x', false],
    ['/metrics.txt', false],
    ['/faq?next=/api/x', false],
  ];
  // The same path with its first letter percent-encoded, as a prober spells it: the same answer.
  const encoded = (url: string) =>
    url.replace(/^\/([a-z])/, (_match, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`);
  for (const [url, api] of cases) {
    expect([url, isApiPath(url)]).toEqual([url, api]);
    expect([encoded(url), isApiPath(encoded(url))]).toEqual([encoded(url), api]);
    expect(isNonCanonicalApiPath(url)).toBe(false);
    if (encoded(url) !== url) expect(isNonCanonicalApiPath(encoded(url))).toBe(api);
  }
});

test('a failed query is logged without its parameters or the values the database quotes', () => {
  const cause = Object.assign(new Error('"1e39" is out of range for type real'), { code: '22003' });
  const error = new DrizzleQueryError(
    'insert into "network_entries" ("name", "x") values ($1, $2)',
    ['My secret entry', 1e39],
    cause,
  );
  const logged = JSON.stringify(describeErrorForLog(error));
  expect(logged).not.toContain('My secret entry');
  expect(logged).not.toContain('1e39');
  expect(logged).toContain('insert into');
  expect(logged).toContain('22003');
});
