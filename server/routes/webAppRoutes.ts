import fs from 'node:fs';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isKnownRoute, PARTNER_POSTER_ROUTE, routePaths } from '../../src/shared/routePaths';
import { HttpError, noSuchEndpoint } from '../httpError';
import { answerOtherMethod, type AllowedMethods } from '../web/allowedMethods';
import { serveBuiltFiles } from '../web/builtFiles';
import { sendHtmlPage, type HtmlPage } from '../web/htmlPages';
import type { SitePages } from '../web/sitePages';
import { isApiPath } from '../web/securityHeaders';

export interface WebAppOptions {
  webRoot: string;
  pages: SitePages;
  allowedMethods: AllowedMethods;
}

export const webAppRoutes: FastifyPluginAsync<WebAppOptions> = async (
  app,
  { webRoot, pages, allowedMethods },
) => {
  const { shell } = pages;
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

  // The pages are sent already compressed, in the encoding the client takes, with the headers and
  // ETag worked out once at start (htmlPages.ts): a request costs a lookup and a write.
  for (const [pathname, page] of pages.byPath) {
    app.get(pathname, { compress: false }, (request, reply) => sendApp(request, reply, page, 200));
  }

  // A community link's door poster (issue 50) is /partner's page: the web app reads the code from the path.
  const partnerPage = pages.byPath.get(routePaths.partner);
  app.get(PARTNER_POSTER_ROUTE, { compress: false }, (request, reply) =>
    sendApp(request, reply, partnerPage, 200),
  );

  app.setNotFoundHandler((request, reply) => {
    if (answerOtherMethod(request, reply, allowedMethods)) return reply;
    if (isApiPath(request.url)) {
      throw noSuchEndpoint(request);
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
