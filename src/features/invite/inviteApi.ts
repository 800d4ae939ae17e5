import { api } from '../../shared/api';
import type { InviteValidation } from '../../domain/contracts/inviteCode';
import type {
  WaitlistEmailRequest,
  WaitlistJoined,
  WaitlistPhoneRequest,
} from '../../domain/contracts/waitlist';

const inviteApi = api.injectEndpoints({
  endpoints: (build) => ({
    validateCode: build.query<InviteValidation, string>({
      query: (code) => `/api/auth/validate-code/${encodeURIComponent(code)}`,
      // A code can be revoked or used up at any time: an answer is not kept once nobody shows it.
      keepUnusedDataFor: 0,
    }),
    joinWaitlist: build.mutation<WaitlistJoined, WaitlistPhoneRequest | WaitlistEmailRequest>({
      query: (body) => ({ url: '/api/waitlist/join', method: 'POST', body }),
    }),
  }),
});

export const { useValidateCodeQuery, useLazyValidateCodeQuery, useJoinWaitlistMutation } = inviteApi;
