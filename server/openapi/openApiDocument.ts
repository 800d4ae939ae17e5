import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import {
  standardWebhookHeaders,
  webhookEventBody,
  webhookEventTypes,
} from '../../src/domain/contracts/webhookEvents';
import { operatorSessionCookieName } from '../operator/operatorSessionCookie';
import { isApiPath } from '../web/requestPath';
import { registrationRequestBody } from './registrationBody';
import packageJson from '../../package.json';
import { brand } from '../../src/config/brand';
import { limits } from '../../src/domain/limits';

/** The parts of the document this module reads or writes (openapi-types' 3.0 and 3.1 types do not mix). */
type JsonObject = Record<string, unknown>;
interface Operation {
  tags?: string[];
  requestBody?: unknown;
  security?: unknown[];
}
interface Document {
  info?: JsonObject;
  paths?: Record<string, Record<string, Operation> | undefined>;
  tags?: { name: string; description: string }[];
  webhooks?: unknown;
  components?: { securitySchemes?: JsonObject } & JsonObject;
}

/** Where the document and its human-readable reference are served. */
export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';
/** The admin API's document and its page: served to operators only (server/routes/adminReferenceRoutes.ts). */
export const ADMIN_OPENAPI_JSON_PATH = '/api/admin/openapi.json';
export const ADMIN_API_DOCS_PATH = '/api/admin/docs';

/** Route schemas name these in `security`; the document says what each one is. */
export const securitySchemes = (appUrl: string) =>
  ({
    memberToken: {
      type: 'http',
      scheme: 'bearer',
      description:
        'The access token a registration answers with (`access_token`): the member reading their own data.',
    },
    assistantKey: {
      type: 'http',
      scheme: 'bearer',
      description: 'The assistant service: `ASSISTANT_API_KEY`, compared in constant time.',
    },
    adminToken: {
      type: 'http',
      scheme: 'bearer',
      description:
        "The operator's commands on this machine: the loopback admin token the server writes at start. " +
        'Answered only over loopback; anyone else gets 404.',
    },
    operatorSession: {
      type: 'apiKey',
      in: 'cookie',
      name: operatorSessionCookieName(appUrl),
      description: "An operator signed in on the operator's pages: the session cookie.",
    },
    organiserSession: {
      type: 'apiKey',
      in: 'cookie',
      name: operatorSessionCookieName(appUrl),
      description:
        "A community's organiser signed in through the link sent on WhatsApp (/partner): the same session cookie as operators', with the role `organiser`.",
    },
    /** Not ours to check: how a receiver of our webhooks checks that an event is ours. */
    standardWebhooksSignature: {
      type: 'apiKey',
      in: 'header',
      name: 'webhook-signature',
      description:
        'Webhooks only: every event we send is signed as Standard Webhooks says (https://www.standardwebhooks.com): ' +
        '`v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` keyed with WEBHOOK_SECRET. ' +
        'Verify it (e.g. with the `standardwebhooks` package) before trusting the body.',
    },
  }) as const;

/** The credentials of the admin API: described in its own document only. */
const ADMIN_SCHEMES = new Set(['adminToken', 'operatorSession', 'organiserSession']);
const ADMIN_TAG = 'admin';
/**
 * The organiser's area (issue 50) shares the operators' session cookie, whose name the public document
 * never shows: it is documented beside the admin API, for the people who run the service.
 */
const PARTNER_TAG = 'partner';

/**
 * What each tag groups. The document lists the tags its operations use, in this order; a route that
 * uses a tag not described here fails the contract test (__tests__/server/openApiDocument.test.ts).
 */
export const tagDescriptions: Readonly<Record<string, string>> = {
  inviteCode: 'Checking an invite code before the join wizard opens.',
  registration: "Registering with an invite code: the join wizard's last step.",
  waitlist: 'Asking for an invitation.',
  communities: 'Community partners: an organiser applies to bring their community.',
  partner:
    "The organiser's area: their community's counts and event links (an organiser session); counts only, never a member.",
  member: "A registered member's own data: read it, export it, erase it (the member token).",
  memberInvites: 'The invite codes a member may pass on (the member token).',
  nomination: 'Suggesting a friend for an invitation.',
  optOut: 'Opting a phone number out of everything.',
  assistant: 'The assistant service on WhatsApp: linking chats to members, onboarding (the assistant key).',
  admin: "The operator's commands: the loopback admin token, or an operator's session.",
  operations: 'Health and metrics, for probes and monitoring.',
  reference: 'This document, and the page that renders it.',
};

/** The webhook events, as OpenAPI 3.1 `webhooks`: what we POST to WEBHOOK_URL. */
function webhooksObject(): Record<string, { post: JsonObject }> {
  const headers = Object.entries(standardWebhookHeaders).map(([name, { description, example }]) => ({
    name,
    in: 'header' as const,
    required: true,
    description,
    schema: { type: 'string' as const, maxLength: limits.apiText.webhookHeaderMaxLength },
    example,
  }));
  return Object.fromEntries(
    webhookEventTypes.map((type) => {
      const { examples, ...schema } = webhookEventBody(type);
      const operation = {
        summary: type,
        description:
          'Sent at least once, with the same `webhook-id` on every retry; retried with backoff for 24 hours ' +
          'until the receiver answers 2xx. Verify the signature (Standard Webhooks) before trusting the body.',
        operationId: `webhook.${type}`,
        tags: ['webhooks'],
        security: [{ standardWebhooksSignature: [] }],
        parameters: headers,
        requestBody: {
          required: true,
          content: { 'application/json': { schema, example: examples[0] } },
        },
        responses: {
          '2XX': { description: 'Received: the event is not sent again.' },
          default: { description: 'Any other answer, or none within 10 s: the event is sent again later.' },
        },
      };
      return [type, { post: operation }];
    }),
  );
}

