import { storeAccessToken } from '../../shared/accessToken';
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
        const result = await sendMultipart<RegistrationAnswer>(
          `${apiBaseUrl}/api/auth/register`,
          form,
          (fraction) => dispatch(uploadProgressed(fraction)),
        );
        // Kept before the answer reaches any component, so the calls the welcome makes (the new
        // member's invites) already carry the new key.
        if ('data' in result) storeAccessToken(result.data.access_token);
        return result;
      },
      // Whatever this browser held of an earlier member is not the new member's.
      invalidatesTags: ['Member'],
    }),
    registerLegacy: build.mutation<RegistrationAnswer, LegacyRegistrationUpload>({
      queryFn: async ({ fields, photo }) => {
        const form = new FormData();
        Object.entries(fields).forEach(([name, value]) => form.append(name, value));
        form.append('photo_0', photo, 'photo_0.jpg');
        return sendMultipart<RegistrationAnswer>(`${apiBaseUrl}/api/auth/register`, form, () => undefined);
      },
    }),
    nominateFriend: build.mutation<NominationThanks, FriendNomination>({
      query: (nomination) => ({ url: '/api/nominate/friend', method: 'POST', body: nomination }),
    }),
  }),
});

export const { useRegisterMutation, useRegisterLegacyMutation, useNominateFriendMutation } = registrationApi;
