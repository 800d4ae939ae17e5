import { api } from '../../shared/api';

/** `GET /api/me`, as the server sends it. */
export interface MemberProfile {
  user_id: string;
  first_name: string;
  last_name: string;
  age: number;
  location: string;
  phone: string;
  occupation: string;
  looking_for: string[];
  interests: string[];
  who_i_know: { kind: 'group' | 'person'; name: string; location: string }[];
  status: 'registered' | 'linked' | 'onboarded';
  registered_at: string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    myProfile: build.query<MemberProfile, string>({
      query: (token) => ({ url: '/api/me', headers: bearer(token) }),
    }),
    /** The export as text: the page turns it into a file; a Blob would not belong in the store. */
    exportMyData: build.mutation<string, string>({
      query: (token) => ({ url: '/api/me/export', headers: bearer(token), responseHandler: 'text' }),
    }),
    deleteMyAccount: build.mutation<null, string>({
      query: (token) => ({ url: '/api/me', method: 'DELETE', headers: bearer(token) }),
    }),
  }),
});

export const { useMyProfileQuery, useExportMyDataMutation, useDeleteMyAccountMutation } = accountApi;
