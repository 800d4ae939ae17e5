import type { MemberProfile } from '../../domain/contracts/member';
import { api } from '../../shared/api';

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
