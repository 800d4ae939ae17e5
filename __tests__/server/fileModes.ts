import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Every file and folder under `folder` (itself included) that its group or other users may use, with its mode. */
export function entriesOpenToOthers(folder: string): string[] {
  const open: string[] = [];
  const walk = (target: string) => {
    const stat = fs.lstatSync(target);
    if ((stat.mode & 0o077) !== 0) open.push(`${target} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const entry of fs.readdirSync(target)) walk(path.join(target, entry));
  };
  walk(folder);
  return open;
}

/**
 * Sets modes with the chmod program, never fs.chmodSync: a test file that opens the embedded
 * database in this jest worker runs the server's owner-only rule (server/privateDataDir.ts), which
 * patches this process's fs.chmodSync to drop every group and other bit, silently, for every test
 * file the worker runs after it.
 */
export function chmod(...args: string[]): void {
  execFileSync('chmod', args);
}
