import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { API_DOCS_PATH, OPENAPI_JSON_PATH, openApiOptions, publicDocument } from './openApiDocument';
import { declareGuardAnswers } from './guardAnswers';

/**
 * The reader's page is Swagger UI, served from its npm package (swagger-ui-dist) by this server:
 * nothing loads from another host. Its code is in files, so the page's policy admits scripts and
 * styles from here only; no inline code, no eval.
 */
const swaggerUiDist = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const swaggerUiVersion = (
  JSON.parse(fs.readFileSync(path.join(swaggerUiDist, 'package.json'), 'utf8')) as { version: string }
).version;

/** The files the page loads, each under /api/docs/…, and their types. */
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: path.join(swaggerUiDist, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': {
    file: path.join(swaggerUiDist, 'swagger-ui-bundle.js'),
    type: 'text/javascript; charset=utf-8',
  },
};

/** Starts Swagger UI on a document; a file of its own, since the page runs no inline script. */
export const swaggerInitializer = (documentPath: string) => `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(documentPath)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    // The default sends the document to validator.swagger.io for a badge.
    validatorUrl: null,
    defaultModelsExpandDepth: 0,
  });
});
`;

/** The reference page of a document; its scripts from /api/docs, its start script from `startPath`. */
export const swaggerPage = (title: string, documentPath: string, startPath: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css?v=${swaggerUiVersion}">
</head>
<body>
<div id="swagger-ui"><p>The API reference needs JavaScript. The document itself is <a href="${documentPath}">${documentPath}</a>.</p></div>
<script src="${API_DOCS_PATH}/swagger-ui-bundle.js?v=${swaggerUiVersion}"></script>
<script src="${startPath}?v=${swaggerUiVersion}"></script>
</body>
</html>
`;

/**
 * The page's own policy, in place of the API's `default-src 'none'`: scripts, styles and the
 * document from here only, no inline code of any kind (Swagger UI sets styles through the CSSOM,
 * which CSP does not govern); its stylesheet's icons are data: images.
 */
export const API_DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = swaggerPage('Becca API reference', OPENAPI_JSON_PATH, `${API_DOCS_PATH}/start.js`);
const INITIALIZER = swaggerInitializer(OPENAPI_JSON_PATH);

/** A day: the URLs carry Swagger UI's version, so an upgrade is fetched at once. */
const ASSET_CACHE = 'public, max-age=86400';

/**
 * Builds the OpenAPI 3.1 document from the routes' schemas (call before any route is added) and
 * serves it at GET /api/openapi.json, with the reference page at GET /api/docs.
 */
export async function registerOpenApi(app: FastifyInstance, { appUrl }: { appUrl: string }): Promise<void> {
  declareGuardAnswers(app);
  await app.register(swagger, openApiOptions({ appUrl }));
  let documentText: string | undefined;

  app.get(
    OPENAPI_JSON_PATH,
    {
      schema: {
        summary: 'This API, as an OpenAPI 3.1 document',
        description:
          'Every public, member and assistant route, its answers and the webhook events, built from the schemas the server checks. The admin API has a document of its own, for operators.',
        operationId: 'getOpenApiDocument',
        tags: ['reference'],
        response: {
          200: {
            description: 'The OpenAPI 3.1 document.',
            type: 'object',
            properties: { openapi: { type: 'string', const: '3.1.0' } },
            additionalProperties: true,
            required: ['openapi'],
            examples: [{ openapi: '3.1.0', info: { title: 'Becca API', version: '0.1.0' }, paths: {} }],
          },
        },
      },
      config: { usesDatabase: false },
    },
    async (_request, reply) => {
      // Built once: the routes do not change after start.
      documentText ??= JSON.stringify(publicDocument(app.swagger() as Parameters<typeof publicDocument>[0]));
      return reply.type('application/json; charset=utf-8').send(documentText);
    },
  );

  app.get(
    API_DOCS_PATH,
    {
      schema: {
        summary: 'This API, for people to read',
        description: 'Swagger UI on the document, served from this server.',
        operationId: 'getApiReference',
        tags: ['reference'],
        produces: ['text/html'],
        response: { 200: { description: 'The reference page.', type: 'string' } },
      },
      config: { usesDatabase: false },
    },
    async (_request, reply) =>
      reply
        .header('content-security-policy', API_DOCS_CONTENT_SECURITY_POLICY)
        .type('text/html; charset=utf-8')
        .send(PAGE),
  );

  app.get(`${API_DOCS_PATH}/start.js`, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', ASSET_CACHE).type('text/javascript; charset=utf-8').send(INITIALIZER),
  );
  for (const [name, { file, type }] of Object.entries(ASSETS)) {
    app.get(`${API_DOCS_PATH}/${name}`, { schema: { hide: true } }, async (_request, reply) =>
      // Streamed from the package: 1.7 MB that need not stay in memory between readers.
      reply.header('cache-control', ASSET_CACHE).type(type).send(fs.createReadStream(file)),
    );
  }
}
