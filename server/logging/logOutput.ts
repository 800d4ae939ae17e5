import { pino, type DestinationStream } from 'pino';
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

export interface LogOutputOptions {
  format: LogFormat | undefined;
  /** The file descriptor the records go to, and whether it is a terminal. */
  stdout?: { fd: number; isTTY?: boolean };
  stderr?: NodeJS.WritableStream;
  /** https://no-color.org: set, and the terminal gets no colours. */
  noColour?: boolean;
}

export function openLogOutput({
  format: setting,
  stdout = process.stdout,
  stderr = process.stderr,
  noColour = false,
}: LogOutputOptions): LogOutput {
  const format = chooseLogFormat(setting, Boolean(stdout.isTTY));
  // pino's own asynchronous destination: a slow terminal or a full pipe never holds up a request, and
  // lines written while a write is in flight go out together in the next one. pino writes what is
  // still pending synchronously when the process exits, however it exits (process.exit, an uncaught
  // exception, the end of the program); a signal's shutdown also awaits `flush`. Only a SIGKILL
  // loses the lines not yet written.
  const destination = pino.destination({ dest: stdout.fd, sync: false });
  const flush = () =>
    new Promise<void>((resolve) => {
      destination.flush(() => resolve());
    });
  if (format === 'json') {
    // stdout stays one JSON record per line, so `… | jq` and log collectors can parse all of it.
    return { format, stream: destination, print: (text) => void stderr.write(text), flush };
  }
  const colours = Boolean(stdout.isTTY) && !noColour;
  return {
    format,
    stream: { write: (line) => destination.write(formatLogLine(line, colours)) },
    // Through the same destination as the log lines, so the text lands where it was printed in order.
    print: (text) => void destination.write(text),
    flush,
  };
}

/** Lines in a box with blank lines around it, so they stand out when scrolling back through the log. */
export function framedBlock(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 4);
  const body = lines.map((line) => `│  ${line.padEnd(width)}  │`);
  return ['', `┌${rule}┐`, ...body, `└${rule}┘`, '', ''].join('\n');
}
