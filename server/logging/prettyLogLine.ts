/**
 * Pino's JSON records as one short line each, for a person at a terminal:
 *   14:02:07.311 INFO  GET /api/waitlist/join 200 4.1 ms
 *   14:02:09.020 ERROR request failed  reqId=req-7
 *       Error: connection refused
 *           at …
 * Machines get the JSON itself (see logOutput.ts).
 */

const LEVELS: Record<number, { label: string; colour: string }> = {
  10: { label: 'TRACE', colour: '90' },
  20: { label: 'DEBUG', colour: '36' },
  30: { label: 'INFO ', colour: '32' },
  40: { label: 'WARN ', colour: '33' },
  50: { label: 'ERROR', colour: '31' },
  60: { label: 'FATAL', colour: '41;97' },
};

/** Fields every record carries that a person at the terminal does not need on every line. */
const IMPLIED_FIELDS = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'req',
  'res',
  'responseTime',
  'err',
]);

export interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; path?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

function paint(colours: boolean, code: string, text: string): string {
  return colours ? `\u001b[${code}m${text}\u001b[0m` : text;
}

function statusColour(status: number): string {
  if (status >= 500) return '31';
  if (status >= 400) return '33';
  if (status >= 300) return '36';
  return '32';
}

function clockTime(epochMs: number | undefined): string {
  const time = new Date(epochMs ?? Date.now());
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(time.getHours())}:${two(time.getMinutes())}:${two(time.getSeconds())}.${String(time.getMilliseconds()).padStart(3, '0')}`;
}

function fieldText(value: unknown): string {
  return typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value);
}

/** The request line says it all: method, path, status, time taken; other records show their message. */
function message(record: LogRecord, colours: boolean): string {
  if (record.req && record.res?.statusCode !== undefined) {
    const status = record.res.statusCode;
    const took = record.responseTime === undefined ? '' : ` ${record.responseTime.toFixed(1)} ms`;
    return `${record.req.method} ${record.req.path} ${paint(colours, statusColour(status), String(status))}${took}`;
  }
  return record.msg ?? '';
}

export function formatLogRecord(record: LogRecord, colours: boolean): string {
  const level = LEVELS[record.level ?? 30] ?? { label: String(record.level).padEnd(5), colour: '0' };
  const extras = Object.entries(record)
    .filter(([name, value]) => !IMPLIED_FIELDS.has(name) && value !== undefined)
    .map(([name, value]) => `${name}=${fieldText(value)}`)
    .join(' ');
  let line = `${paint(colours, '2', clockTime(record.time))} ${paint(colours, level.colour, level.label)} ${message(record, colours)}`;
  if (extras) line += `  ${paint(colours, '2', extras)}`;
  if (record.err) {
    // The logged stack may be its frames alone (errorLogging.ts keeps the message out of it).
    const header = `${record.err.type ?? 'Error'}: ${record.err.message}`;
    const stack = record.err.stack;
    const detail = !stack ? header : stack.startsWith(header) ? stack : `${header}\n${stack}`;
    line += `\n${paint(colours, '2', detail.replace(/^/gm, '    '))}`;
  }
  return `${line}\n`;
}

/** One of pino's output lines (JSON and a newline) as a terminal line; anything else passes as it is. */
export function formatLogLine(line: string, colours: boolean): string {
  try {
    const record = JSON.parse(line) as unknown;
    if (record && typeof record === 'object' && !Array.isArray(record)) {
      return formatLogRecord(record as LogRecord, colours);
    }
  } catch {
    // Not a record: print it unchanged.
  }
  return line;
}
