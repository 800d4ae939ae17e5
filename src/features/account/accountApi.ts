import type { MemberProfile } from '../../domain/contracts/member';
import { api } from '../../shared/api';

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    myProfile: build.query<MemberProfile, void>({
      query: () => '/api/me',
      providesTags: ['Member'],
    }),
    /** The export as text: the page turns it into a file; a Blob would not belong in the store. */
    exportMyData: build.mutation<string, void>({
      query: () => ({ url: '/api/me/export', responseHandler: 'text' }),
    }),
    deleteMyAccount: build.mutation<null, void>({
      query: () => ({ url: '/api/me', method: 'DELETE' }),
    }),
  }),
});

export const { useMyProfileQuery, useExportMyDataMutation, useDeleteMyAccountMutation } = accountApi;
