import type { OptOutDone, OptOutRequest } from '../../domain/contracts/optOut';
import { api } from '../../shared/api';

const optOutApi = api.injectEndpoints({
  endpoints: (build) => ({
    optOutPhone: build.mutation<OptOutDone, OptOutRequest>({
      query: (body) => ({ url: '/api/opt-out', method: 'POST', body }),
    }),
  }),
});

export const { useOptOutPhoneMutation } = optOutApi;
