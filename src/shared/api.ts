import { createApi, fetchBaseQuery, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { WithSlice } from '@reduxjs/toolkit';
import { dynamicMiddleware, initialiseInjectedSlices, rootReducer } from './store';

/** The API lives on the page's own origin unless the build was pointed elsewhere. */
export const apiBaseUrl = process.env.BECCA_API_URL || globalThis.location?.origin || '';

/** The one createApi: features add their calls with `api.injectEndpoints` in their own files. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: apiBaseUrl }),
  endpoints: (build) => ({
    health: build.query<{ status: string }, void>({ query: () => '/health' }),
  }),
});

declare module './store' {
  export interface LazyLoadedSlices extends WithSlice<typeof api> {}
}

// Loading this module is what brings RTK Query into the store (see LazyLoadedSlices).
rootReducer.inject(api);
dynamicMiddleware.addMiddleware(api.middleware);
initialiseInjectedSlices();

export const { useHealthQuery } = api;

/** Spec §8: the server's `detail` when it sent one, else "HTTP error! Status: {status}". */
export function describeApiError(error: unknown, fallback: string): string {
  const fetchError = error as FetchBaseQueryError | undefined;
  if (!fetchError || typeof fetchError !== 'object' || !('status' in fetchError)) return fallback;
  const data = fetchError.data as { detail?: unknown } | undefined;
  if (data && typeof data.detail === 'string' && data.detail) return data.detail;
  if (typeof fetchError.status === 'number') return `HTTP error! Status: ${fetchError.status}`;
  return fallback;
}
