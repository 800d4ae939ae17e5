import type { OperatorRole } from '../../domain/operatorRoles';
import { TWO_SESSION_COOKIES_DETAIL } from '../../domain/operatorSession';
import { apiErrorDetail } from '../../shared/api';
import { refusesThisBrowser, useGetOperatorSessionQuery } from './operatorConsoleApi';

/** Where this browser stands with the console, from `GET /api/admin/session`. */
export type ConsoleSession =
  | { state: 'checking' }
  | { state: 'signedOut' }
  /** Two session cookies arrived (one may have been planted by another site): treated as signed out. */
  | { state: 'twoCookies' }
  /** It was signed in, and an admin call has since been refused: expired, or the operator removed. */
  | { state: 'ended'; name: string }
  | { state: 'unreachable'; detail: string; retry: () => void }
  | { state: 'signedIn'; name: string; role: OperatorRole };

export function useConsoleSession(): ConsoleSession {
  // RTK Query keeps the last good answer in `data` when a later check fails: that is how a refusal
  // now is told apart from never having been signed in.
  const { data, error, isError, refetch } = useGetOperatorSessionQuery();
  if (isError && refusesThisBrowser(error)) {
    if (apiErrorDetail(error, '') === TWO_SESSION_COOKIES_DETAIL) return { state: 'twoCookies' };
    return data ? { state: 'ended', name: data.operator.name } : { state: 'signedOut' };
  }
  if (data) return { state: 'signedIn', name: data.operator.name, role: data.operator.role };
  if (isError) {
    return {
      state: 'unreachable',
      detail: apiErrorDetail(error, 'The server did not answer. Check your connection and try again.'),
      retry: () => void refetch(),
    };
  }
  return { state: 'checking' };
}
