import fs from 'node:fs';
import path from 'node:path';
import { makeTempDir, runProjectScript } from './realServerProcess';

/**
 * Issue 30: the CLI died with a stack trace when WEBHOOK_SECRET was set without WEBHOOK_URL. A
 * setting that cannot work is one clear line and exit code 1, from the server and every command,
 * and nothing is created on the way.
 */
jest.setTimeout(120_000);

let dataDir: string;

beforeAll(() => {
  dataDir = path.join(makeTempDir('becca-settings'), 'data');
});
afterAll(() => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }));

const SECRET_ONLY = {
  WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
  WEBHOOK_URL: '',
};

test.each([
  ['server/main.ts', []],
  ['server/cli/inviteCommand.ts', ['list']],
  ['server/cli/inviteCommand.ts', ['create']],
  ['server/cli/membersCommand.ts', ['list']],
  ['server/cli/waitlistCommand.ts', ['list']],
  ['server/cli/webhooksCommand.ts', ['list']],
  ['server/cli/nominationsCommand.ts', ['purge']],
])('%s %s: WEBHOOK_SECRET without WEBHOOK_URL is one line and exit code 1', async (script, args) => {
  const result = await runProjectScript(script, args, { ...SECRET_ONLY, DATA_DIR: dataDir, PORT: '0' });
  expect(result.code).toBe(1);
  const lines = result.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/WEBHOOK_SECRET is set without WEBHOOK_URL: the two must be set together/);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(fs.existsSync(dataDir)).toBe(false);
});
