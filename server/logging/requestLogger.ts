import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that becomes a real pino child (with the request's reqId) only when the
 * request writes a line its level lets through. Fastify makes a child for every request, and pino
 * copies the parent's formatters into each one: for a page or /health request under LOG_LEVEL=warn,
 * which writes nothing, that was about a tenth of the request's time. Levels are read at each
 * call, so a level changed on the parent applies to requests already under way.
 */
class RequestLogger implements FastifyBaseLogger {
  private child_: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    /** A route's own level or serializers (`logLevel: 'warn'` on /health). */
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.child_?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.materialised().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.materialised().child(bindings, options);
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.child_ && !this.allows(level)) return;
    (this.materialised()[level] as (...logged: unknown[]) => void)(...args);
  }

  private allows(level: Level): boolean {
    const { values } = this.parent.levels;
    const own = this.options.level;
    const threshold = own === undefined ? this.parent.levelVal : (values[own] ?? Infinity);
    return (values[level] ?? -Infinity) >= threshold;
  }

  private materialised(): FastifyBaseLogger {
    // No options object at all when the route has none: pino then skips rebuilding formatters.
    this.child_ ??= Object.keys(this.options).length
      ? this.parent.child(this.bindings, this.options)
      : this.parent.child(this.bindings);
    return this.child_;
  }
}

function isPino(logger: FastifyBaseLogger): logger is FastifyBaseLogger & Logger {
  const candidate = logger as Partial<Logger>;
  return typeof candidate.levelVal === 'number' && typeof candidate.levels?.values === 'object';
}

/** Fastify's `childLoggerFactory`: a RequestLogger over pino; any other logger gets its own child. */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return isPino(logger) ? new RequestLogger(logger, bindings, options) : logger.child(bindings, options);
}
