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
    /** The signed-in member's own codes. */
    myInvites: build.query<MemberInvitesAnswer, void>({
      query: () => '/api/me/invites',
      providesTags: ['Member'],
    }),
  }),
});

export const { useMyInvitesQuery } = memberInvitesApi;
