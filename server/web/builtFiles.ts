import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { RouteMetricsConfig } from '../metrics/metricsRoutes';
import { CSP_HASHES_FILE } from './htmlPages';

/**
 * What under the web root is not a file to serve by its own path: HTML (sent from memory with its
 * page's CSP, server/web/htmlPages.ts), the compressed copies (sent in place of their original when
 * the client takes them), source maps and the build's own bookkeeping.
 */
const NOT_SERVED = /\.(html|br|gz|map)$/;

function* filesUnder(root: string, dir = ''): Generator<string> {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(root, relative);
    else if (entry.isFile()) yield relative;
  }
}

/** Built assets carry a content hash in their names, so they never change under a URL. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2|png|jpg|webp|mp4)(\.br|\.gz)?$/;

/**
 * Serves each built file at its path: one route per file, read from the folder once at start, so a
 * path that is not a file never reaches the disk. The build writes .br and .gz beside the text files
 * (scripts/precompress.ts), sent as they are to a client that takes them.
 */
export async function serveBuiltFiles(app: FastifyInstance, webRoot: string): Promise<void> {
  const files = [...filesUnder(webRoot)].filter((file) => !NOT_SERVED.test(file) && file !== CSP_HASHES_FILE);
  const negotiated = new Set(
    files
      .filter(
        (file) =>
          fs.existsSync(path.join(webRoot, `${file}.br`)) || fs.existsSync(path.join(webRoot, `${file}.gz`)),
      )
      .map((file) => path.join(webRoot, file)),
  );
  await app.register(fastifyStatic, {
    root: webRoot,
    serve: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.setHeader(
        'cache-control',
        HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
      // The plain and the compressed bytes share a URL: a cache must key them by Accept-Encoding,
      // or it hands brotli to a client that cannot read it. Said on the plain answer as well.
      if (negotiated.has(filePath.replace(/\.(br|gz)$/, ''))) res.setHeader('vary', 'accept-encoding');
    },
  });
  // One `route` label for all of them: the metrics would otherwise grow a series with each build.
  const config: RouteMetricsConfig = { metricsRoute: 'static' };
  for (const file of files) {
    app.route({
      method: ['GET', 'HEAD'],
      url: `/${file}`,
      config,
      handler: (_request, reply) => reply.sendFile(file),
    });
  }
}
