import type { RouteObject } from 'react-router-dom';
import { routePaths } from './routePaths';
import RouteErrorPage from '../pages/RouteErrorPage';

/** A route whose page module is fetched only when someone visits it. */
function page(load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

function comingSoon(title: string): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const { ComingSoonPage } = await import('../pages/ComingSoonPage');
      return { Component: () => <ComingSoonPage title={title} /> };
    },
  };
}

export const appRoutes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    // Shown for the moment it takes to fetch the first page's code.
    HydrateFallback: () => <div aria-busy="true" />,
    children: [
      { path: routePaths.home, ...page(() => import('../pages/HomePage')) },
      { path: routePaths.becca, ...comingSoon('Meet Becca') },
      { path: routePaths.communities, ...comingSoon('Becca for communities') },
      { path: routePaths.join, ...page(() => import('../pages/join/JoinPage')) },
      { path: routePaths.howItWorks, ...comingSoon('How it works') },
      { path: routePaths.faq, ...page(() => import('../pages/FaqPage')) },
      { path: routePaths.privacy, ...page(() => import('../pages/PrivacyPage')) },
      { path: routePaths.terms, ...page(() => import('../pages/TermsPage')) },
      { path: routePaths.phoneFadeTest, ...page(() => import('../pages/dev/PhoneFadeTestPage')) },
      { path: routePaths.testIntegration, ...page(() => import('../pages/dev/TestIntegrationPage')) },
      { path: routePaths.testValidation, ...page(() => import('../pages/dev/TestValidationPage')) },
      { path: routePaths.testWebRegistration, ...page(() => import('../pages/dev/TestWebRegistrationPage')) },
      { path: '*', ...page(() => import('../pages/NotFoundPage')) },
    ],
  },
];
