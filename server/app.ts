import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Settings } from './config';
import type { Database } from './db/database';
import { healthRoutes } from './routes/healthRoutes';
import { webAppRoutes } from './routes/webAppRoutes';
import { inviteCodeRoutes } from './routes/inviteCodeRoutes';
import { waitlistRoutes } from './routes/waitlistRoutes';
import { registrationMultipartLimits, registrationRoutes } from './routes/registrationRoutes';
import { nominationRoutes } from './routes/nominationRoutes';
import { adminRoutes } from './routes/adminRoutes';
import { databaseOperatorCommands } from './operator/operatorCommands';
import { limits } from '../src/domain/limits';

export interface AppDependencies {
  settings: Settings;
  database: Database;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
  /** Shared rate-limit counters (several instances behind a load balancer); in memory when absent. */
  redis?: Redis;
  /** When set, the loopback admin routes for the operator's commands are served (embedded database). */
  adminToken?: string;
}

/** Paths without query strings, and without the invite code that validate-code carries in its path. */
function redactPath(url: string): string {
  return (url.split('?')[0] ?? '').replace(/^(\/api\/auth\/validate-code\/)[^/]*/, '$1:code');
}

export function loggerOptions(settings: Settings) {
  return {
    level: settings.logLevel,
    // Requests are logged by method and path only: query strings and headers can carry codes and tokens.
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, path: redactPath(req.url) }),
    },
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  };
}

export async function buildApp({
  settings,
  database,
  logger,
  redis,
  adminToken,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(settings),
    // Only trust X-Forwarded-For from our own proxies, or clients could pick their own rate-limit key.
    trustProxy: (_address: string, hop: number) => hop < settings.trustProxyHops,
    bodyLimit: limits.jsonBodyMaxBytes,
    // Never a stack trace to the client; errors carry one human sentence in `detail`.
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const detail =
      status >= 500
        ? 'Something went wrong on our side. Please try again.'
        : error.validation
          ? `Invalid request: ${error.message}`
          : error.message;
    return reply.code(status).send({ detail });
  });

  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only means something behind TLS; the proxy that terminates TLS should send it too.
    strictTransportSecurity: settings.appUrl.startsWith('https://'),
  });

  await app.register(rateLimit, {
    global: false,
    redis,
    // A Redis outage must not lock everyone out: count in nothing for that moment rather than fail.
    skipOnError: true,
    nameSpace: 'becca-rate-limit:',
    // Only the limited routes count; a client is its address (see TRUST_PROXY_HOPS behind a proxy).
    errorResponseBuilder: (_request, context) =>
      Object.assign(
        new Error(`Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`),
        { statusCode: 429 },
      ),
  });
  await app.register(multipart, { limits: registrationMultipartLimits });

  const { db } = database;
  const { rateLimits } = settings;
  await app.register(healthRoutes, { database });
  await app.register(inviteCodeRoutes, { db, rateLimitPerMinute: rateLimits.validateCode });
  await app.register(waitlistRoutes, { db, rateLimitPerMinute: rateLimits.waitlistJoin });
  await app.register(registrationRoutes, {
    db,
    assistantWhatsAppNumber: settings.assistantWhatsAppNumber,
    rateLimitPerMinute: rateLimits.register,
  });
  await app.register(nominationRoutes, { db, rateLimitPerMinute: rateLimits.nominateFriend });
  if (adminToken) await app.register(adminRoutes, { commands: databaseOperatorCommands(db), adminToken });
  await app.register(webAppRoutes, { webRoot: settings.webRoot });
  return app;
}
