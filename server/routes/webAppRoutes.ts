import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { prerenderedFileName, prerenderedPaths } from '../../src/shared/prerenderedPaths';
import { isKnownRoute, routePaths } from '../../src/shared/routePaths';

// The build leaves these in the HTML; each response gets its own nonces (see app.ts's CSP).
const STYLE_NONCE_PLACEHOLDER = '__CSP_NONCE__';
const SCRIPT_NONCE_PLACEHOLDER = '__CSP_SCRIPT_NONCE__';

/** The HTML for a path: the page prerendered at build time when there is one, else the app's shell. */
function htmlFileFor(webRoot: string, pathname: string): string {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (prerenderedPaths.includes(clean)) {
    const prerendered = path.join(webRoot, 'prerendered', prerenderedFileName(clean));
    if (fs.existsSync(prerendered)) return prerendered;
  }
  return path.join(webRoot, 'index.html');
}

export const webAppRoutes: FastifyPluginAsync<{ webRoot: string }> = async (app, { webRoot }) => {
  const htmlCache = new Map<string, string>();
  const readHtml = (file: string) => {
    let html = htmlCache.get(file);
    if (html === undefined) {
      html = fs.readFileSync(file, 'utf8');
      htmlCache.set(file, html);
    }
    return html;
  };

  const sendApp = (request: FastifyRequest, reply: FastifyReply, status: number) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const file = status === 200 ? htmlFileFor(webRoot, pathname) : path.join(webRoot, 'index.html');
    if (!fs.existsSync(file)) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built yet: run `npm run build` (npm start does it for you).');
    }
    // Emotion adds <style> tags at run time and the boot script sits inline in the page: the
    // per-response nonces let the CSP allow exactly those.
    const html = readHtml(file)
      .replaceAll(STYLE_NONCE_PLACEHOLDER, reply.cspNonce.style)
      .replaceAll(SCRIPT_NONCE_PLACEHOLDER, reply.cspNonce.script);
    return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  if (fs.existsSync(webRoot)) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      wildcard: false,
      cacheControl: false,
      // The build writes .br and .gz beside each asset (scripts/precompress.ts).
      preCompressed: true,
      // HTML goes through sendApp, which fills in the CSP nonce and the right status.
      allowedPath: (pathName) => !pathName.endsWith('.html'),
      // Built assets carry a content hash in their names, so they never change under a URL.
      setHeaders: (res, filePath) => {
        const hashed = /\.[0-9a-f]{8,}\.(js|css|woff2|png|jpg|webp|mp4)(\.br|\.gz)?$/.test(filePath);
        res.setHeader(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  // Real routes (not only the not-found handler) so that route hooks such as compression apply.
  for (const pathname of Object.values(routePaths)) {
    app.get(pathname, (request, reply) => sendApp(request, reply, 200));
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply
        .code(404)
        .send({ detail: `No API endpoint ${request.method} ${request.url.split('?')[0]}.` });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ detail: 'Not found.' });
    }
    const pathname = request.url.split('?')[0] ?? '/';
    return sendApp(request, reply, isKnownRoute(pathname) ? 200 : 404);
  });
};
