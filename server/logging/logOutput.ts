import { pino, type DestinationStream } from 'pino';

type Destination = ReturnType<typeof pino.destination>;
import type { LogFormat } from '../config';
import { formatLogLine } from './prettyLogLine';

/** JSON for machines (a pipe, a file, a log collector), readable lines for a person at a terminal. */
export function chooseLogFormat(setting: LogFormat | undefined, stdoutIsTerminal: boolean): LogFormat {
  return setting ?? (stdoutIsTerminal ? 'pretty' : 'json');
}

export interface LogOutput {
  format: LogFormat;
  /** Where pino writes its records. */
  stream: DestinationStream;
  /** Text for the operator (the address, the first invite code), never mixed into the JSON records. */
  print(text: string): void;
  /** Resolves once every line written so far has reached stdout (shutdown awaits it). */
  flush(): Promise<void>;
}

/**
 * Lines are gathered into writes of at least this many bytes, made off the event loop: under load
 * one write carries a few dozen request lines. A quiet server's lines go out within FLUSH_EVERY_MS.
 */
const WRITE_AT_LEAST_BYTES = 4096;
const FLUSH_EVERY_MS = 1000;

export interface LogOutputOptions {
  format: LogFormat | undefined;
  /** The file descriptor the records go to, and whether it is a terminal. */
  stdout?: { fd: number; isTTY?: boolean };
  stderr?: NodeJS.WritableStream;
  /** https://no-color.org: set, and the terminal gets no colours. */
  noColour?: boolean;
}

/**
 * Collects lines and hands them to `destination` WRITE_AT_LEAST_BYTES at a time. Not sonic-boom's own
 * `minLength`: that measures the whole pending string again on every line (Buffer.byteLength of up to
 * 16 KB per call), which cost a request as much as the rest of its log line.
 */
function batchedLines(destination: Destination) {
  let pending: string[] = [];
  let pendingBytes = 0;
  const handOver = () => {
    if (pending.length === 0) return;
    const chunk = pending.join('');
    pending = [];
    pendingBytes = 0;
    destination.write(chunk);
  };
  const timer = setInterval(handOver, FLUSH_EVERY_MS);
  timer.unref();
  // pino's own exit hook writes the destination out synchronously, but it knows nothing of the lines
  // held here: they are handed over, then written the same way.
  process.once('exit', () => {
    clearInterval(timer);
    handOver();
    try {
      destination.flushSync();
    } catch {
      // A destination that is gone (stdout closed): nothing left to save.
    }
  });
  return {
    write(line: string) {
      pending.push(line);
      // Log lines are ASCII but for what people typed; .length undercounts those, which only
      // makes a batch a little larger.
      pendingBytes += line.length;
      if (pendingBytes >= WRITE_AT_LEAST_BYTES) handOver();
    },
    flush: () =>
      new Promise<void>((resolve) => {
        handOver();
        destination.flush(() => resolve());
      }),
  };
}

export function openLogOutput({
  format: setting,
  stdout = process.stdout,
  stderr = process.stderr,
  noColour = false,
}: LogOutputOptions): LogOutput {
  const format = chooseLogFormat(setting, Boolean(stdout.isTTY));
  // Asynchronous and batched: a slow terminal or a full pipe never holds up a request, and a burst of
  // requests costs a few writes, not one per line. What is still held is written when the process
  // exits, however it exits (process.exit, a signal's shutdown, an uncaught exception); shutdown
  // also awaits `flush`, so the last write in flight is not lost either. Only a SIGKILL loses lines:
  // those not yet written, less than WRITE_AT_LEAST_BYTES and FLUSH_EVERY_MS.
  const lines = batchedLines(pino.destination({ dest: stdout.fd, sync: false }));
  if (format === 'json') {
    // stdout stays one JSON record per line, so `… | jq` and log collectors can parse all of it.
    return { format, stream: lines, print: (text) => void stderr.write(text), flush: lines.flush };
  }
  const colours = Boolean(stdout.isTTY) && !noColour;
  return {
    format,
    stream: { write: (line) => lines.write(formatLogLine(line, colours)) },
    // Through the same queue as the log lines, so the text lands where it was printed in order.
    print: (text) => lines.write(text),
    flush: lines.flush,
  };
}

/** Lines in a box with blank lines around it, so they stand out when scrolling back through the log. */
export function framedBlock(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 4);
  const body = lines.map((line) => `│  ${line.padEnd(width)}  │`);
  return ['', `┌${rule}┐`, ...body, `└${rule}┘`, '', ''].join('\n');
}