/** An operation that names no credentials needs none: say so (`security: []`), as the linters ask. */
function declarePublicOperations(document: Document): void {
  for (const item of Object.values({ ...document.paths })) {
    for (const operation of Object.values(item ?? {})) operation.security ??= [];
  }
}

/** Tags in use, in the order of `tagDescriptions`, then any other (undescribed) ones by name. */
function tagsInUse(document: Document): { name: string; description: string }[] {
  const used = new Set<string>();
  for (const item of Object.values({ ...document.paths })) {
    for (const operation of Object.values(item ?? {})) {
      for (const tag of operation.tags ?? []) used.add(tag);
    }
  }
  const known = Object.keys(tagDescriptions).filter((tag) => used.has(tag));
  const others = [...used].filter((tag) => !(tag in tagDescriptions)).sort();
  return [
    ...[...known, ...others].map((name) => ({ name, description: tagDescriptions[name] ?? '' })),
    { name: 'webhooks', description: 'Events we send to WEBHOOK_URL (Standard Webhooks).' },
  ];
}

/**
 * @fastify/swagger's options: the document is built from the routes' own schemas (summary,
 * description, tags, security, body, params and every answer); this adds what no route says.
 */
export function openApiOptions({ appUrl }: { appUrl: string }): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Becca API',
        version: packageJson.version,
        contact: { name: brand.company.legalName, email: brand.contactEmail },
        license: {
          name: 'Proprietary: use under the terms of service',
          url: new URL('/terms', appUrl).toString(),
        },
        description:
          'The API of Becca, the AI Social Network: the join wizard, members, the assistant service and the ' +
          'operator. Errors are `{"detail": "…"}` with the status saying what happened. Answers are never cached.',
      },
      // Public: integrators and the assistant service are its audience (OWASP API9 asks to say so).
      servers: [{ url: appUrl.replace(/\/+$/, ''), ...{ 'x-internal': false } }],
      components: { securitySchemes: securitySchemes(appUrl) },
    },
    // Paths as the router has them: APP_URL has no path of its own to strip.
    stripBasePath: false,
    // Pages and files are the web app's, not the API's.
    transform: ({ schema, url }) => ({ schema: isApiPath(url) ? schema : { ...schema, hide: true }, url }),
    transformObject: (built) => {
      // The options ask for OpenAPI, so this is never the Swagger 2 `swaggerObject`.
      const document = (built as { openapiObject: Document }).openapiObject;
      const register = document.paths?.['/api/auth/register']?.post;
      if (register) register.requestBody = registrationRequestBody();
      declarePublicOperations(document);
      return { ...document, tags: tagsInUse(document), webhooks: webhooksObject() } as ReturnType<
        NonNullable<FastifyDynamicSwaggerOptions['transformObject']>
      >;
    },
  };
}

const isAdminOperation = (operation: Operation) =>
  (operation.tags ?? []).some((tag) => tag === ADMIN_TAG || tag === PARTNER_TAG);

/** The document's paths with only the operations `keep` accepts; a path left empty goes. */
function pathsWhere(document: Document, keep: (operation: Operation) => boolean): Document['paths'] {
  const paths: NonNullable<Document['paths']> = {};
  for (const [path, item] of Object.entries({ ...document.paths })) {
    const kept = Object.fromEntries(
      Object.entries(item ?? {}).filter(([, operation]) => typeof operation !== 'object' || keep(operation)),
    );
    if (Object.values(kept).some((operation) => typeof operation === 'object' && operation !== null))
      paths[path] = kept;
  }
  return paths;
}

function schemesWhere(document: Document, keep: (name: string) => boolean): JsonObject {
  return Object.fromEntries(
    Object.entries({ ...document.components?.securitySchemes }).filter(([name]) => keep(name)),
  );
}

/**
 * The public document: the public, member and assistant API. The admin routes answer strangers 404
 * precisely so that they stay unknown, so neither they nor the session cookie's name are in it.
 */
export function publicDocument(full: Document): Document {
  const document: Document = {
    ...full,
    paths: pathsWhere(full, (operation) => !isAdminOperation(operation)),
    components: {
      ...full.components,
      securitySchemes: schemesWhere(full, (name) => !ADMIN_SCHEMES.has(name)),
    },
  };
  return { ...document, tags: tagsInUse(document) };
}

/** The admin API's document, for operators (GET /api/admin/openapi.json): its operations alone. */
export function adminDocument(full: Document): Document {
  const document: Document = {
    ...full,
    info: {
      ...full.info,
      title: 'Becca admin API',
      description:
        "The operator's API: what the command line and the console call, with the loopback admin token or an " +
        "operator session (everyone else is answered 404), and the community organisers' `/api/partner` routes (an " +
        'organiser session). Errors are `{"detail": "…"}`; answers are never cached.',
    },
    paths: pathsWhere(full, isAdminOperation),
    components: {
      ...full.components,
      securitySchemes: schemesWhere(full, (name) => ADMIN_SCHEMES.has(name)),
    },
  };
  delete document.webhooks;
  return {
    ...document,
    tags: tagsInUse(document).filter((tag) => tag.name === ADMIN_TAG || tag.name === PARTNER_TAG),
  };
}
