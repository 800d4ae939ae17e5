import { postgresErrorIn } from './db/postgresErrors';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Settings } from './config';
import type { Database } from './db/database';
import { healthRoutes } from './routes/healthRoutes';
import { webAppRoutes } from './routes/webAppRoutes';
import { siteFileRoutes } from './routes/siteFileRoutes';
import { inviteCodeRoutes } from './routes/inviteCodeRoutes';
import { waitlistRoutes } from './routes/waitlistRoutes';
import { communityApplicationRoutes } from './routes/communityApplicationRoutes';
import { registrationRoutes } from './routes/registrationRoutes';
import { nominationRoutes } from './routes/nominationRoutes';
import { adminRoutes } from './routes/adminRoutes';
import { operatorSessionRoutes } from './routes/operatorSessionRoutes';
import { partnerRoutes } from './routes/partnerRoutes';
import { memberInviteRoutes } from './routes/memberInviteRoutes';
import { memberDataRoutes } from './routes/memberDataRoutes';
import { optOutRoutes } from './routes/optOutRoutes';
import { phoneOptOutList } from './privacy/phoneOptOuts';
import { assistantRoutes } from './routes/assistantRoutes';
import { attachWebhookWorker } from './webhooks/webhookWorker';
import { limits } from '../src/domain/limits';
import { HttpError } from './httpError';
import { bearerChallenge } from './auth/bearerToken';
import { answerClientError, closeAfterAnswerLingering, installRequestGuards } from './requestGuards';
import { acceptEmptyJsonBodies } from './jsonBody';
import { PhotoQueue } from './registration/photoQueue';
import {
  attemptLimits,
  LocalCounterStore,
  RedisCounterStore,
  tooManyAttempts,
} from './rateLimits/attemptLimits';
import { requestLimitStore } from './rateLimits/requestLimitStore';
import { DatabaseOutage, isDatabaseUnavailable, serviceUnavailable } from './db/databaseOutage';
import { Readiness } from './readiness';
import { rateLimitClientKey } from './rateLimits/clientKey';
import { loggerOptions, OneLinePerRequest } from './logging/requestLogging';
import { defaultDirectives } from './web/contentSecurityPolicy';
import { applySecurityHeaders, securityHeaderSets } from './web/securityHeaders';
import { loadSitePages } from './web/sitePages';
import { originFormTarget, refuseNonCanonicalApiPaths } from './web/requestPath';
import { DatabaseCounterStore } from './rateLimits/databaseCounterStore';
import { auditHashKey, keyIsInTheDatabase } from './admin/auditHashKey';
import { registerMetrics } from './metrics/metricsRoutes';
import { recordAllowedMethods } from './web/allowedMethods';
import { registerOpenApi } from './openapi/apiReferenceRoutes';

const MAX_PARAM_LENGTH = 16 * 1024;

export interface AppDependencies {
  settings: Settings;
  database: Database;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
  /** Shared rate-limit counters (several instances behind a load balancer); in memory when absent. */
  redis?: Redis;
  /** When set, the admin routes also answer the operator's commands over loopback with it (embedded database). */
  adminToken?: string;
  /**
   * The operator's CLI, when no server owns the data, builds the app to call its admin routes with
   * `inject()`: it serves no pages and delivers no webhooks (the server does, once it runs).
   */
  operatorCommandsOnly?: boolean;
  /** Migrations applied, draining: what /health reports besides the database. Default: migrated. */
  readiness?: Readiness;
}

/**
 * PostgreSQL refuses text it cannot store (a NUL character: 22021, or 22P05 inside JSON). That is
 * the client's input, not our failure; drizzle wraps the driver's error, so look through `cause`.
 */
function isUnstorableText(error: unknown): boolean {
  return postgresErrorIn(error, ['22021', '22P05']) !== undefined;
}

