import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * What an operator watches, in Prometheus's text format at GET /metrics. Labels are route
 * templates, methods, statuses and outcomes: never a code, a phone, a name or an address.
 */
export function createAppMetrics() {
  const registry = new Registry();
  // Process figures: heap (nodejs_heap_size_used_bytes…), event-loop lag (nodejs_eventloop_lag_*), RSS, GC.
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requestDuration: new Histogram({
      name: 'becca_http_request_duration_seconds',
      help: 'Time from request to response, by route template, method and status.',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    registrations: new Counter({
      name: 'becca_registrations_total',
      help: 'Registrations stored.',
      registers: [registry],
    }),
    inviteValidations: new Counter({
      name: 'becca_invite_validations_total',
      help: 'Invite code checks, by outcome (valid, unknown, expired, used_up, revoked).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
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
