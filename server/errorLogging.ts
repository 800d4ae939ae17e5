/**
 * What an unexpected error may put in the log. A failed query's error carries its parameters (the
 * member's name, phone, entry text) in `params`, in its message and so in its stack's first line, and
 * the database's own message can quote the offending value; none of that belongs in a log line.
 */
export interface LoggedError {
  type: string;
  message: string;
  /** The SQL text with its $1 placeholders, never the values. */
  query?: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack?: string;
  cause?: LoggedError;
}

/** Quoted values in a database message ("1e39" is out of range…) become "…". */
function withoutQuotedValues(message: string): string {
  return message.replace(/"[^"]*"/g, '"…"').replace(/\([^()]*\)=\([^()]*\)/g, '(…)=(…)');
}

function stackFrames(stack: string | undefined): string | undefined {
  const frames = stack?.split('\n').filter((line) => /^\s+at /.test(line));
  return frames?.length ? frames.join('\n') : undefined;
}

export function describeErrorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: 'a value that is not an Error was thrown' };
  const fields = error as Error &
    Partial<Record<'query' | 'code' | 'constraint' | 'table' | 'column', unknown>>;
  const isQueryError = typeof fields.query === 'string';
  const fromDatabase = isQueryError || typeof fields.code === 'string';
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const described: LoggedError = {
    type: error.name,
    // A failed query's message is "Failed query: <sql>\nparams: <values>": keep only the first line.
    message: isQueryError
      ? 'Failed query'
      : fromDatabase
        ? withoutQuotedValues(error.message)
        : error.message,
    query: isQueryError ? text(fields.query) : undefined,
    code: text(fields.code),
    constraint: text(fields.constraint),
    table: text(fields.table),
    column: text(fields.column),
    stack: stackFrames(error.stack),
  };
  if (error.cause !== undefined && depth < 4) described.cause = describeErrorForLog(error.cause, depth + 1);
  return Object.fromEntries(
    Object.entries(described).filter(([, value]) => value !== undefined),
  ) as unknown as LoggedError;
}
