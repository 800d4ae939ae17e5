import { api } from '../../shared/api';

export interface MemberInvite {
  code: string;
  used: boolean;
  share_url: string;
}

export interface MemberInvitesAnswer {
  invites: MemberInvite[];
}

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
