/** What a PostgreSQL error carries that we read: its SQLSTATE and, for a constraint, which one. */
export interface PostgresError {
  code: string;
  constraint?: string;
  message?: string;
}

/**
 * The PostgreSQL error with one of `codes` (SQLSTATE) in `error` or its causes, or undefined:
 * drizzle wraps the driver's error in `cause`, so the code is looked for a few levels down.
 */
export function postgresErrorIn(error: unknown, codes: readonly string[]): PostgresError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as Partial<PostgresError> & { cause?: unknown };
    if (typeof candidate.code === 'string' && codes.includes(candidate.code))
      return candidate as PostgresError;
    current = candidate.cause;
  }
  return undefined;
}
