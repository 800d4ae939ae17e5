import { routePaths } from './routePaths';

/** Public pages rendered to HTML at build time (see scripts/prerender.tsx); pure data, the server reads it too. */
export const prerenderedPaths: readonly string[] = [
  routePaths.home,
  routePaths.becca,
  routePaths.howItWorks,
  routePaths.communities,
  routePaths.faq,
  routePaths.privacy,
  routePaths.terms,
];

export function prerenderedFileName(pathname: string): string {
  return pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`;
}
