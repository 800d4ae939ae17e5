import { api } from '../../shared/api';

const optOutApi = api.injectEndpoints({
  endpoints: (build) => ({
    optOutPhone: build.mutation<{ success: boolean; message: string }, { phone: string }>({
      query: (body) => ({ url: '/api/opt-out', method: 'POST', body }),
    }),
  }),
});

export const { useOptOutPhoneMutation } = optOutApi;
