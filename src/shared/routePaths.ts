/**
 * Every path of the site's route table (docs/product.md, The pages), defined once. Pure data: the server imports it too, to
 * answer known paths with 200 and anything else with the 404 page and status 404.
 */
export const routePaths = {
  home: '/',
  becca: '/becca',
  communities: '/communities',
  join: '/join',
  howItWorks: '/how-it-works',
  faq: '/faq',
  privacy: '/privacy',
  terms: '/terms',
  account: '/account',
  optOut: '/opt-out',
  admin: '/admin',
  adminCodes: '/admin/codes',
  adminWaitlist: '/admin/waitlist',
  adminMembers: '/admin/members',
  adminCommunities: '/admin/communities',
  adminWebhooks: '/admin/webhooks',
  adminAudit: '/admin/audit',
  partner: '/partner',
  phoneFadeTest: '/phone-fade-test',
  testIntegration: '/test-integration',
  testValidation: '/test-validation',
  testWebRegistration: '/test-web-registration',
} as const;

/**
 * A community link's door poster (issue 50): a route of the web app with a parameter, so not one of
 * the pages above (nothing is prerendered for it); the server answers it with /partner's page.
 */
export const PARTNER_POSTER_ROUTE = '/partner/links/:code/poster';
export const partnerPosterPath = (code: string) => `/partner/links/${encodeURIComponent(code)}/poster`;

export type RoutePath = (typeof routePaths)[keyof typeof routePaths];

const knownPaths: ReadonlySet<string> = new Set(Object.values(routePaths));

/** True for a path of the route table; a trailing slash is tolerated ("/faq/"). */
export function isKnownRoute(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return knownPaths.has(trimmed || '/');
}
