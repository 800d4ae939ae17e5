import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { limits } from '../../src/domain/limits';
import { HttpError } from '../httpError';
import { rateLimitClientKey } from './clientKey';

/** How many attempts a key has in its current window, and when that window ends. */
export interface WindowCount {
  count: number;
  resetInMs: number;
}

/** Fixed-window counters: in this process, or in Redis so that every instance shares them. */
export interface CounterStore {
  read(key: string, windowMs: number): Promise<WindowCount>;
  add(key: string, windowMs: number): Promise<WindowCount>;
}

/** Most keys the in-process store keeps: a flood of new addresses cannot grow it without bound. */
const MAX_LOCAL_KEYS = 100_000;

export class LocalCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async read(key: string, windowMs: number): Promise<WindowCount> {
    const entry = this.windows.get(key);
    const now = this.now();
    if (!entry || entry.resetAt <= now) return { count: 0, resetInMs: windowMs };
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  async add(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= MAX_LOCAL_KEYS) this.makeRoom(now);
      entry = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  /** Drops ended windows; if every window is live, the oldest tenth (a Map iterates in insertion order). */
  private makeRoom(now: number) {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
    let excess = this.windows.size - MAX_LOCAL_KEYS * 0.9;
    for (const key of this.windows.keys()) {
      if (excess-- <= 0) break;
      this.windows.delete(key);
    }
  }
}

const ADD_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

/**
 * Counters in Redis, shared by every instance. The client fails a command fast when Redis is away or
 * slow (server/redisClient.ts: no offline queue, a command timeout); each such failure is reported to
 * `onError` (a metric) and the caller counts nothing for that request.
 */
export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'becca-refusals:',
    private readonly onError: () => void = () => undefined,
  ) {}

  async read(key: string, windowMs: number): Promise<WindowCount> {
    const [[, count], [, ttl]] = (await this.redis
      .multi()
      .get(this.prefix + key)
      .pttl(this.prefix + key)
      .exec()
      .catch(this.failed)) as [[unknown, string | null], [unknown, number]];
    return { count: Number(count ?? 0), resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async add(key: string, windowMs: number): Promise<WindowCount> {
    const [count, ttl] = (await this.redis
      .eval(ADD_SCRIPT, 1, this.prefix + key, windowMs)
      .catch(this.failed)) as [number, number];
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }

  /** The same counters under another prefix (each request-limited route has its own). */
  withPrefix(prefix: string): RedisCounterStore {
    return new RedisCounterStore(this.redis, prefix, this.onError);
  }

  private readonly failed = (error: unknown): never => {
    this.onError();
    throw error;
  };
}

export function tooManyAttempts(resetInMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  return new HttpError(429, `Too many attempts. Please wait ${seconds} seconds and try again.`, {
    'retry-after': String(seconds),
  });
}

/**
 * A limit on the attempts a route reports (a wrong invite code, a refused registration) rather than
 * on requests: once `max` are counted in a window, `check` answers 429.
 * So a room of people with good codes on one address is never refused, and a guesser still is.
 * A Redis outage counts nothing for that moment rather than lock everyone out (as the request limits do).
 */
export class AttemptLimit {
  constructor(
    private readonly store: CounterStore,
    private readonly name: string,
    readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Throws 429 (with Retry-After) when `key` has used up its attempts. */
  async check(key: string): Promise<void> {
    const window = await this.store.read(`${this.name}:${key}`, this.windowMs).catch(() => undefined);
    if (window && window.count >= this.max) throw tooManyAttempts(window.resetInMs);
  }

  /** Counts one attempt; returns the count in this window (0 when the store could not be reached). */
  async count(key: string): Promise<WindowCount> {
    return this.store
      .add(`${this.name}:${key}`, this.windowMs)
      .catch(() => ({ count: 0, resetInMs: this.windowMs }));
  }

  /** The same limit keyed by the client's address (IPv6 by its /64). */
  checkClient(request: FastifyRequest): Promise<void> {
    return this.check(rateLimitClientKey(request.ip));
  }

  countClient(request: FastifyRequest): Promise<WindowCount> {
    return this.count(rateLimitClientKey(request.ip));
  }
}

/** The limits that count outcomes, not requests (see docs/security.md, Rate limits). */
export interface AttemptLimits {
  /** Invite-code checks that found no usable code, per client. */
  failedCodeChecks: AttemptLimit;
  /** Registrations answered 403, 409 or 422 (or refused as a probe), per client. */
  refusedRegistrations: AttemptLimit;
  /** Registrations accepted, per client: a ceiling no event meets. */
  acceptedRegistrations: AttemptLimit;
  /**
   * Registrations refused because the phone is already a member, per invite code. Its window is a
   * day, so it is kept in `lasting`: a restart must not hand a probing code three more numbers.
   */
  phoneConflictsPerCode: AttemptLimit;
}

/**
 * The per-minute limits count in `store` (this process, or Redis): a restart forgets at most a
 * minute of them. The day-long per-code limit counts in `lasting` (the database).
 */
export function attemptLimits(
  store: CounterStore,
  perMinute: { validateCode: number; register: number; registerAccepted: number },
  lasting: CounterStore = store,
): AttemptLimits {
  const { rateLimits } = limits;
  return {
    failedCodeChecks: new AttemptLimit(
      store,
      'failed-code-checks',
      perMinute.validateCode,
      rateLimits.validateCode.timeWindowMs,
    ),
    refusedRegistrations: new AttemptLimit(
      store,
      'refused-registrations',
      perMinute.register,
      rateLimits.register.timeWindowMs,
    ),
    acceptedRegistrations: new AttemptLimit(
      store,
      'accepted-registrations',
      perMinute.registerAccepted,
      rateLimits.registerAccepted.timeWindowMs,
    ),
    phoneConflictsPerCode: new AttemptLimit(
      lasting,
      'phone-conflicts',
      rateLimits.phoneConflictsPerCode.max,
      rateLimits.phoneConflictsPerCode.timeWindowMs,
    ),
  };
}
