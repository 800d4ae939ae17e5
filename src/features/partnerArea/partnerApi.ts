import type {
  EventLink,
  EventLinkList,
  EventLinkRequest,
  PartnerCommunity,
} from '../../domain/contracts/partner';
import { api } from '../../shared/api';

const LINKS = 'PartnerLinks' as const;
const partnerBase = api.enhanceEndpoints({ addTagTypes: [LINKS] });

/** The organiser's area (`/api/partner/*`): the session cookie travels by itself (same origin). */
const partnerApi = partnerBase.injectEndpoints({
  endpoints: (build) => ({
    partnerCommunity: build.query<PartnerCommunity, void>({
      query: () => '/api/partner/community',
      providesTags: [LINKS],
    }),
    eventLinks: build.query<EventLinkList, void>({
      query: () => '/api/partner/event-links',
      providesTags: [LINKS],
    }),
    createEventLink: build.mutation<EventLink, EventLinkRequest>({
      query: (body) => ({ url: '/api/partner/event-links', method: 'POST', body }),
      invalidatesTags: [LINKS],
    }),
    revokeEventLink: build.mutation<EventLink, string>({
      query: (code) => ({
        url: `/api/partner/event-links/${encodeURIComponent(code)}/revocation`,
        method: 'POST',
      }),
      invalidatesTags: [LINKS],
    }),
    signOutOrganiser: build.mutation<null, void>({
      query: () => ({ url: '/api/partner/session/sign-out', method: 'POST' }),
      invalidatesTags: [LINKS],
    }),
  }),
});

export const {
  usePartnerCommunityQuery,
  useEventLinksQuery,
  useCreateEventLinkMutation,
  useRevokeEventLinkMutation,
  useSignOutOrganiserMutation,
} = partnerApi;
