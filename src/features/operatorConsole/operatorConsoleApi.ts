import { adminPaths, type AdminAnswer } from '../../domain/contracts/adminPaths';
import type { OperatorRole } from '../../domain/operatorRoles';
import { api, apiErrorStatus } from '../../shared/api';

/**
 * `GET /api/admin/session`: who is signed in to the console on this browser (its HttpOnly cookie),
 * or 401 (see refusesThisBrowser). The cookie travels by itself: the console is served from the API's own origin.
 */
export interface OperatorSession {
  operator: { name: string; role: OperatorRole };
}

const SESSION_TAG = 'OperatorSession' as const;
export const consoleApi = api.enhanceEndpoints({ addTagTypes: [SESSION_TAG] });

/**
 * The answers of an admin route to a browser without a live session: 401, or the 404 of a route that
 * does not exist, which is how the admin routes have always refused anyone they do not know.
 */
export const refusesThisBrowser = (error: unknown) => [401, 404].includes(apiErrorStatus(error) ?? 0);

/**
 * Any admin call refused that way means the session may have died under the page (expired, or the
 * operator was removed): the session is asked again, and its answer (refused, with the operator still
 * known from before) is what tells the console to say so rather than show a broken page.
 */
export async function recheckSessionWhenRefused(
  _argument: unknown,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<unknown> },
) {
  try {
    await queryFulfilled;
  } catch (failure) {
    if (refusesThisBrowser((failure as { error?: unknown }).error))
      dispatch(consoleApi.util.invalidateTags([SESSION_TAG]));
  }
}

/** Endpoints named after the operations' operationIds. */
const operatorConsoleApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    getOperatorSession: build.query<OperatorSession, void>({
      query: () => '/api/admin/session',
      providesTags: [SESSION_TAG],
    }),
    /** Any success will do, whatever its body: 204, or a redirect back to /admin that fetch follows. */
    signOutOperator: build.mutation<unknown, void>({
      query: () => ({ url: '/api/admin/session/sign-out', method: 'POST', responseHandler: 'content-type' }),
    }),
    getOverview: build.query<AdminAnswer<'getOverview'>, void>({
      query: () => adminPaths.getOverview.path,
      onQueryStarted: recheckSessionWhenRefused,
    }),
  }),
});

export const { useGetOperatorSessionQuery, useSignOutOperatorMutation, useGetOverviewQuery } =
  operatorConsoleApi;
