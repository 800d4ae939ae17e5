/**
 * Renders the public pages to HTML at build time (after webpack), so their first paint needs no
 * JavaScript: the markup and Emotion's critical CSS go into dist/prerendered/<page>.html, which the
 * server sends for those paths and the app then hydrates. Every other route gets the app's shell
 * there with its own head (title, description, canonical address, link-preview tags).
 *
 *   npm run build   (webpack, then this)
 */
import fs from 'node:fs';
import path from 'node:path';
import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from '../src/app/AppProviders';
import { prerenderedPaths, prerenderedFileName } from '../src/shared/prerenderedPaths';
import { appRoutes } from '../src/app/routes';
import { pageHeadTags, pageMeta } from '../src/shared/pageMeta';
import { routePaths } from '../src/shared/routePaths';
import { makeStore } from '../src/shared/store';

const webRoot = path.resolve(__dirname, '..', 'dist');

async function renderPage(pathname: string): Promise<{ body: string; styles: string; title?: string }> {
  const { query, dataRoutes } = createStaticHandler(appRoutes);
  const context = await query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response)
    throw new Error(`${pathname} answered a redirect or response while prerendering`);
  const router = createStaticRouter(dataRoutes, context);

  // The CSP admits these <style> tags by the hashes of their text (server/web/contentSecurityPolicy.ts).
  const styleCache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(styleCache);
  const html = renderToString(
    <AppProviders store={makeStore()} styleCache={styleCache}>
      {/* hydrate={false}: no inline hydration script, which the CSP would block; these routes have no loaders. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
  const styles = constructStyleTagsFromChunks(extractCriticalToChunks(html));
  // React 19 writes a page's <title> where it stands; the document's belongs in <head>.
  const titleMatch = /<title>(.*?)<\/title>/s.exec(html);
  return { body: html.replace(/<title>.*?<\/title>/s, ''), styles, title: titleMatch?.[1] };
}

/** The template's generic title and description, which each page's own head tags replace. */
const GENERIC_HEAD = /<meta name="?description"?[^>]*>\s*<title>.*?<\/title>/s;

async function main() {
  const template = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  if (!GENERIC_HEAD.test(template))
    throw new Error('index.html no longer has the description and title to replace');
  const outDir = path.join(webRoot, 'prerendered');
  fs.mkdirSync(outDir, { recursive: true });
  for (const pathname of Object.values(routePaths)) {
    // The other pages are the app's shell with their own head: a link preview reads nothing else.
    let page = template;
    if (prerenderedPaths.includes(pathname)) {
      const { body, styles, title } = await renderPage(pathname);
      if (title !== pageMeta[pathname].title)
        throw new Error(
          `${pathname} renders the title "${title}", src/shared/pageMeta.ts says "${pageMeta[pathname].title}"`,
        );
      page = page
        .replace(/<div id="?root"?><\/div>/, `<div id="root">${body}</div>`)
        .replace('</head>', `${styles}</head>`);
    }
    page = page.replace(GENERIC_HEAD, () => pageHeadTags(pathname));
    const file = path.join(outDir, prerenderedFileName(pathname));
    // The console's sections (/admin/codes, …) go into a folder of their own.
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, page);
    console.log(`prerendered ${pathname} (${Math.round(page.length / 1024)} KB)`);
  }
}

main().catch((error: unknown) => {
  console.error('Prerendering failed:', error);
  process.exit(1);
});
