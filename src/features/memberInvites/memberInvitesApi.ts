import { api } from '../../shared/api';

export type MemberInviteStatus = 'unused' | 'used' | 'expired' | 'revoked';

export interface MemberInvite {
  code: string;
  /** Only an `unused` code can still let a friend in. */
  status: MemberInviteStatus;
  used: boolean;
  share_url: string;
}

export interface MemberInvitesAnswer {
  invites: MemberInvite[];
  /** False until the member messages Becca on WhatsApp from their number: their codes come then. */
  unlocked: boolean;
  /** While locked, their link to message Becca. */
  whatsapp_url: string | null;
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
