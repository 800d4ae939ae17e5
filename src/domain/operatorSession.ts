/**
 * What the server answers (401) and the console shows when a request carries two cookies of the
 * session's name. A page on a sibling host can plant a second one ("cookie tossing"); whichever the
 * server believed, the operator could end up acting as someone else, or signed out by junk, so
 * neither is believed.
 */
export const TWO_SESSION_COOKIES_DETAIL =
  'This browser sent two operator session cookies, so it is treated as signed out: another site may have planted one. Clear this site’s cookies, then sign in again with a new link.';
