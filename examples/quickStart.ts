/**
 * The integrator's quick start (docs/api.md): the Becca API from a typed client generated from its
 * OpenAPI document with openapi-typescript, called through openapi-fetch.
 *
 *   npx openapi-typescript http://localhost:3000/api/openapi.json -o examples/becca-api.d.ts
 *   BECCA_URL=http://localhost:3000 INVITE_CODE=… PHOTO=me.jpg PHONE=+447911123456 \
 *     ASSISTANT_API_KEY=… npx tsx examples/quickStart.ts
 *
 * It validates an invite code, joins the waitlist, registers with a photo, reads /api/me, links the
 * member as the assistant would, and reads the member's invite codes; then prints what it learnt.
 */
import fs from 'node:fs';
import createClient from 'openapi-fetch';
import type { paths } from './becca-api';

/** The registration as the document describes the `form_data` part. */
type Registration =
  paths['/api/auth/register']['post']['requestBody']['content']['multipart/form-data']['form_data'];

export interface QuickStartOptions {
  baseUrl: string;
  inviteCode: string;
  /** A JPEG, PNG, WebP, GIF or AVIF photo of the person. */
  photo: Blob;
  /** Their mobile number: the one they will message the assistant from. */
  phone: string;
  assistantApiKey: string;
}

/** Throws with the server's `detail` when a call did not succeed. */
function ok<Data>(result: { data?: Data; error?: unknown; response: Response }, what: string): Data {
  if (result.data === undefined) {
    const detail = (result.error as { detail?: string } | undefined)?.detail ?? 'no detail';
    throw new Error(`${what}: ${result.response.status} ${detail}`);
  }
  return result.data;
}

export async function quickStart({ baseUrl, inviteCode, photo, phone, assistantApiKey }: QuickStartOptions) {
  const client = createClient<paths>({ baseUrl });

  // 1. Is the code good? (validateInviteCode)
  const check = ok(
    await client.GET('/api/auth/validate-code/{code}', { params: { path: { code: inviteCode } } }),
    'validateInviteCode',
  );

  // 2. Someone without a code asks to be told when a place opens. (joinWaitlist)
  const waitlist = ok(
    await client.POST('/api/waitlist/join', { body: { phone_number: '+447911000999', name: null } }),
    'joinWaitlist',
  );

  // 3. Register: `form_data` as an application/json part, then the photos as files. (registerMember)
  const registration: Registration = {
    invite_code: inviteCode,
    first_name: 'Ada',
    last_name: 'Lovelace',
    age: 36,
    location: 'London',
    phone,
    occupation: 'I design bridges and teach structural engineering.',
    who_i_know_groups: [
      { id: 'g1', group_name: 'Chess club', location: 'London', position: { x: 25, y: 50 }, kind: 'group' },
    ],
    who_i_know_people: [],
    looking_for: ['Friendship'],
    interests: [],
  };
  const registered = ok(
    await client.POST('/api/auth/register', {
      // The document types `form_data`; the photos go in as files, which FormData carries.
      body: { form_data: registration, photos: [] },
      bodySerializer: ({ form_data }) => {
        const form = new FormData();
        form.append('form_data', new Blob([JSON.stringify(form_data)], { type: 'application/json' }));
        form.append('photos', photo, 'photo.jpg');
        return form;
      },
    }),
    'registerMember',
  );
  const member = { headers: { Authorization: `Bearer ${registered.access_token}` } };

  // 4. The member reads their own profile. (getMe)
  const me = ok(await client.GET('/api/me', member), 'getMe');

  // 5. The assistant links the WhatsApp chat: the member's first message carries the linking code,
  //    the last word of the wa.me link's text. (linkMember)
  const text = new URL(registered.whatsapp_url).searchParams.get('text') ?? '';
  const linkingCode = text.trim().split(/\s+/).at(-1) ?? '';
  const linked = ok(
    await client.POST('/api/assistant/link', {
      headers: { Authorization: `Bearer ${assistantApiKey}` },
      body: { linking_code: linkingCode, whatsapp_number: phone },
    }),
    'linkMember',
  );

  // 6. Linked, the member has invite codes to pass on. (listMyInvites)
  const invites = ok(await client.GET('/api/me/invites', member), 'listMyInvites');

  return { check, waitlist, registered, me, linked, invites };
}

if (process.argv[1]?.endsWith('quickStart.ts')) {
  const environment = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`Set ${name} (see the top of examples/quickStart.ts).`);
    return value;
  };
  quickStart({
    baseUrl: process.env.BECCA_URL ?? 'http://localhost:3000',
    inviteCode: environment('INVITE_CODE'),
    photo: new Blob([fs.readFileSync(environment('PHOTO'))]),
    phone: environment('PHONE'),
    assistantApiKey: environment('ASSISTANT_API_KEY'),
  }).then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
