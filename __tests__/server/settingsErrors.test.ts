import fs from 'node:fs';
import path from 'node:path';
import { readSettings, SettingsError } from '../../server/config';
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

/**
 * Issue 31: the environment is checked against one schema. Every bad value is named with what it
 * should be, all of them at once, and a secret is never repeated back.
 */
test('every bad value is named at once, each with what it should be', () => {
  let error: unknown;
  try {
    readSettings({
      PORT: 'abc',
      LOG_LEVEL: 'loud',
      MEMBER_INVITES: '1.5',
      TRUST_PROXY_HOPS: '-1',
      BODY_IDLE_TIMEOUT_SECONDS: '0',
      APP_URL: 'example.com',
      OPT_OUT_SALT: 'short-salt',
    });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(SettingsError);
  expect((error as SettingsError).problems).toEqual([
    'PORT must be a port number (0 to 65535), got "abc"',
    'APP_URL must be an http:// or https:// address, got "example.com"',
    'MEMBER_INVITES must be a whole number, got "1.5"',
    'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    'TRUST_PROXY_HOPS must be a whole number, got "-1"',
    'BODY_IDLE_TIMEOUT_SECONDS must be a whole number of seconds, at least 1, got "0"',
    'OPT_OUT_SALT must be at least 16 characters',
  ]);
  expect((error as Error).message).not.toContain('short-salt');
});

test('unset and empty variables take their defaults; numbers are read as numbers', () => {
  const defaults = readSettings({});
  expect(readSettings({ PORT: '', LOG_LEVEL: '', HOST: '' })).toEqual(defaults);
  expect(defaults).toMatchObject({
    port: 3000,
    host: 'localhost',
    appUrl: 'http://localhost:3000',
    logLevel: 'info',
  });
  const set = readSettings({
    PORT: '8080',
    BODY_IDLE_TIMEOUT_SECONDS: '5',
    ASSISTANT_WHATSAPP_NUMBER: '+44 7700 900999',
  });
  expect(set).toMatchObject({
    port: 8080,
    appUrl: 'http://localhost:8080',
    bodyIdleTimeoutMs: 5000,
    assistantWhatsAppNumber: '447700900999',
  });
});

test('the server names every bad value on its one line', async () => {
  const result = await runProjectScript('server/main.ts', [], {
    DATA_DIR: dataDir,
    PORT: '70000',
    REQUEST_TIMEOUT_SECONDS: 'soon',
    ASSISTANT_API_KEY: 'too-short-a-key',
  });
  expect(result.code).toBe(1);
  const lines = result.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/PORT must be a port number \(0 to 65535\), got "70000"/);
  expect(lines[0]).toMatch(
    /REQUEST_TIMEOUT_SECONDS must be a whole number of seconds, at least 1, got "soon"/,
  );
  expect(lines[0]).toMatch(/ASSISTANT_API_KEY must be at least 32 characters/);
  expect(lines[0]).not.toContain('too-short-a-key');
  expect(fs.existsSync(dataDir)).toBe(false);
});
