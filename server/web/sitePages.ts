import fs from 'node:fs';
import path from 'node:path';
import { prerenderedFileName } from '../../src/shared/prerenderedPaths';
import { routePaths } from '../../src/shared/routePaths';
import { loadHtmlPage, type HtmlPage } from './htmlPages';
import type { Headers } from './securityHeaders';

/** The web app's pages, read and compressed once at start: the build never changes under a running server. */
export interface SitePages {
  /** The app's shell (index.html): what a path without a page of its own gets. Absent before a build. */
  shell: HtmlPage | undefined;
  /** Every path of the route table and its page. */
  byPath: ReadonlyMap<string, HtmlPage | undefined>;
}

/** The built file for a path: its page from dist/prerendered when the build made one, else the app's shell. */
function htmlFileFor(webRoot: string, pathname: string): string {
  const page = path.join('prerendered', prerenderedFileName(pathname));
  return fs.existsSync(path.join(webRoot, page)) ? page : 'index.html';
}

/**
 * Reads every page of the route table from the build in `webRoot`, with `siteUrl` (APP_URL without
 * a trailing slash) as the address the pages give as their own and the documents' security headers.
 */
export async function loadSitePages(
  webRoot: string,
  siteUrl: string,
  securityHeaders: Headers,
): Promise<SitePages> {
  const shell = await loadHtmlPage(webRoot, 'index.html', siteUrl, securityHeaders);
  const byPath = new Map<string, HtmlPage | undefined>(
    await Promise.all(
      Object.values(routePaths).map(async (pathname) => {
        const file = htmlFileFor(webRoot, pathname);
        const page =
          file === 'index.html' ? shell : await loadHtmlPage(webRoot, file, siteUrl, securityHeaders);
        return [pathname, page] as const;
      }),
    ),
  );
  return { shell, byPath };
}
