import sharp from 'sharp';
import {
  expectDetail,
  generousRateLimits,
  jpegPhoto,
  legacyRegistration,
  makeInvite,
  multipartBody,
  oversizedFile,
  photoPart,
  pixelBombPng,
  storedCounts,
  textFile,
  truncatedJpeg,
  webFormData,
  webRegistration,
  type StoredCounts,
} from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';
import { PHOTO_FORMAT_MESSAGES } from '../../src/domain/photoFormats';

const NOT_A_PHOTO = PHOTO_FORMAT_MESSAGES.other;
const UNREADABLE_PHOTO = PHOTO_FORMAT_MESSAGES.unreadable;
const MALFORMED = 'The upload was incomplete or malformed. Please try again.';

let jpeg: Buffer;
let truncated: Buffer;
let bomb: Buffer;
beforeAll(async () => {
  jpeg = await jpegPhoto(120, 90);
  truncated = await truncatedJpeg();
  bomb = pixelBombPng();
});

describe.each(engines)('bad input to POST /api/auth/register on $name', (engine) => {
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
  beforeEach(async () => {
    before = await storedCounts(server.database.db);
  });
  afterEach(async () => {
    // The server keeps answering, and nothing of the refused registration was stored.
    expect((await server.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect(await storedCounts(server.database.db)).toEqual(before);
  });

  const register = (formData: Record<string, unknown> | string, photos: readonly Buffer[] = [jpeg]) =>
    server.app.inject(webRegistration(formData, photos));
  const raw = (payload: Buffer | string, contentType?: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload,
      headers: contentType ? { 'content-type': contentType } : {},
    });

  test('a text file named .jpg answers 415', async () => {
    expectDetail(await register(webFormData(code), [textFile]), 415, NOT_A_PHOTO);
  });

  test('a truncated JPEG answers 415', async () => {
    expectDetail(await register(webFormData(code), [truncated]), 415, UNREADABLE_PHOTO);
  });

  test('an empty photo part and random bytes answer 415', async () => {
    expectDetail(await register(webFormData(code), [Buffer.alloc(0)]), 415, NOT_A_PHOTO);
    expectDetail(await register(webFormData(code), [jpeg, oversizedFile(4096)]), 415, NOT_A_PHOTO);
  });

  test('a photo over 10 MB answers 413 before it is decoded', async () => {
    expectDetail(
      await register(webFormData(code), [oversizedFile()]),
      413,
      'Each photo must be at most 10 MB.',
    );
  });

  test('a 900-megapixel PNG bomb answers 413 without the memory growing', async () => {
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      format: 'png',
      width: 30_000,
      height: 30_000,
    });
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 2);
    const response = await register(webFormData(code), [bomb]);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    expectDetail(response, 413, /too large in dimensions/);
    // Decoding it would need 2.7 GB; refusing it from its header costs next to nothing.
    expect((peak - baseline) / (1024 * 1024)).toBeLessThan(100);
  });

  test('a body cut off in the middle answers 400', async () => {
    const whole = webRegistration(webFormData(code), [jpeg]);
    const payload = whole.payload as Buffer;
    const cut = payload.subarray(0, payload.length - Math.floor(jpeg.length / 2));
    expectDetail(await raw(cut, String(whole.headers!['content-type'])), 400, MALFORMED);
    const noEnd = payload.subarray(0, payload.length - 10);
    expectDetail(await raw(noEnd, String(whole.headers!['content-type'])), 400, MALFORMED);
  });

  test('a boundary that is not the one the body uses answers 400', async () => {
    const body = multipartBody([
      { name: 'form_data', value: JSON.stringify(webFormData(code)) },
      photoPart(jpeg),
    ]);
    expectDetail(await raw(body.payload, 'multipart/form-data; boundary=something-else'), 400, MALFORMED);
    expectDetail(await raw(body.payload, 'multipart/form-data'), 400);
  });

  test('garbage sent as multipart answers 400', async () => {
    expectDetail(await raw(oversizedFile(2048), 'multipart/form-data; boundary=xyz'), 400, MALFORMED);
  });

  test('form_data that is not JSON answers 400', async () => {
    expectDetail(
      await register('{"first_name": "Ada",'),
      400,
      'form_data must be JSON text describing the registration.',
    );
    expectDetail(
      await register('first_name=Ada'),
      400,
      'form_data must be JSON text describing the registration.',
    );
  });

  test.each([
    ['a list', []],
    ['a string', 'Ada'],
    ['null', null],
  ])('form_data that is JSON %s answers 422 with a detail', async (_label, value) => {
    expectDetail(await register(JSON.stringify(value)), 422, /^form_data/);
  });

  test.each([
    ['age as an object', { age: { years: 30 } }, /^form_data\.age: /],
    ['first_name as a number', { first_name: 12 }, /^form_data\.first_name: /],
    ['phone as a list', { phone: ['+447911100001'] }, /^form_data\.phone: /],
    ['entries as an object', { who_i_know_groups: { id: 1 } }, /^form_data\.who_i_know_groups: /],
    [
      'an entry without a position',
      { who_i_know_groups: [{ id: 'x', group_name: 'G', location: 'L', position: 'top' }] },
      /^form_data\.who_i_know_groups\.0\.position/,
    ],
    [
      'an entry of an unknown kind',
      { who_i_know_groups: [{ id: 'x', group_name: 'G', location: 'L', kind: 'pet' }] },
      /^form_data\.who_i_know_groups\.0\.kind/,
    ],
    ['people outside the groups', { who_i_know_people: [{ id: 'p' }] }, /^form_data\.who_i_know_people/],
  ])('%s answers 422 with a detail naming the field', async (_label, overrides, detail) => {
    expectDetail(await register(webFormData(code, overrides)), 422, detail);
  });

  test.each([
    ['first_name', 81, 'First name must be at most 80 characters'],
    ['first_name', 10_000, /^form_data\.first_name: /],
    ['last_name', 500, /^form_data\.last_name: /],
    ['location', 121, 'Location must be at most 120 characters'],
    ['occupation', 1001, 'Occupation must be at most 1000 characters'],
    ['occupation', 20_000, /^form_data\.occupation: /],
    ['phone', 300, /^form_data\.phone: /],
    ['invite_code', 1000, /^form_data\.invite_code: /],
  ] as const)('%s of %i characters answers 422 with a detail', async (field, length, detail) => {
    expectDetail(await register(webFormData(code, { [field]: 'x'.repeat(length) })), 422, detail);
  });

  test('form_data over 64 KB answers 413', async () => {
    const formData = webFormData(code, { interests: ['y'.repeat(70 * 1024)] });
    expectDetail(await register(formData), 413, 'The field "form_data" is too long.');
  });

  test('more parts than a registration has answers 413', async () => {
    const fields = Array.from({ length: 20 }, (_, index) => ({ name: `field${index}`, value: 'x' }));
    const body = multipartBody([{ name: 'form_data', value: JSON.stringify(webFormData(code)) }, ...fields]);
    expectDetail(await raw(body.payload, body.headers['content-type']), 413);
  });

  test('a file in a field that is not a photo answers 400', async () => {
    const body = multipartBody([
      { name: 'form_data', value: JSON.stringify(webFormData(code)) },
      photoPart(jpeg, 'evil.jpg', 'image/jpeg', 'avatar'),
    ]);
    expectDetail(
      await raw(body.payload, body.headers['content-type']),
      400,
      'Unexpected file field "avatar".',
    );
  });

  test('a NUL character in a name answers 422 before anything is written', async () => {
    const response = await register(webFormData(code, { first_name: 'A\u0000da' }));
    expectDetail(response, 422, 'First name must not contain control characters (such as tab or escape)');
  });

  test('a NUL character in a connection is refused before the user and photos are written', async () => {
    const entries = [
      { id: 'g', group_name: 'Chess\u0000club', location: 'Leeds', position: { x: 0, y: 0 }, kind: 'group' },
    ];
    const response = await register(webFormData(code, { who_i_know_groups: entries }), [jpeg, jpeg]);
    expectDetail(
      response,
      422,
      'A connection name must not contain control characters (such as tab or escape)',
    );
  });

  test('a JSON body instead of multipart answers 415', async () => {
    const json = JSON.stringify(webFormData(code));
    expectDetail(
      await raw(json, 'application/json'),
      415,
      'A registration must be sent as multipart/form-data.',
    );
  });

  test('a form-encoded body, a text body and no body at all answer 4xx with a detail', async () => {
    for (const response of [
      await raw('first_name=Ada', 'application/x-www-form-urlencoded'),
      await raw('hello', 'text/plain'),
      await raw(''),
    ]) {
      expect([400, 415]).toContain(response.statusCode);
      expectDetail(response, response.statusCode);
    }
  });

  test('the older form with whoIKnow that is not a JSON list answers 422', async () => {
    const fields = {
      firstName: 'Grace',
      lastName: 'Hopper',
      age: '30',
      location: 'Leeds',
      phone: '+447911100001',
      occupation: 'Compiler writer and rear admiral, retired.',
      invite_code: code,
    };
    for (const whoIKnow of ['{not json', '{"group": "G"}', '[1, 2]']) {
      const response = await server.app.inject(legacyRegistration({ ...fields, whoIKnow }, jpeg));
      expectDetail(response, 422, /^(whoIKnow must be JSON text|Each whoIKnow entry must be an object)/);
    }
  });
});
