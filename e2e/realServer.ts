import fs from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import {
  makeTempDir,
  runProjectScript,
  startServerProcess,
  type CliResult,
} from '../__tests__/server/realServerProcess';

export { freePort } from '../__tests__/server/realServerProcess';

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Stops the server and deletes its data folder (about 40 MB): for a spec's afterAll. */
  stopAndDelete(): Promise<void>;
}

/** The real server (`npm start`'s compiled entry point) on a free port and a fresh temporary data folder. */
export async function startRealServer(
  options: { dataDir?: string; env?: NodeJS.ProcessEnv; startTimeoutMs?: number } = {},
): Promise<RunningServer> {
  const server = await startServerProcess({
    dataDir: options.dataDir ?? makeTempDir('becca-e2e'),
    env: options.env,
    startTimeoutMs: options.startTimeoutMs,
    // What production runs: the compiled server under plain node (`npm run build` compiled it).
    via: 'node',
  });
  return {
    url: server.url,
    dataDir: server.dataDir,
    process: server.child,
    output: server.output,
    stop: async (signal = 'SIGTERM') => (await server.stop(signal)).code,
    stopAndDelete: async () => {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs a project entry point (`[script, ...args]`, e.g. the operator CLI) and returns its output. */
export function runProjectCommand([script, ...args]: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return runProjectScript(script!, args, env);
}

/** A fresh code from the operator's CLI (`invite create --uses N`), on the server's data folder. */
export async function newInviteCode(server: RunningServer, uses = 3): Promise<string> {
  const created = await runProjectCommand(['server/cli/inviteCommand.ts', 'create', '--uses', String(uses)], {
    DATA_DIR: server.dataDir,
  });
  expect(created.code, created.stderr).toBe(0);
  return created.stdout.trim().split('\n').pop()!;
}

/** Opens a page and waits until React has hydrated it (prerendered pages look ready before they are). */
export async function openApp(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
  return response;
}
