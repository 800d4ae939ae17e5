import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { prerenderedFileName } from '../../src/shared/prerenderedPaths';
import { isKnownRoute, routePaths } from '../../src/shared/routePaths';
import { HttpError } from '../httpError';
import { answerOtherMethod, type AllowedMethods } from '../web/allowedMethods';
import { serveBuiltFiles } from '../web/builtFiles';
import { loadHtmlPage, sendHtmlPage, type HtmlPage } from '../web/htmlPages';
import { isApiPath } from '../web/securityHeaders';

/** The built file for a path: its page from dist/prerendered when the build made one, else the app's shell. */
function htmlFileFor(webRoot: string, pathname: string): string {
  const page = path.join('prerendered', prerenderedFileName(pathname));
  return fs.existsSync(path.join(webRoot, page)) ? page : 'index.html';
}

export interface WebAppOptions {
  webRoot: string;
  /** APP_URL without a trailing slash: the address the pages give as their own. */
  siteUrl: string;
  allowedMethods: AllowedMethods;
}

export const webAppRoutes: FastifyPluginAsync<WebAppOptions> = async (
  app,
  { webRoot, siteUrl, allowedMethods },
) => {
  // Every page is read (and its CSP worked out) once, at start: the build never changes under us.
  const shell = await loadHtmlPage(webRoot, 'index.html', siteUrl);
  const pages = new Map<string, HtmlPage | undefined>(
    await Promise.all(
      Object.values(routePaths).map(async (pathname) => {
        const file = htmlFileFor(webRoot, pathname);
        return [
          pathname,
          file === 'index.html' ? shell : await loadHtmlPage(webRoot, file, siteUrl),
        ] as const;
      }),
    ),
  );

  const sendApp = (
    request: FastifyRequest,
    reply: FastifyReply,
    page: HtmlPage | undefined,
    status: number,
  ) => {
    if (!page) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built yet: run `npm run build` (npm start does it for you).');
    }
    return sendHtmlPage(request, reply, page, status);
  };

  if (fs.existsSync(webRoot)) await serveBuiltFiles(app, webRoot);

  // The pages are sent already compressed, in the encoding the client takes.
  for (const [pathname, page] of pages) {
    app.get(pathname, { compress: false }, (request, reply) => sendApp(request, reply, page, 200));
  }

  app.setNotFoundHandler((request, reply) => {
    if (answerOtherMethod(request, reply, allowedMethods)) return reply;
    if (isApiPath(request.url)) {
      throw new HttpError(404, `No API endpoint ${request.method} ${request.url.split('?')[0]}.`);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new HttpError(404, 'Not found.');
    const pathname = request.url.split('?')[0] ?? '/';
    if (!isKnownRoute(pathname)) return sendApp(request, reply, shell, 404);
    // A known path with a trailing slash ("/faq/"): one address per page, so links, caches and
    // search engines do not split it in two. Relative, so the Host header cannot choose where to.
    const canonical = pathname.replace(/\/+$/, '') || '/';
    return reply
      .header('cache-control', 'public, max-age=3600')
      .redirect(canonical + request.url.slice(pathname.length), 301);
  });
};
