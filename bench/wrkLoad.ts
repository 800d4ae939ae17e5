import { spawn } from 'node:child_process';

export interface WrkResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses received. */
  total: number;
  /** Answers other than 2xx and 3xx. */
  non2xx: number;
  /** Socket errors (connect, read, write, timeout). */
  errors: number;
}

function milliseconds(value: string, unit: string): number {
  const factor = unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1;
  return Number(value) * factor;
}

/**
 * GET one URL with wrk (Debian's `wrk`, a C load generator in its own process, one thread, so the
 * client takes little of the CPU the server is measured on).
 */
export function wrkGet(
  url: string,
  {
    connections,
    seconds,
    headers = {},
  }: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<WrkResult> {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', [...args, url], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) =>
      reject(new Error(`wrk could not run (apt-get install wrk): ${error.message}`)),
    );
    child.once('exit', (code) => {
      const rate = /Requests\/sec:\s+([\d.]+)/.exec(output)?.[1];
      const p50 = /^\s+50%\s+([\d.]+)(us|ms|s)/m.exec(output);
      const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)/m.exec(output);
      if (code !== 0 || !rate || !p50 || !p99) return reject(new Error(`wrk failed:\n${output}`));
      const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
        output,
      );
      resolve({
        requestsPerSecond: Number(rate),
        total: Number(/(\d+) requests in/.exec(output)?.[1] ?? NaN),
        non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
        errors: socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
        p50Ms: milliseconds(p50[1]!, p50[2]!),
        p99Ms: milliseconds(p99[1]!, p99[2]!),
      });
    });
  });
}
