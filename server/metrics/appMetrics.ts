import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { inviteCodeStates } from '../invites/inviteCodeStore';

/**
 * Records one response's time. The route is a template ("/api/auth/validate-code/:code"), never a
 * path: paths carry codes. The histogram's child for each route, method and status is found by one
 * short string, not by prom-client hashing a label object. Bounded: routes are the app's, methods
 * those Node's parser accepts, statuses three digits.
 */
function responseTimer(requestDuration: Histogram<'route' | 'method' | 'status'>) {
  const children = new Map<string, { observe(seconds: number): void }>();
  return (route: string, method: string, status: number, seconds: number): void => {
    const key = `${status} ${method} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = requestDuration.labels({ route, method, status: String(status) });
      children.set(key, child);
    }
    child.observe(seconds);
  };
}

/**
 * What an operator watches, in Prometheus's text format at GET /metrics. Labels are route
 * templates, methods, statuses and outcomes: never a code, a phone, a name or an address.
 */
export function createAppMetrics() {
  const registry = new Registry();
  const inviteValidations = new Counter({
    name: 'becca_invite_validations_total',
    help: `Invite code checks, by outcome (${inviteCodeStates.join(', ')}).`,
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  // A series that appears only with its first event makes rate() and alerts blind to that event.
  for (const outcome of inviteCodeStates) inviteValidations.inc({ outcome }, 0);
  // Process figures: heap (nodejs_heap_size_used_bytes…), event-loop lag (nodejs_eventloop_lag_*), RSS, GC.
  collectDefaultMetrics({ register: registry });
  // Gauges with a counter's _total suffix, which Prometheus's linter (promtool check metrics) rejects;
  // each is the sum of the per-type gauge beside it (nodejs_active_handles{type=…} and the rest).
  for (const misnamed of [
    'nodejs_active_handles_total',
    'nodejs_active_requests_total',
    'nodejs_active_resources_total',
  ])
    registry.removeSingleMetric(misnamed);
  const requestDuration = new Histogram({
    name: 'becca_http_request_duration_seconds',
    help: 'Time from request to response, by route template, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return {
    registry,
    timeResponse: responseTimer(requestDuration),
    registrations: new Counter({
      name: 'becca_registrations_total',
      help: 'Registrations stored.',
      registers: [registry],
    }),
    inviteValidations,
    waitlistJoins: new Counter({
      name: 'becca_waitlist_joins_total',
      help: 'Waitlist sign-ups accepted.',
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: 'becca_rate_limit_refusals_total',
      help: 'Requests refused by a rate limit (429), by route template.',
      labelNames: ['route'] as const,
      registers: [registry],
    }),
    rateLimitStoreErrors: new Counter({
      name: 'becca_rate_limit_store_errors_total',
      help: 'Rate-limit lookups Redis did not answer in time (or at all): those requests counted nothing.',
      registers: [registry],
    }),
    photosProcessed: new Counter({
      name: 'becca_photos_processed_total',
      help: 'Profile photos decoded, resized and re-encoded.',
      registers: [registry],
    }),
  };
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}
