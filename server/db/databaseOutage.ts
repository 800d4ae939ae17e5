import { HttpError } from '../httpError';

/** What every request that needs the database is told while it does not answer. */
export const UNAVAILABLE_DETAIL = 'Becca is briefly unavailable. Please try again in a moment.';
/** Seconds a client is asked to wait: about as long as a PostgreSQL restart or fail-over takes. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export function serviceUnavailable(): HttpError {
  return new HttpError(503, UNAVAILABLE_DETAIL, { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) });
}

/**
 * SQLSTATEs that say the server cannot serve this session, not that the statement was wrong: class
 * 08 (connection exception), 57P01-57P03 (shut down by an administrator, crashed, still starting or
 * recovering) and 53300 (no connection slot left).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
/** What Node's sockets say when the server is not there, or went away mid-conversation. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/**
 * node-postgres and pg-pool raise these as plain Errors without a code: a connection that dropped
 * under a query, a pool that could not connect in time, a client already broken by an earlier drop.
 */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection closed',
];

/**
 * `socketCounts`: a socket error means the database only when it came from connecting to it (a
 * `connect` or name lookup) or from under a failed query; a client's own upload that stopped
 * (ECONNRESET, "aborted") is that client's problem, not an outage.
 */
function isUnavailableHere(error: unknown, socketCounts: boolean): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message, syscall } = error as { code?: unknown; message?: unknown; syscall?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATE.test(code)) return true;
    const connecting = syscall === 'connect' || syscall === 'getaddrinfo';
    if (SOCKET_CODES.has(code) && (socketCounts || connecting)) return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.startsWith(text));
}

/**
 * Whether `error` means "the database did not answer" (so: 503, try again) rather than a fault of the
 * request or of our code. Drizzle wraps the driver's error in `cause` (its error carries the `query`);
 * an AggregateError (a host with several addresses, all refusing) carries them in `errors`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let underQuery = false;
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if (isUnavailableHere(current, underQuery)) return true;
    const { errors, query } = current as { errors?: unknown; query?: unknown };
    if (Array.isArray(errors) && errors.some((inner) => isUnavailableHere(inner, underQuery))) return true;
    underQuery ||= typeof query === 'string';
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

interface OutageLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/**
 * One log line when an outage starts (with its cause) and one when the database answers again, not
 * one per failed request: an outage under load would otherwise be thousands of identical lines.
 */
export class DatabaseOutage {
  private since: number | undefined;

  get ongoing(): boolean {
    return this.since !== undefined;
  }

  failed(error: unknown, log: OutageLog): void {
    if (this.since !== undefined) return;
    this.since = Date.now();
    log.warn({ err: error }, 'database unavailable: answering 503 until it is back');
  }

  answered(log: OutageLog): void {
    if (this.since === undefined) return;
    const seconds = Math.round((Date.now() - this.since) / 100) / 10;
    this.since = undefined;
    log.info({ outageSeconds: seconds }, 'database answers again');
  }
}
