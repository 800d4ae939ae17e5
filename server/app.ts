import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Settings } from './config';
import type { Database } from './db/database';
import { healthRoutes } from './routes/healthRoutes';
import { webAppRoutes } from './routes/webAppRoutes';
import { limits } from '../src/domain/limits';

export interface AppDependencies {
  settings: Settings;
  database: Database;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
}

export function loggerOptions(settings: Settings) {
  return {
    level: settings.logLevel,
    // Requests are logged by method and path only: query strings and headers can carry codes and tokens.
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, path: req.url.split('?')[0] }),
    },
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  };
}

export async function buildApp({ settings, database, logger }: AppDependencies): Promise<FastifyInstance> {
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

  await app.register(healthRoutes, { database });
  await app.register(webAppRoutes, { webRoot: settings.webRoot });
  return app;
}