export async function buildApp({
  settings,
  database,
  logger,
  redis,
  adminToken,
  operatorCommandsOnly = false,
  readiness = new Readiness(),
}: AppDependencies): Promise<FastifyInstance> {
  const securityHeaders = securityHeaderSets({
    // Pages replace script-src/style-src with their own inline-code hashes (server/web/htmlPages.ts).
    contentSecurityPolicy: { useDefaults: false, directives: defaultDirectives },
    strictTransportSecurity: settings.appUrl.startsWith('https://'),
  });
  const app = Fastify({
    logger: logger ?? loggerOptions(settings),
    // One path for everything that reads it: an absolute-form target is reduced to its path before
    // routing, hooks, headers and the log see it (refuseNonCanonicalApiPaths refuses other forms).
    rewriteUrl: (request) => {
      const url = request.url ?? '/';
      return originFormTarget(url) ?? url;
    },
    logController: new OneLinePerRequest(),
    // Only trust X-Forwarded-For from our own proxies, or clients could pick their own rate-limit key.
    trustProxy: (_address: string, hop: number) => hop < settings.trustProxyHops,
    bodyLimit: limits.jsonBodyMaxBytes,
    // The whole request (headers and body) must arrive within this; a quiet body is cut sooner
    // (installRequestGuards). Node checks every 30 s, so a request may outlive it by that much.
    requestTimeout: settings.requestTimeoutMs,
    // Requests that arrive while closing are refused by server/shutdown.ts, with a `detail` and
    // Retry-After like every other 503 (Fastify's own answer has neither).
    return503OnClosing: false,
    clientErrorHandler: answerClientError,
    // An over-long invite code must reach its handler (valid:false), not the router's 414 at 100
    // characters; Node's 16 KB header limit still bounds the whole URL.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Fastify's defaults would turn 123 into "123" and silently drop unknown properties: a body of
    // the wrong shape is a 400 with a detail instead.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
    // Errors the router raises before any route (bad percent-encoding, a 16 KB parameter) carry a detail too.
    // No hook runs for these, so they get their security headers here.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const tooLong = error.statusCode === 414;
      void reply.headers(securityHeaders.byPath(request.url));
      void reply.code(tooLong ? 414 : 400).send({
        detail: tooLong
          ? 'The address of this request is too long.'
          : 'The address of this request is malformed.',
      });
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // First, so that every answer has them, a request refused by the guards included.
  applySecurityHeaders(app, securityHeaders.byPath);
  refuseNonCanonicalApiPaths(app);
  installRequestGuards(app, { bodyIdleTimeoutMs: settings.bodyIdleTimeoutMs });
  acceptEmptyJsonBodies(app);

  const outage = new DatabaseOutage();
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    // Answering before the body is read (a refused upload): close rather than read the rest of it.
    if (!request.raw.complete) {
      reply.header('connection', 'close');
      closeAfterAnswerLingering(request.raw);
    }
    // The database did not answer: not the client's fault, nor a bug; worth trying again shortly.
    if (isDatabaseUnavailable(error)) {
      outage.failed(error, request.log);
      error = serviceUnavailable() as unknown as FastifyError;
    }
    if (isUnstorableText(error)) {
      return reply.code(400).send({ detail: 'The request contains a character that cannot be stored.' });
    }
    if (error instanceof HttpError) reply.headers(error.headers);
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status === 401) reply.header('www-authenticate', bearerChallenge(request.headers.authorization));
    const unexpected = status >= 500 && !(error instanceof HttpError);
    if (unexpected) request.log.error({ err: error }, 'request failed');
    const detail = unexpected
      ? 'Something went wrong on our side. Please try again.'
      : error.validation
        ? `Invalid request: ${error.message}`
        : error.message;
    return reply.code(status).send({ detail });
  });

  // API answers are compressed on the fly; pages and built assets are sent already compressed.
  // Request bodies are never decoded (installRequestGuards refuses them), so no decompression hook.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
  });
  // Lookups Redis cannot answer (server/redisClient.ts fails them fast) are counted here.
  const redisCounters = redis
    ? new RedisCounterStore(redis, undefined, () => app.metrics.rateLimitStoreErrors.inc())
    : undefined;
  const rateLimitNameSpace = 'becca-rate-limit:';
  await app.register(rateLimit, {
    global: false,
    store: redisCounters ? requestLimitStore(redisCounters, rateLimitNameSpace) : undefined,
    // A Redis outage must not lock everyone out: count in nothing for that moment rather than fail.
    skipOnError: true,
    nameSpace: rateLimitNameSpace,
    // Only the limited routes count; a client is its address (see TRUST_PROXY_HOPS behind a proxy),
    // an IPv6 one its /64.
    keyGenerator: (request) => rateLimitClientKey(request.ip),
    // The same answer as the limits that count outcomes (server/rateLimits).
    errorResponseBuilder: (_request, context) => tooManyAttempts(context.ttl),
  });

  const allowedMethods = recordAllowedMethods(app, { maxParamLength: MAX_PARAM_LENGTH });
  // Before the routes: the document is built from each route's schema as it is added.
  await registerOpenApi(app, { appUrl: settings.appUrl });
  registerMetrics(app, { metricsToken: settings.metricsToken, appUrl: settings.appUrl });
  const { db } = database;
  const { rateLimits } = settings;
  await app.register(healthRoutes, { database, readiness, outage });
  // A server on PostgreSQL listens before its migrations are applied (/health/live answers): until
  // they are, everything but the probes is answered as an outage.
  app.addHook('onRequest', async (request) => {
    if (!readiness.migrated && !request.url.startsWith('/health')) throw serviceUnavailable();
  });
  const attempts = attemptLimits(
    redisCounters ?? new LocalCounterStore(),
    rateLimits,
    new DatabaseCounterStore(db),
  );
  await app.register(inviteCodeRoutes, { db, failedChecks: attempts.failedCodeChecks });
  await app.register(waitlistRoutes, { db, rateLimitPerMinute: rateLimits.waitlistJoin });
  await app.register(communityApplicationRoutes, { db, rateLimitPerMinute: rateLimits.waitlistJoin });
  await app.register(registrationRoutes, {
    db,
    assistantWhatsAppNumber: settings.assistantWhatsAppNumber,
    attempts,
    photoQueue: new PhotoQueue(limits.photos.queue),
  });
  await app.register(memberInviteRoutes, {
    db,
    appUrl: settings.appUrl,
    assistantWhatsAppNumber: settings.assistantWhatsAppNumber,
  });
  const optOuts = phoneOptOutList(db, settings.optOutSalt);
  await app.register(nominationRoutes, { db, optOuts, rateLimitPerMinute: rateLimits.nominateFriend });
  await app.register(memberDataRoutes, { db, forgetDeletedRows: database.forgetDeletedRows });
  await app.register(optOutRoutes, { optOuts, rateLimitPerMinute: rateLimits.optOut });
  const { assistant } = settings;
  if (assistant.apiKey)
    await app.register(assistantRoutes, {
      db,
      appUrl: settings.appUrl,
      memberInvites: settings.memberInvites,
      ...assistant,
      apiKey: assistant.apiKey,
    });
  if (assistant.webhooks && !operatorCommandsOnly)
    attachWebhookWorker(app, db, assistant.webhooks, () => readiness.migrated);
  // The operator's CLI reaches these with the admin token, an operator's browser with a session.
  const keyPlace = { configured: settings.auditHashKey, dataDir: database.dataDir };
  if (keyIsInTheDatabase(keyPlace) && !operatorCommandsOnly) {
    app.log.warn(
      'AUDIT_HASH_KEY is not set: the audit trail keys its phone hashes with a salt kept in the database, so a dump of the database can reverse them; set AUDIT_HASH_KEY (docs/operators.md)',
    );
  }
  await app.register(adminRoutes, {
    database,
    adminToken,
    appUrl: settings.appUrl,
    auditHashKey: auditHashKey({ db, ...keyPlace }),
  });
  await app.register(operatorSessionRoutes, { db, appUrl: settings.appUrl });
  await app.register(partnerRoutes, { db, appUrl: settings.appUrl });
  if (operatorCommandsOnly) return app;
  const siteUrl = settings.appUrl.replace(/\/+$/, '');
  await app.register(siteFileRoutes, { siteUrl });
  const { webRoot } = settings;
  const pages = await loadSitePages(webRoot, siteUrl, securityHeaders.forDocuments);
  await app.register(webAppRoutes, { webRoot, pages, allowedMethods });
  return app;
}
