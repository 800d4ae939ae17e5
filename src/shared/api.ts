import { createApi, fetchBaseQuery, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { WithSlice } from '@reduxjs/toolkit';
import { readAccessToken } from './accessToken';
import { injectLazily } from './store';

/** The API lives on the page's own origin unless the build was pointed elsewhere. */
export const apiBaseUrl = process.env.BECCA_API_URL || globalThis.location?.origin || '';

/**
 * The one createApi: features add their calls with `api.injectEndpoints` in their own files. Every
 * call carries the member's access token when this browser holds one, read when the call is sent (so a
 * registration's new token counts from the next call); no endpoint builds the header itself.
 * `Member` tags what belongs to the signed-in member, dropped when someone new registers here.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: apiBaseUrl,
    prepareHeaders: (headers) => {
      const token = readAccessToken();
      if (token) headers.set('authorization', `Bearer ${token}`);
      return headers;
    },
  }),
  tagTypes: ['Member'],
  endpoints: (build) => ({
    health: build.query<{ status: string }, void>({ query: () => '/health' }),
  }),
});

declare module './store' {
  export interface LazyLoadedSlices extends WithSlice<typeof api> {}
}

// Loading this module is what brings RTK Query into the store (see LazyLoadedSlices).
injectLazily(api);

/** The HTTP status of a failed call the server answered (even with a body that is not JSON); undefined when it never answered. */
export function apiErrorStatus(error: unknown): number | undefined {
  const failure = error as FetchBaseQueryError | undefined;
  if (!failure || typeof failure !== 'object' || !('status' in failure)) return undefined;
  if (typeof failure.status === 'number') return failure.status;
  return 'originalStatus' in failure ? failure.originalStatus : undefined;
}

/**
 * The one reading of a failed call, for every endpoint: the server's `{detail}` sentence when it sent
 * one (errors are always `{detail: "<human sentence>"}`), else `fallback`.
 */
export function apiErrorDetail(error: unknown, fallback: string): string {
  const data = (error as { data?: { detail?: unknown } } | undefined)?.data;
  const detail = typeof data === 'object' && data !== null ? data.detail : undefined;
  return typeof detail === 'string' && detail !== '' ? detail : fallback;
}
