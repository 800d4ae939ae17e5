import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import { Type } from '@fastify/type-provider-typebox';
import { carriesBearerToken } from '../auth/bearerToken';
import { noSuchEndpoint } from '../httpError';
import { hostCheck, isFromThisMachine } from '../operator/fromThisMachine';
import { ErrorDetail } from '../../src/domain/contracts/errors';
import { createAppMetrics } from './appMetrics';

/** What a route's `config` may say to the metrics. */
export interface RouteMetricsConfig {
  /** The `route` label of its responses, instead of its path template. */
  metricsRoute?: string;
  /** Limited by an attempt limit (server/rateLimits) rather than @fastify/rate-limit. */
  attemptLimited?: boolean;
}
const REGISTER_ROUTE = '/api/auth/register';
const WAITLIST_ROUTE = '/api/waitlist/join';

interface MetricsRequest {
  socket: { remoteAddress?: string };
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A scraper on this machine may read the figures; anyone else needs `Authorization: Bearer
 * <METRICS_TOKEN>`. A request a reverse proxy on this machine forwards is not "this machine"
 * (server/operator/fromThisMachine.ts), and either way the Host must name this machine or APP_URL's
 * host, so that a page whose name was re-pointed at 127.0.0.1 cannot read them from a browser here.
 */
function metricsReaders(metricsToken: string | undefined, appUrl: string) {
  const hostIsOurs = hostCheck(appUrl);
  return (request: MetricsRequest): boolean => {
    if (!hostIsOurs(request)) return false;
    if (isFromThisMachine(request)) return true;
    return metricsToken !== undefined && carriesBearerToken(request.headers.authorization, metricsToken);
  };
}

/**
 * Decorates the app with its metrics (routes count their own outcomes through `app.metrics`),
 * times every response, and serves GET /metrics. Call on the root app, before the routes.
 */
export function registerMetrics(
  app: FastifyInstance,
  { metricsToken, appUrl }: { metricsToken?: string; appUrl: string },
): void {
  const metrics = createAppMetrics();
  const mayReadMetrics = metricsReaders(metricsToken, appUrl);
  app.decorate('metrics', metrics);

  /** What times one route's responses and counts its outcomes. */
  const timeResponsesOf = (route: string): onResponseHookHandler => {
    return (request, reply, done) => {
      const status = reply.statusCode;
      metrics.timeResponse(route, request.method, status, reply.elapsedTime / 1000);
      if (status === 429) metrics.rateLimitRefusals.inc({ route });
      else if (route === REGISTER_ROUTE && status === 201) metrics.registrations.inc();
      else if (route === WAITLIST_ROUTE && status === 200) metrics.waitlistJoins.inc();
      done();
    };
  };

  // A route may name its own label (config.metricsRoute): each built file is a route of its own, and
  // one series per file would add series with every build. What no route matched is "unmatched".
  app.addHook('onRoute', (route) => {
    // rateLimit is @fastify/rate-limit's setting: a limited route's refusals start at zero.
    const config = route.config as (RouteMetricsConfig & { rateLimit?: unknown }) | undefined;
    if (config?.rateLimit || config?.attemptLimited)
      metrics.rateLimitRefusals.inc({ route: config.metricsRoute ?? route.url }, 0);
  });
  const timers = new Map<string, onResponseHookHandler>();
  app.addHook('onResponse', function timeResponse(request, reply, done) {
    const { config, url } = request.routeOptions;
    const label = (!request.is404 && ((config as RouteMetricsConfig).metricsRoute ?? url)) || 'unmatched';
    let timer = timers.get(label);
    if (!timer) {
      timer = timeResponsesOf(label);
      timers.set(label, timer);
    }
    timer.call(this, request, reply, done);
  });

  app.get(
    '/metrics',
    {
      schema: {
        summary: 'Prometheus metrics',
        operationId: 'getMetrics',
        description:
          'For this machine, or with `Authorization: Bearer <METRICS_TOKEN>`; anyone else is told it does not exist (404).',
        tags: ['operations'],
        response: {
          200: {
            description: 'The Prometheus text format.',
            content: { 'text/plain': { schema: Type.String({ examples: ['# TYPE up gauge\nup 1\n'] }) } },
          },
          404: ErrorDetail,
        },
      },
      config: { rateLimit: false, usesDatabase: false },
      logLevel: 'warn',
    },
    async (request, reply) => {
      if (!mayReadMetrics(request)) throw noSuchEndpoint(request);
      const text = await metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
    },
  );
}
