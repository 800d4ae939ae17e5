import type { Redis } from 'ioredis';

/** A rate-limit lookup Redis has not answered in this long counts nothing for its request. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/**
 * No request waits on a connection (commands fail at once until it is made), so this can be generous:
 * at start the event loop is busy (pages compressed, migrations) and a short timer fires before the
 * connection's own callback has had its turn.
 */
const CONNECT_TIMEOUT_MS = 5_000;
const MAX_RECONNECT_DELAY_MS = 2_000;

interface RedisLog {
  warn(object: object, message: string): void;
  info(message: string): void;
}

/**
 * The Redis client for shared rate-limit counters, made to fail fast: no offline queue (a command
 * while Redis is away fails at once instead of waiting for a reconnection), a command timeout, no
 * resending, and reconnection attempts that back off to a steady 2 s rather than growing. The caller
 * connects it (`connect()`) once `watchRedis` listens, so no error goes unheard.
 */
export async function createRedisClient(url: string): Promise<Redis> {
  // Loaded only when REDIS_URL asks for it: most servers never hold its code.
  const { Redis } = await import('ioredis');
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, MAX_RECONNECT_DELAY_MS),
  });
}

/**
 * One JSON warning when Redis goes away (with why) and one line when it is back, instead of an error
 * for every reconnection attempt, and never ioredis's "Unhandled error event" on stderr: a client
 * with no 'error' listener prints that, and Node would end a process on an unheard 'error' event.
 */
export function watchRedis(redis: Redis, log: RedisLog): void {
  let away = false;
  redis.on('error', (error: Error) => {
    if (away) return;
    away = true;
    log.warn({ err: error }, 'Redis unavailable: rate limits count nothing until it is back');
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    log.info('Redis answers again: rate limits count again');
  });
}
