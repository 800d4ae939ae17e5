import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { users } from '../../server/db/schema';
import { FORM_DATA_NOT_JSON, PHOTO_BEFORE_INVITE } from '../../server/registration/registrationRequest';
import { limits } from '../../src/domain/limits';
import {
  expectDetail,
  generousRateLimits,
  inviteUses,
  makeInvite,
  multipartBody,
  photoPart,
  pngPhoto,
  storedCounts,
  webFormData,
  type MultipartPart,
} from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

/**
 * The document declares the registration's `form_data` part as `application/json`
 * (server/openapi/registrationBody.ts). Clients spell that three ways: an untyped text field (the
 * browser's FormData with a string), a field typed application/json (curl's `-F 'form_data=<f;type=…'`,
 * Python requests, generated clients), or a file part (a Blob appended to FormData). Each registers.
 */

let png: Buffer;
beforeAll(async () => {
  png = await pngPhoto(40, 30);
});

const JSON_REFUSED = `A part sent as application/json must be JSON text of at most ${limits.multipart.maxFormDataBytes / 1024} KB.`;

describe.each(engines)('the spellings of form_data on $name', (engine) => {
  let server: TestServer;
  let code: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimits: generousRateLimits });
    code = await makeInvite(server.database.db, 'valid', 1000);
  });
  afterAll(async () => {
    await server.close();
  });

  const send = (formDataPart: Omit<MultipartPart, 'name'>, photos = [png]) => {
    const body = multipartBody([
      { name: 'form_data', ...formDataPart },
      ...photos.map((photo) => photoPart(photo, 'me.png', 'image/png')),
    ]);
    return server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: body.headers,
      payload: body.payload,
    });
  };

  /** A 201 whose member is stored with the names sent, and one more use of the code. */
  async function expectStored(response: LightMyRequestResponse, firstName: string, usesBefore: number) {
    expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 201 });
    const { user_id: userId } = response.json<{ user_id: string }>();
    const [user] = await server.database.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ firstName, lastName: 'Lovelace', inviteCode: code });
    expect(await inviteUses(server.database.db, code)).toBe(usesBefore + 1);
  }

  test.each([
    ['an untyped text field', { contentType: undefined, filename: undefined }],
    ['a field typed application/json', { contentType: 'application/json', filename: undefined }],
    ['a field typed application/json; charset=utf-8', { contentType: 'application/json; charset=utf-8' }],
    ['a file part of type application/json', { contentType: 'application/json', filename: 'blob' }],
    ['a file part with no type', { contentType: undefined, filename: 'registration.json' }],
  ])('%s registers', async (_spelling, part) => {
    const firstName = `Ada${Math.floor(Math.random() * 1e6).toString(36)}`.replace(/\d/g, 'x');
    const usesBefore = await inviteUses(server.database.db, code);
    const value = JSON.stringify(webFormData(code, { first_name: firstName }));
    await expectStored(await send({ value, ...part }), firstName, usesBefore);
  });

  test("the browser's own FormData with a Blob of type application/json registers", async () => {
    const usesBefore = await inviteUses(server.database.db, code);
    const form = new FormData();
    const json = JSON.stringify(webFormData(code, { first_name: 'Blobby' }));
    form.append('form_data', new Blob([json], { type: 'application/json' }));
    form.append('photos', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    // undici writes the multipart body exactly as fetch() would send it.
    const encoded = new Response(form);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    await expectStored(response, 'Blobby', usesBefore);
  });

  describe('refusals, with nothing stored and no use of the code', () => {
    let before: Awaited<ReturnType<typeof storedCounts>>;
    beforeEach(async () => {
      before = await storedCounts(server.database.db);
    });
    afterEach(async () => {
      expect(await storedCounts(server.database.db)).toEqual(before);
    });

    const notJson = '{"first_name": "Ada",';
    const withProto = () => `{"__proto__": {"x": 1}, "invite_code": "${code}"}`;
    const tooLong = () =>
      JSON.stringify(webFormData(code, { occupation: 'x'.repeat(limits.multipart.maxFormDataBytes) }));
    const typed = { contentType: 'application/json' };
    const filePart = { contentType: 'application/json', filename: 'blob' };

    /**
     * The multipart plugin parses a typed part itself and reports a failure only at the end of the
     * body: alone, that is a 400; with photos behind it, they are refused unread first (403).
     */
    test.each([
      ['not JSON', () => notJson],
      ['JSON with a __proto__ key', withProto],
      ['over the form_data limit', tooLong],
    ])('a typed field %s is refused: 400 alone, 403 with photos behind it', async (_what, value) => {
      expectDetail(await send({ value: value(), ...typed }, []), 400, JSON_REFUSED);
      expectDetail(await send({ value: value(), ...typed }), 403, PHOTO_BEFORE_INVITE);
    });

    test('a file part that is not JSON answers 400', async () => {
      expectDetail(await send({ value: notJson, ...filePart }), 400, FORM_DATA_NOT_JSON);
    });

    test('a file part over the form_data limit answers 413', async () => {
      expectDetail(await send({ value: tooLong(), ...filePart }), 413, 'The field "form_data" is too long.');
    });

    test('an untyped field over the form_data limit answers 413, as before', async () => {
      expectDetail(await send({ value: tooLong() }), 413, 'The field "form_data" is too long.');
    });

    test('a typed form_data with a bad invite code is 403 before any photo', async () => {
      const value = JSON.stringify(webFormData('NOSUCHCODE1'));
      expectDetail(await send({ value, contentType: 'application/json' }), 403);
    });

    test('a typed form_data of the wrong shape is 422 naming the field', async () => {
      const value = JSON.stringify(webFormData(code, { first_name: 42 }));
      expectDetail(await send({ value, contentType: 'application/json' }), 422, /^form_data\.first_name: /);
    });
  });
});
