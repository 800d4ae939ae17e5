import type { RedisCounterStore } from './attemptLimits';

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin hands `child` at run time (its typings name only the route's options). */
interface RouteLimitOptions {
  routeInfo: { method: string; url: string };
}

/**
 * @fastify/rate-limit's store on our Redis counters, so that the request limits and the attempt
 * limits fail the same way when Redis does not answer (fast, counted in one metric) and the plugin's
 * `skipOnError` lets the request through. Keys as the plugin's own Redis store names them: the
 * namespace, then the route's method and path, then the client.
 */
export function requestLimitStore(counters: RedisCounterStore, nameSpace: string) {
  return class RequestLimitStore {
    private readonly counters: RedisCounterStore;

    constructor(_globalOptions?: unknown, prefix = nameSpace) {
      this.counters = counters.withPrefix(prefix);
    }

    incr(key: string, answer: Answer, timeWindow: number): void {
      this.counters.add(key, timeWindow).then(
        (window) => answer(null, { current: window.count, ttl: window.resetInMs }),
        (error: Error) => answer(error),
      );
    }

    child(routeOptions: object): RequestLimitStore {
      const { method, url } = (routeOptions as RouteLimitOptions).routeInfo;
      return new RequestLimitStore(undefined, `${nameSpace}${method}${url}-`);
    }
  };
}
