import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { makeTempDir } from '../__tests__/server/realServerProcess';
import { registrationMultipart, testPhone } from '../__tests__/server/registrationTraffic';
import type { RegistrationLoadResult } from './httpLoad';

export interface WrkResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

function milliseconds(value: string, unit: string): number {
  const factor = unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1;
  return Number(value) * factor;
}

/** Runs wrk (Debian's `wrk`, a C load generator in its own process) and resolves with its output. */
function runWrk(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) =>
      reject(new Error(`wrk could not run (apt-get install wrk): ${error.message}`)),
    );
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`wrk failed:\n${output}`))));
  });
}

/** wrk's summary: requests/s and, with --latency, the 50th and 99th percentiles. */
function parseSummary(output: string): WrkResult {
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(output)?.[1];
  const p50 = /^\s+50%\s+([\d.]+)(us|ms|s)/m.exec(output);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)/m.exec(output);
  if (!rate || !p50 || !p99) throw new Error(`wrk printed no summary:\n${output}`);
  return {
    requestsPerSecond: Number(rate),
    p50Ms: milliseconds(p50[1]!, p50[2]!),
    p99Ms: milliseconds(p99[1]!, p99[2]!),
  };
}

/**
 * GET one URL with wrk, one thread, so the client takes little of the CPU the server is measured on.
 */
export async function wrkGet(
  url: string,
  {
    connections,
    seconds,
    headers = {},
  }: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<WrkResult> {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  return parseSummary(await runWrk([...args, url]));
}

/**
 * Registrations with the same photo and a new phone each (testPhone(firstPhone), then the next...),
 * sent by wrk with bench/registrations.lua, `connections` at a time for `seconds`. Every answer is
 * counted, and every 201's user id kept so the caller can check that each one was stored whole.
 */
export async function wrkRegistrations(
  baseUrl: string,
  inviteCode: string,
  photo: Buffer,
  { connections, seconds, firstPhone }: { connections: number; seconds: number; firstPhone: number },
): Promise<RegistrationLoadResult> {
  const phone = testPhone(firstPhone);
  const { body } = registrationMultipart(inviteCode, phone, photo);
  // The phone is in form_data, which comes before the photo: its first occurrence is the one to replace.
  const at = body.indexOf(phone);
  const folder = makeTempDir('becca-bench-wrk');
  try {
    const headPath = path.join(folder, 'head');
    const tailPath = path.join(folder, 'tail');
    fs.writeFileSync(headPath, body.subarray(0, at));
    fs.writeFileSync(tailPath, body.subarray(at + phone.length));
    const script = path.join(__dirname, 'registrations.lua');
    const output = await runWrk([
      '-t1',
      `-c${connections}`,
      `-d${seconds}s`,
      '--latency',
      // An upload waits for a photo slot under load; wrk's default of 2 s would count it as an error.
      '--timeout',
      '30s',
      '-s',
      script,
      `${baseUrl}/api/auth/register`,
      '--',
      headPath,
      tailPath,
      String(firstPhone),
    ]);
    const statuses: Record<number, number> = {};
    const acknowledged: { userId: string }[] = [];
    for (const [, status, userId] of output.matchAll(/^answer (\d+) (\S+)$/gm)) {
      statuses[Number(status)] = (statuses[Number(status)] ?? 0) + 1;
      if (status === '201') acknowledged.push({ userId: userId! });
    }
    const total = Object.values(statuses).reduce((sum, count) => sum + count, 0);
    const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
    return {
      ...parseSummary(output),
      total,
      errors: socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
      non2xx: total - acknowledged.length,
      acknowledged,
      statuses,
    };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
