import type { RouteObject } from 'react-router-dom';
import { PARTNER_POSTER_ROUTE, routePaths } from '../shared/routePaths';
import RouteErrorPage from '../pages/RouteErrorPage';

/** A route whose page module is fetched only when someone visits it. */
function page(load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

export const appRoutes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    // Shown for the moment it takes to fetch the first page's code.
    HydrateFallback: () => <div aria-busy="true" />,
    children: [
      { path: routePaths.home, ...page(() => import('../pages/marketing/HomePage')) },
      { path: routePaths.becca, ...page(() => import('../pages/marketing/BeccaPage')) },
      { path: routePaths.communities, ...page(() => import('../pages/marketing/CommunitiesPage')) },
      { path: routePaths.join, ...page(() => import('../pages/join/JoinPage')) },
      { path: routePaths.howItWorks, ...page(() => import('../pages/marketing/HowItWorksPage')) },
      { path: routePaths.faq, ...page(() => import('../pages/FaqPage')) },
      { path: routePaths.privacy, ...page(() => import('../pages/PrivacyPage')) },
      { path: routePaths.terms, ...page(() => import('../pages/TermsPage')) },
      { path: routePaths.account, ...page(() => import('../pages/AccountPage')) },
      { path: routePaths.optOut, ...page(() => import('../pages/OptOutPage')) },
      { path: routePaths.admin, ...page(() => import('../pages/admin/AdminPage')) },
      { path: routePaths.adminCodes, ...page(() => import('../pages/admin/AdminCodesPage')) },
      { path: routePaths.adminWaitlist, ...page(() => import('../pages/admin/AdminWaitlistPage')) },
      { path: routePaths.adminMembers, ...page(() => import('../pages/admin/AdminMembersPage')) },
      {
        path: routePaths.adminCommunities,
        ...page(() => import('../pages/admin/AdminCommunitiesPage')),
      },
      { path: routePaths.adminWebhooks, ...page(() => import('../pages/admin/AdminWebhooksPage')) },
      { path: routePaths.adminAudit, ...page(() => import('../pages/admin/AdminAuditPage')) },
      { path: routePaths.partner, ...page(() => import('../pages/partner/PartnerPage')) },
      { path: PARTNER_POSTER_ROUTE, ...page(() => import('../pages/partner/PartnerPosterPage')) },
      { path: routePaths.phoneFadeTest, ...page(() => import('../pages/dev/PhoneFadeTestPage')) },
      { path: routePaths.testIntegration, ...page(() => import('../pages/dev/TestIntegrationPage')) },
      { path: routePaths.testValidation, ...page(() => import('../pages/dev/TestValidationPage')) },
      { path: routePaths.testWebRegistration, ...page(() => import('../pages/dev/TestWebRegistrationPage')) },
      { path: '*', ...page(() => import('../pages/NotFoundPage')) },
    ],
  },
];
