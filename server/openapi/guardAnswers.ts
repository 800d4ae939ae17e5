import type { FastifyInstance, RouteOptions } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ErrorDetail, errorAnswer, type ErrorStatus } from '../../src/domain/contracts/errors';
import { securitySchemes } from './openApiDocument';
import { isApiPath } from '../web/requestPath';

/** What a route's `config` may tell the document about the guards in front of it. */
export interface RouteGuardConfig {
  /** Limited by @fastify/rate-limit: `{max, timeWindow}`, or false. */
  rateLimit?: unknown;
  /** Limited by an attempt limit (server/rateLimits). */
  attemptLimited?: boolean;
  /** False for the few API routes that never query the database (so never answer its 503). */
  usesDatabase?: boolean;
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The headers @fastify/rate-limit sends on every answer of a route it limits (from its onRequest hook). */
const rateLimitHeaders = {
  'X-RateLimit-Limit': Type.Integer({
    format: 'int32',
    minimum: 0,
    description: 'Requests this client may make in the window.',
  }),
  'X-RateLimit-Remaining': Type.Integer({
    format: 'int32',
    minimum: 0,
    description: 'Requests left in the window.',
  }),
  'X-RateLimit-Reset': Type.Integer({
    format: 'int32',
    minimum: 0,
    description: 'Seconds until the window starts again.',
  }),
};

/**
 * The credentials whose guard answers 401. The operator's (adminToken, operatorSession) answer 404 to
 * anyone else instead, as if the route did not exist (server/routes/adminRoutes.ts).
 */
type SchemeName = keyof ReturnType<typeof securitySchemes>;
const SCHEMES_ANSWERING_401 = new Set<SchemeName>(['memberToken', 'assistantKey']);

function methodsOf(route: RouteOptions): string[] {
  return [route.method].flat().map((method) => method.toUpperCase());
}

/**
 * The statuses the guards in front of a route can answer, read from the route's own options:
 * the JSON body parser (400 malformed, 413 over the body limit, 415 another type) on every method
 * that carries a body, schema validation (400), a member's or the assistant's credentials (401), a rate or attempt limit
 * (429), and the database being away (503).
 */
export function guardStatuses(route: RouteOptions): ErrorStatus[] {
  const schema = route.schema ?? {};
  const config = (route.config ?? {}) as RouteGuardConfig;
  const statuses = new Set<ErrorStatus>();
  if (methodsOf(route).some((method) => METHODS_WITH_BODY.has(method))) {
    statuses.add(400).add(413).add(415);
  }
  if (schema.body || schema.params || schema.querystring || schema.headers) statuses.add(400);
  const security = (schema as { security?: Record<string, unknown>[] }).security ?? [];
  if (
    security.some((requirement) =>
      Object.keys(requirement).some((name) => SCHEMES_ANSWERING_401.has(name as SchemeName)),
    )
  ) {
    statuses.add(401);
  }
  if (config.rateLimit || config.attemptLimited) statuses.add(429);
  if (config.usesDatabase !== false) statuses.add(503);
  return [...statuses];
}

type ResponseSchemas = Record<string, { headers?: Record<string, unknown> } & Record<string, unknown>>;

/**
 * Declares on every API route, before the document and the serializers read its schema, the
 * answers its guards can give (each `{detail}` with its meaning and headers, from
 * src/domain/contracts/errors.ts), and the rate-limit headers on every answer of a rate-limited
 * route. Statuses the route declares itself keep their schema; a bare `ErrorDetail` gets its
 * status's meaning and headers.
 */
export function declareGuardAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as ({ hide?: boolean; response?: ResponseSchemas } & object) | undefined;
    if (!schema || schema.hide || !isApiPath(route.url)) return;
    const response: ResponseSchemas = { ...schema.response };
    for (const [status, answer] of Object.entries(response)) {
      if (answer === ErrorDetail) response[status] = errorAnswer(Number(status) as ErrorStatus);
    }
    for (const status of guardStatuses(route)) response[status] ??= errorAnswer(status);
    if ((route.config as RouteGuardConfig | undefined)?.rateLimit) {
      for (const [status, answer] of Object.entries(response)) {
        response[status] = { ...answer, headers: { ...answer.headers, ...rateLimitHeaders } };
      }
    }
    route.schema = { ...schema, response };
  });
}
