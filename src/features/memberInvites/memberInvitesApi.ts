import type { MemberInvitesAnswer } from '../../domain/contracts/memberInvites';
import { api } from '../../shared/api';

const memberInvitesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in member's own codes. */
    myInvites: build.query<MemberInvitesAnswer, void>({
      query: () => '/api/me/invites',
      providesTags: ['Member'],
    }),
  }),
});

export const { useMyInvitesQuery } = memberInvitesApi;
