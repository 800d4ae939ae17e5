import type { FastifyInstance } from 'fastify';
import { Type } from '@fastify/type-provider-typebox';
import { tokensMatch } from '../operator/adminToken';
import { ErrorDetail } from '../routes/schemas';
import { createAppMetrics } from './appMetrics';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const REGISTER_ROUTE = '/api/auth/register';
const WAITLIST_ROUTE = '/api/waitlist/join';

/**
 * A scraper on this machine may read the figures; anyone else needs `Authorization: Bearer
 * <METRICS_TOKEN>`. A request a reverse proxy on this machine forwards is not "this machine": it
 * carries X-Forwarded-For, so it needs the token too.
 */
function mayReadMetrics(
  request: { socket: { remoteAddress?: string }; headers: Record<string, string | string[] | undefined> },
  metricsToken: string | undefined,
): boolean {
  const fromThisMachine =
    LOOPBACK.has(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined;
  if (fromThisMachine) return true;
  const presented = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
  return metricsToken !== undefined && tokensMatch(metricsToken, presented);
}

/**
 * Decorates the app with its metrics (routes count their own outcomes through `app.metrics`),
 * times every response, and serves GET /metrics. Call on the root app, before the routes.
 */
export function registerMetrics(app: FastifyInstance, { metricsToken }: { metricsToken?: string }): void {
  const metrics = createAppMetrics();
  app.decorate('metrics', metrics);

  // The histogram's child for each route, method and status, found by one string rather than by
  // prom-client hashing a label object on every response. Bounded: routes are our templates (or
  // "unmatched"), methods those Node's parser accepts, statuses three digits.
  const durations = new Map<string, { observe(seconds: number): void }>();
  const durationOf = (route: string, method: string, status: number) => {
    const key = `${status} ${method} ${route}`;
    let duration = durations.get(key);
    if (!duration) {
      duration = metrics.requestDuration.labels({ route, method, status: String(status) });
      durations.set(key, duration);
    }
    return duration;
  };

  app.addHook('onResponse', (request, reply, done) => {
    // The template ("/api/auth/validate-code/:code"), never the path: paths carry codes.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    durationOf(route, request.method, status).observe(reply.elapsedTime / 1000);
    if (status === 429) metrics.rateLimitRefusals.inc({ route });
    else if (route === REGISTER_ROUTE && status === 201) metrics.registrations.inc();
    else if (route === WAITLIST_ROUTE && status === 200) metrics.waitlistJoins.inc();
    done();
  });

  app.get(
    '/metrics',
    {
      schema: { response: { 200: Type.String(), 404: ErrorDetail } },
      config: { rateLimit: false },
      logLevel: 'warn',
    },
    async (request, reply) => {
      if (!mayReadMetrics(request, metricsToken)) {
        return reply.code(404).send({ detail: 'No API endpoint GET /metrics.' });
      }
      const text = await metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
    },
  );
}
