import type { MemberInvitesAnswer } from '../../domain/contracts/memberInvites';
import { api } from '../../shared/api';

export type { MemberInvite, MemberInviteStatus } from '../../domain/contracts/memberInvites';

const memberInvitesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in member's own codes; the argument is their access token. */
    myInvites: build.query<MemberInvitesAnswer, string>({
      query: (accessToken) => ({
        url: '/api/me/invites',
        headers: { authorization: `Bearer ${accessToken}` },
      }),
    }),
  }),
});

export const { useMyInvitesQuery } = memberInvitesApi;
