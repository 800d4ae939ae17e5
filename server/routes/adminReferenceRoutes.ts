import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  API_DOCS_CONTENT_SECURITY_POLICY,
  swaggerInitializer,
  swaggerPage,
} from '../openapi/apiReferenceRoutes';
import { ADMIN_API_DOCS_PATH, ADMIN_OPENAPI_JSON_PATH, adminDocument } from '../openapi/openApiDocument';
import { adminOperation } from './adminOperation';
import type { AdminRouteOptions } from './adminRoutes';

const PAGE = swaggerPage(
  'Becca admin API reference',
  ADMIN_OPENAPI_JSON_PATH,
  `${ADMIN_API_DOCS_PATH}/start.js`,
);
const INITIALIZER = swaggerInitializer(ADMIN_OPENAPI_JSON_PATH);

/**
 * The admin API's own OpenAPI document and its Swagger UI page, behind the admin guard like every
 * admin route: an operator's session (or the admin token) reads them, a stranger gets 404. The page
 * loads Swagger UI's files from the public /api/docs (they are the package's, nothing of ours).
 */
export const adminReferenceRoutes: FastifyPluginAsyncTypebox<AdminRouteOptions> = async (app) => {
  let documentText: string | undefined;
  app.get(
    ADMIN_OPENAPI_JSON_PATH,
    {
      schema: adminOperation({
        summary: 'The admin API, as an OpenAPI 3.1 document',
        operationId: 'getAdminOpenApiDocument',
        description:
          'Every admin route and its answers, built from the schemas the server checks; for operators only.',
        response: {
          200: {
            description: 'The OpenAPI 3.1 document of the admin API.',
            type: 'object',
            properties: {
              openapi: { type: 'string', const: '3.1.0' },
              info: { type: 'object', description: 'Title, version, contact and licence.' },
              paths: { type: 'object', description: 'Every admin operation.' },
            },
            required: ['openapi', 'info', 'paths'],
            additionalProperties: true,
            examples: [{ openapi: '3.1.0', info: { title: 'Becca admin API', version: '0.1.0' }, paths: {} }],
          },
        },
      }),
    },
    async (_request, reply) => {
      documentText ??= JSON.stringify(adminDocument(app.swagger() as Parameters<typeof adminDocument>[0]));
      return reply.type('application/json; charset=utf-8').send(documentText);
    },
  );

  app.get(ADMIN_API_DOCS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-security-policy', API_DOCS_CONTENT_SECURITY_POLICY)
      .type('text/html; charset=utf-8')
      .send(PAGE),
  );
  app.get(`${ADMIN_API_DOCS_PATH}/start.js`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(INITIALIZER),
  );
};
