import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { prerenderedFileName, prerenderedPaths } from '../../src/shared/prerenderedPaths';
import { isKnownRoute, routePaths } from '../../src/shared/routePaths';
import { serveBuiltFiles } from '../web/builtFiles';
import { loadHtmlPage, sendHtmlPage, type HtmlPage } from '../web/htmlPages';
import { isApiPath } from '../web/securityHeaders';

/** The built file for a path: the page prerendered at build time when there is one, else the app's shell. */
function htmlFileFor(webRoot: string, pathname: string): string {
  if (prerenderedPaths.includes(pathname)) {
    const prerendered = path.join('prerendered', prerenderedFileName(pathname));
    if (fs.existsSync(path.join(webRoot, prerendered))) return prerendered;
  }
  return 'index.html';
}

export const webAppRoutes: FastifyPluginAsync<{ webRoot: string }> = async (app, { webRoot }) => {
  // Every page is read (and its CSP worked out) once, at start: the build never changes under us.
  const shell = loadHtmlPage(webRoot, 'index.html');
  const pages = new Map<string, HtmlPage | undefined>();
  for (const pathname of Object.values(routePaths)) {
    const file = htmlFileFor(webRoot, pathname);
    pages.set(pathname, file === 'index.html' ? shell : loadHtmlPage(webRoot, file));
  }

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
    if (isApiPath(request.url)) {
      return reply
        .code(404)
        .send({ detail: `No API endpoint ${request.method} ${request.url.split('?')[0]}.` });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ detail: 'Not found.' });
    }
    const pathname = request.url.split('?')[0] ?? '/';
    if (!isKnownRoute(pathname)) return sendApp(request, reply, shell, 404);
    // A known path with a trailing slash ("/faq/").
    return sendApp(request, reply, pages.get(pathname.replace(/\/+$/, '') || '/'), 200);
  });
};
