import { api, apiBaseUrl } from '../../shared/api';
import type { FriendNomination, NominationThanks } from '../../domain/contracts/nomination';
import type { Registered, WebRegistrationPayload } from '../../domain/contracts/registration';
import { uploadProgressed, uploadReset } from './registrationSlice';
import { sendMultipart } from './sendMultipart';

/** What a registration answers: the contract's `Registered`. */
export type RegistrationAnswer = Registered;

/** Not serialisable (Blobs), which RTK allows in a mutation's argument (`meta.arg` is exempt). */
export interface RegistrationUpload {
  payload: WebRegistrationPayload;
  photos: readonly Blob[];
}

/** The older multipart form of the test harness. */
export interface LegacyRegistrationUpload {
  fields: Record<string, string>;
  photo: Blob;
}

const registrationApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<RegistrationAnswer, RegistrationUpload>({
      queryFn: async ({ payload, photos }, { dispatch }) => {
        const form = new FormData();
        // form_data first: the server checks its invite code before it reads a single photo byte.
        form.append('form_data', JSON.stringify(payload));
        photos.forEach((photo, index) => form.append('photos', photo, `photo-${index + 1}.jpg`));
        dispatch(uploadReset());
        return sendMultipart<RegistrationAnswer>(`${apiBaseUrl}/api/auth/register`, form, (fraction) =>
          dispatch(uploadProgressed(fraction)),
        );
      },
    }),
    registerLegacy: build.mutation<RegistrationAnswer, LegacyRegistrationUpload>({
      queryFn: async ({ fields, photo }) => {
        const form = new FormData();
        Object.entries(fields).forEach(([name, value]) => form.append(name, value));
        form.append('photo_0', photo, 'photo_0.jpg');
        return sendMultipart<RegistrationAnswer>(`${apiBaseUrl}/api/auth/register`, form, () => undefined);
      },
    }),
    nominateFriend: build.mutation<NominationThanks, { token: string; nomination: FriendNomination }>({
      query: ({ token, nomination }) => ({
        url: '/api/nominate/friend',
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: nomination,
      }),
    }),
  }),
});

export const { useRegisterMutation, useRegisterLegacyMutation, useNominateFriendMutation } = registrationApi;
