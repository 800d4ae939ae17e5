import { api } from '../../shared/api';
import type {
  CommunityApplicationReceived,
  CommunityApplicationRequest,
} from '../../domain/contracts/communityApplication';

const communityPartnerApi = api.injectEndpoints({
  endpoints: (build) => ({
    applyAsCommunity: build.mutation<CommunityApplicationReceived, CommunityApplicationRequest>({
      query: (body) => ({ url: '/api/community-applications', method: 'POST', body }),
    }),
  }),
});

export const { useApplyAsCommunityMutation } = communityPartnerApi;
