import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { touchSession, type Operator } from './operatorAccounts';
import { OPERATOR_SESSION_COOKIE } from './operatorSessionCookie';

export interface OperatorSessionOptions {
  db: Db;
  /** APP_URL: its origin is the only one whose pages may change anything with a session. */
  appUrl: string;
}

type RequestHeaders = Pick<FastifyRequest, 'headers' | 'method'>;

/** The value of one cookie in a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return undefined;
}

export function sessionTokenOf(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  return cookieValue(request.headers.cookie, OPERATOR_SESSION_COOKIE);
}

const READ_ONLY_METHODS = new Set(['GET', 'HEAD']);

/**
 * The CSRF defence of everything a session may change: the browser itself must say the request came
 * from one of our own pages. `Sec-Fetch-Site: same-origin` (every current browser sends it, and no
 * page can set it); where a browser sends no Sec-Fetch-Site, an `Origin` equal to APP_URL's origin.
 * Anything else (a cross-site form, a sibling subdomain's page, no header at all) is refused.
 */
export function isSameOriginRequest(request: RequestHeaders, appUrl: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  const origin = request.headers.origin;
  return typeof origin === 'string' && origin === new URL(appUrl).origin;
}

/**
 * The operator signed in on this request's session cookie, or undefined: no cookie, an unknown or
 * expired session, a removed operator, or a request that could change something (not GET or HEAD)
 * that fails the same-origin check above. A live session is kept alive for 12 more hours.
 */
export async function operatorFromSession(
  request: RequestHeaders,
  { db, appUrl }: OperatorSessionOptions,
): Promise<Operator | undefined> {
  const token = sessionTokenOf(request);
  if (!token) return undefined;
  if (!READ_ONLY_METHODS.has(request.method) && !isSameOriginRequest(request, appUrl)) return undefined;
  return touchSession(db, token);
}

const isHttps = (appUrl: string) => new URL(appUrl).protocol === 'https:';

/**
 * The Set-Cookie of a new session. No Max-Age: the server ends the session after 12 idle hours, and
 * a browser that closes drops the cookie sooner. Secure whenever the site is served over https.
 */
export function sessionCookie(token: string, appUrl: string): string {
  return [
    `${OPERATOR_SESSION_COOKIE}=${token}`,
    'HttpOnly',
    ...(isHttps(appUrl) ? ['Secure'] : []),
    'SameSite=Strict',
    'Path=/',
  ].join('; ');
}

/** The Set-Cookie that makes the browser forget the session (sign-out). */
export function clearedSessionCookie(appUrl: string): string {
  return `${sessionCookie('', appUrl)}; Max-Age=0`;
}
