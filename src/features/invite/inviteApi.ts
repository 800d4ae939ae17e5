import { api } from '../../shared/api';
import type { WaitlistEmailRequest, WaitlistPhoneRequest } from '../../domain/waitlist';

export interface InviteValidation {
  valid: boolean;
  message: string;
}

export interface WaitlistAnswer {
  success: boolean;
  message: string;
}

const inviteApi = api.injectEndpoints({
  endpoints: (build) => ({
    validateCode: build.query<InviteValidation, string>({
      query: (code) => `/api/auth/validate-code/${encodeURIComponent(code)}`,
      // A code can be revoked or used up at any time: an answer is not kept once nobody shows it.
      keepUnusedDataFor: 0,
    }),
    joinWaitlist: build.mutation<WaitlistAnswer, WaitlistPhoneRequest | WaitlistEmailRequest>({
      query: (body) => ({ url: '/api/waitlist/join', method: 'POST', body }),
    }),
  }),
});

export const { useValidateCodeQuery, useLazyValidateCodeQuery, useJoinWaitlistMutation } = inviteApi;
