import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { touchSession, type SessionOperator } from './operatorAccounts';
import { operatorSessionCookieName } from './operatorSessionCookie';

export interface OperatorSessionOptions {
  db: Db;
  /** APP_URL: its origin is the only one whose pages may change anything with a session. */
  appUrl: string;
}

type RequestHeaders = Pick<FastifyRequest, 'headers' | 'method'>;

/** Every value of the cookies of this name in a Cookie header, in order. */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name)
      values.push(pair.slice(separator + 1).trim());
  }
  return values;
}

/** What a request says about its session: no cookie, one token, or several cookies of the name. */
export type SessionCookie = { state: 'none' } | { state: 'one'; token: string } | { state: 'several' };

export function sessionCookieOf(request: Pick<FastifyRequest, 'headers'>, appUrl: string): SessionCookie {
  const values = cookieValues(request.headers.cookie, operatorSessionCookieName(appUrl));
  if (values.length > 1) return { state: 'several' };
  return values[0] ? { state: 'one', token: values[0] } : { state: 'none' };
}

/**
 * The session token of a request with exactly one session cookie. Two cookies of the name (one may
 * have been planted by a sibling host) count as none: whichever we believed, the operator could be
 * signed in as someone else.
 */
export function sessionTokenOf(request: Pick<FastifyRequest, 'headers'>, appUrl: string): string | undefined {
  const cookie = sessionCookieOf(request, appUrl);
  return cookie.state === 'one' ? cookie.token : undefined;
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
): Promise<SessionOperator | undefined> {
  const token = sessionTokenOf(request, appUrl);
  if (!token) return undefined;
  if (!READ_ONLY_METHODS.has(request.method) && !isSameOriginRequest(request, appUrl)) return undefined;
  return touchSession(db, token);
}

const isHttps = (appUrl: string) => new URL(appUrl).protocol === 'https:';

/**
 * The Set-Cookie of a new session. No Max-Age: the server ends the session after 12 idle hours, and
 * a browser that closes drops the cookie sooner. Secure (and `__Host-`) whenever the site is served
 * over https; never a Domain, so it is this host's alone.
 */
export function sessionCookie(token: string, appUrl: string): string {
  return [
    `${operatorSessionCookieName(appUrl)}=${token}`,
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
