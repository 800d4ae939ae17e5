import { randomBytes } from 'node:crypto';
import { isWizardStepValid } from '../../src/domain/fieldRules';
import { type WizardStepId } from '../../src/domain/registrationFields';
import {
  REGISTRATION_FIELD_NAMES,
  PROFILE_FIELD_NAMES,
  WIRE_FIELD_NAMES,
  registrationField,
  wireNameOf,
  type RegistrationFieldName,
} from '../../src/domain/registrationFields';
import { makeStore } from '../../src/shared/store';
import { inviteAccepted } from '../../src/features/joinFlow/joinFlowSlice';
import { entryAdded } from '../../src/features/network/networkSlice';
import { networkRestored } from '../../src/features/network/networkSlice';
import {
  fieldChanged,
  lookingForToggled,
  onboardingRestored,
  photoChosen,
} from '../../src/features/onboarding/onboardingSlice';
import { putPhoto } from '../../src/features/onboarding/photoStore';
import { restoreJoinDraft } from '../../src/pages/join/joinDraftSchema';
import { registrationUploadFrom } from '../../src/pages/join/registrationUpload';
import { adminApi, newAdminToken } from './adminApi';
import { generousRateLimits, makeInvite, pngPhoto, uniquePhone, webRegistration } from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

/**
 * Every declared registration field (src/domain/registrationFields.ts), typed into the wizard's store,
 * kept across a reload (the stored draft), sent as the browser sends it, and read back by the
 * operator and by the member: a field dropped anywhere on the way fails here, whichever it is.
 */

/** A value each field's rules accept, different for every field (so two swapped fields show too). */
function typedValue(name: RegistrationFieldName): string {
  const { kind, maxLength } = registrationField(name);
  switch (kind) {
    case 'age':
      return '37';
    case 'phone':
      return uniquePhone();
    case 'text':
      return ` ${name} ${randomBytes(3).toString('hex')} `.slice(0, maxLength);
    case 'longText':
    case 'interest':
      return ` The answer to ${name}, long enough for the wizard's rule. `;
  }
}

/** What the server keeps of a typed value: trimmed, the age a number. */
function storedValue(name: RegistrationFieldName, typed: string): string | number {
  return registrationField(name).kind === 'age' ? Number(typed.trim()) : typed.trim();
}

describe.each(engines)('every declared registration field, wizard to member read, on $name', (engine) => {
  const adminToken = newAdminToken();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimits: generousRateLimits }, { adminToken });
  });
  afterAll(async () => {
    await server.close();
  });

  test('what the wizard holds is what the operator and the member read back', async () => {
    const code = await makeInvite(server.database.db, 'valid', 1);
    const typed = Object.fromEntries(
      REGISTRATION_FIELD_NAMES.map((name) => [name, typedValue(name)]),
    ) as Record<RegistrationFieldName, string>;

    // The wizard: every declared field typed, every step (shown or skipped) then valid.
    const wizard = makeStore();
    wizard.dispatch(inviteAccepted(code));
    for (const name of REGISTRATION_FIELD_NAMES)
      wizard.dispatch(fieldChanged({ field: name, value: typed[name] }));
    wizard.dispatch(lookingForToggled('Network'));
    const photo = await pngPhoto();
    const photoId = putPhoto(new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
    wizard.dispatch(
      photoChosen({
        id: photoId,
        name: 'me.png',
        type: 'image/png',
        size: photo.length,
        width: 40,
        height: 30,
      }),
    );
    wizard.dispatch(entryAdded({ part: 1, group: 'Chess club', location: 'Camden' }));
    const onboarding = wizard.getState().onboarding!;
    for (const step of [1, 2, 3, 4, 5, 6, 7, 8] satisfies WizardStepId[]) {
      expect({ step, valid: isWizardStepValid(step, onboarding.draft, 1) }).toEqual({ step, valid: true });
    }

    // A reload: the draft goes through session storage and back.
    const stored = JSON.parse(JSON.stringify(wizard.getState())) as unknown;
    const restored = restoreJoinDraft(stored)!;
    const reloaded = makeStore();
    reloaded.dispatch(inviteAccepted(code));
    reloaded.dispatch(onboardingRestored(restored.onboarding));
    reloaded.dispatch(networkRestored(restored.network));
    expect(reloaded.getState().onboarding!.draft).toEqual(onboarding.draft);

    // The completion screen's upload, sent as the browser sends it.
    const upload = registrationUploadFrom(reloaded.getState());
    if (!('payload' in upload)) throw new Error(`refused: ${upload.problem}`);
    const photos = await Promise.all(
      upload.photos.map(async (file) => Buffer.from(await file.arrayBuffer())),
    );
    const response = await server.app.inject(webRegistration(upload.payload, photos));
    expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 201 });
    const { user_id: userId, access_token: accessToken } = response.json<{
      user_id: string;
      access_token: string;
    }>();

    const interests = REGISTRATION_FIELD_NAMES.filter(
      (name) => registrationField(name).kind === 'interest',
    ).map((name) => typed[name].trim());
    expect(interests.length).toBeGreaterThan(0);

    // The operator's read (GET /api/admin/members/{id}): each declared field under its wire name.
    const member = await adminApi(server, adminToken).call<Record<string, unknown>>(
      'GET',
      `/api/admin/members/${userId}`,
    );
    for (const name of WIRE_FIELD_NAMES) {
      const wire = wireNameOf(name);
      expect({ wire, value: member[wire] }).toEqual({ wire, value: storedValue(name, typed[name]) });
    }
    expect(member.interests).toEqual(interests);
    expect(member.looking_for).toEqual(['Network']);

    // The member's own read (GET /api/me): each profile field, and the phone, under its wire name.
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    const profile = me.json<Record<string, unknown>>();
    for (const name of [...PROFILE_FIELD_NAMES, 'phone' as const]) {
      const wire = wireNameOf(name);
      expect({ wire, value: profile[wire] }).toEqual({ wire, value: storedValue(name, typed[name]) });
    }
    expect(profile.interests).toEqual(interests);
  });
});
