import type { AdminOverview } from '../../domain/contracts/adminOverview';
import { api, apiErrorStatus } from '../../shared/api';

/**
 * `GET /api/admin/session`: who is signed in to the console on this browser (its HttpOnly cookie),
 * or 401. The cookie travels by itself: the console is served from the API's own origin.
 */
export interface OperatorSession {
  operator: { name: string };
}

const SESSION_TAG = 'OperatorSession' as const;
const consoleApi = api.enhanceEndpoints({ addTagTypes: [SESSION_TAG] });

/**
 * Any admin call answering 401 means the session died under the page (expired, or the operator was
 * removed): the session is asked again, and its answer (401, with the operator still known from
 * before) is what tells the console to say so rather than show a broken page.
 */
async function recheckSessionOn401(
  _argument: unknown,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<unknown> },
) {
  try {
    await queryFulfilled;
  } catch (failure) {
    if (apiErrorStatus((failure as { error?: unknown }).error) === 401)
      dispatch(consoleApi.util.invalidateTags([SESSION_TAG]));
  }
}

const operatorConsoleApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    operatorSession: build.query<OperatorSession, void>({
      query: () => '/api/admin/session',
      providesTags: [SESSION_TAG],
    }),
    signOut: build.mutation<void, void>({
      query: () => ({ url: '/api/admin/session/sign-out', method: 'POST' }),
    }),
    adminOverview: build.query<AdminOverview, void>({
      query: () => '/api/admin/overview',
      onQueryStarted: recheckSessionOn401,
    }),
  }),
});

export const { useOperatorSessionQuery, useSignOutMutation, useAdminOverviewQuery } = operatorConsoleApi;
