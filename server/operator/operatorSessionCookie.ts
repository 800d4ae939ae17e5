/**
 * The cookie that carries an operator's session in the browser (the `operatorSession` security
 * scheme of the admin API's OpenAPI document). Named once, here, for the routes that set and read it
 * and for the document that publishes it.
 *
 * Over https it is `__Host-becca_operator`: a browser accepts a cookie of that name only from this
 * very host, Secure, with Path=/ and no Domain, so a page on a sibling host cannot plant one beside
 * ours (cookie tossing). Plain http (a laptop) cannot have the prefix and keeps the plain name.
 */
export const OPERATOR_SESSION_COOKIE = 'becca_operator';

export function operatorSessionCookieName(appUrl: string): string {
  return new URL(appUrl).protocol === 'https:'
    ? `__Host-${OPERATOR_SESSION_COOKIE}`
    : OPERATOR_SESSION_COOKIE;
}
