import fs from 'node:fs';
import path from 'node:path';
import { INVITE_CODE_ALPHABET } from '../../src/domain/inviteCode';
import { LOCK_FILE_NAME } from '../../server/dataDirLock';
import { inviteCodeMessages } from '../../server/invites/inviteCodeStore';
import {
  countOutputLines,
  createFreshPostgresDatabase,
  killLeftoverProcesses,
  lastLine,
  makeTempDir,
  runCli,
  startServerProcess,
  waitFor,
  type CliResult,
  type ServerProcess,
} from './realServerProcess';

// Every command is a real process (tsx start-up, and on the embedded engine a database start).
jest.setTimeout(120_000);

/** A code we issue: at least 8 characters, none of them 0, O, 1, I or L. */
const ISSUED_CODE = new RegExp(`^[${INVITE_CODE_ALPHABET}]{8,}$`);
const FIRST_CODE_LINE = /Your first invite code \(10 uses\): (\S+)/g;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  killLeftoverProcesses();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function newDataDir(): string {
  const dataDir = makeTempDir('becca-cli');
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/** A whole row of `invite list`: code, label, uses/max, expiry and status in their columns. */
function listRow(code: string, label: string, uses: string, expires: string, status: string): RegExp {
  return new RegExp(`^${code}\\s+${label}\\s+${uses}\\s+${expires}\\s+${status}$`, 'm');
}

async function validateCode(server: ServerProcess, code: string) {
  return (await fetch(`${server.url}/api/auth/validate-code/${code}`)).json();
}

async function joinWaitlist(server: ServerProcess, body: object): Promise<void> {
  const response = await fetch(`${server.url}/api/waitlist/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

function firstInviteCodes(server: ServerProcess): string[] {
  return [...server.output().matchAll(FIRST_CODE_LINE)].map((match) => match[1]!);
}

/** Starts a server and waits for its start-up lines, which may arrive after /health answers. */
async function startAndAnnounce(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const server = await startServerProcess({ dataDir, env: { WAITLIST_RATE_LIMIT: '1000', ...env } });
  await waitFor('the start-up message', () => countOutputLines(server, 'Becca is running') === 1);
  return server;
}

const badInputs: [description: string, args: string[], message: RegExp][] = [
  ['--uses 0', ['create', '--uses', '0'], /--uses must be a whole number from 1 to 100000/],
  ['--expires 31/12/2026', ['create', '--expires', '31/12/2026'], /--expires wants a date like 2026-12-31/],
  ['an unknown command', ['frobnicate'], /Unknown command "frobnicate"/],
  ['revoking an unknown code', ['revoke', 'ZZZZZZZZZZ'], /No invite code ZZZZZZZZZZ/],
];

function expectRefused(result: CliResult, message: RegExp) {
  expect(result.code).not.toBe(0);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(/\n\s+at /); // a sentence, not a stack trace
}

describe('operator commands on an embedded DATA_DIR with no server running', () => {
  const dataDir = newDataDir();
  const env = { DATA_DIR: dataDir };
  let created: CliResult;
  let code: string;
  beforeAll(async () => {
    created = await runCli(
      'invite',
      ['create', '--uses', '5', '--label', 'Org', '--expires', '2099-12-31'],
      env,
    );
    code = lastLine(created.stdout);
  });

  test('invite create prints the new code alone on the last line of stdout, and lets go of the folder', () => {
    expect(created.code).toBe(0);
    expect(code).toMatch(ISSUED_CODE);
    expect(created.stderr).toContain('Created an invite code for 5 use(s), expires 2099-12-31.');
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  test('invite list shows the code, its label, uses/max, expiry and status', async () => {
    const listed = await runCli('invite', ['list'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^CODE\s+LABEL\s+USES\s+EXPIRES\s+STATUS$/m);
    expect(listed.stdout).toMatch(listRow(code, 'Org', '0/5', '2099-12-31', 'valid'));
  });

  test('invite revoke marks the code revoked in the list', async () => {
    const revoked = await runCli('invite', ['revoke', code.toLowerCase()], env);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(`Revoked ${code}`);
    const listed = await runCli('invite', ['list'], env);
    expect(listed.stdout).toMatch(listRow(code, 'Org', '0/5', '2099-12-31', 'revoked'));
  });

  test('waitlist list and export work on an empty waitlist', async () => {
    const listed = await runCli('waitlist', ['list'], env);
    expect(listed).toMatchObject({ code: 0, stdout: 'Nobody is on the waitlist yet.\n' });
    const exported = await runCli('waitlist', ['export'], env);
    expect(exported).toMatchObject({ code: 0, stdout: 'phone,email,name,joined_at\n' });
  });

  test.each(badInputs)('%s exits non-zero with a clear message', async (_description, args, message) => {
    expectRefused(await runCli('invite', args, env), message);
  });

  test('a server started later on the folder sees the revoked code and prints no first code', async () => {
    const server = await startAndAnnounce(dataDir);
    expect(await validateCode(server, code)).toEqual({ valid: false, message: inviteCodeMessages.revoked });
    expect(firstInviteCodes(server)).toEqual([]);
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });
});

describe('operator commands through a running server that owns the DATA_DIR', () => {
  const dataDir = newDataDir();
  const env = { DATA_DIR: dataDir };
  let server: ServerProcess;
  beforeAll(async () => {
    // At info level the server logs each request's path: proof that the commands came through it.
    server = await startAndAnnounce(dataDir, { LOG_LEVEL: 'info' });
  });
  afterAll(async () => {
    await server.stop();
  });

  test('the first start on an empty folder prints one 10-use invite code', async () => {
    const [firstCode, ...more] = firstInviteCodes(server);
    expect(more).toEqual([]);
    expect(firstCode).toMatch(ISSUED_CODE);
    expect(await validateCode(server, firstCode!)).toEqual({
      valid: true,
      message: inviteCodeMessages.valid,
    });
  });

  test('invite create goes through the server, which keeps the database and sees the code at once', async () => {
    const created = await runCli(
      'invite',
      ['create', '--uses', '5', '--label', 'Org', '--expires', '2099-12-31'],
      env,
    );
    expect(created.code).toBe(0);
    const code = lastLine(created.stdout);
    expect(code).toMatch(ISSUED_CODE);
    expect(await validateCode(server, code)).toEqual({ valid: true, message: inviteCodeMessages.valid });
    // Had the command opened the database, it would have had to take the lock: it is still the server's.
    const lock = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')) as { pid: number };
    expect(lock.pid).toBe(server.pid);
    expect(server.child.exitCode).toBeNull();
    // Log lines are written asynchronously (server/logging/logOutput.ts).
    await waitFor(
      'the request line',
      () => countOutputLines(server, '"path":"/api/admin/invite-codes"', 'request completed') === 1,
    );

    const listed = await runCli('invite', ['list'], env);
    expect(listed.stdout).toMatch(
      listRow(firstInviteCodes(server)[0]!, 'first start', '0/10', 'never', 'valid'),
    );
    expect(listed.stdout).toMatch(listRow(code, 'Org', '0/5', '2099-12-31', 'valid'));

    const revoked = await runCli('invite', ['revoke', code], env);
    expect(revoked.code).toBe(0);
    expect((await runCli('invite', ['list'], env)).stdout).toMatch(
      listRow(code, 'Org', '0/5', '2099-12-31', 'revoked'),
    );
    expect(await validateCode(server, code)).toEqual({ valid: false, message: inviteCodeMessages.revoked });
  });

  test('waitlist list and export show the people who joined over HTTP', async () => {
    await joinWaitlist(server, { phone_number: '07911 123456', name: 'Ada, Countess of Lovelace' });
    await joinWaitlist(server, { phone_number: '+44 7911 123457' });
    const listed = await runCli('waitlist', ['list'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d {2}waiting {2}\+44 7911 ••• 456 {2}Ada, Countess of Lovelace$/m,
    );
    expect(listed.stdout).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d {2}waiting {2}\+44 7911 ••• 457$/m);

    const exported = await runCli('waitlist', ['export'], env);
    expect(exported.code).toBe(0);
    const [header, ...rows] = exported.stdout.trimEnd().split('\n');
    expect(header).toBe('phone,email,name,joined_at');
    expect(rows).toEqual([
      expect.stringMatching(/^\+447911123456,,"Ada, Countess of Lovelace",\d{4}-\d\d-\d\dT[\d:.]+Z$/),
      expect.stringMatching(/^\+447911123457,,,\d{4}-\d\d-\d\dT[\d:.]+Z$/),
    ]);
  });

  test.each(badInputs)('%s exits non-zero with a clear message', async (_description, args, message) => {
    expectRefused(await runCli('invite', args, env), message);
    expect(server.child.exitCode).toBeNull();
  });

  test('an unknown waitlist command exits non-zero with a clear message', async () => {
    expectRefused(await runCli('waitlist', ['obliterate'], env), /Unknown command "obliterate"/);
  });

  test('a second start on the same folder prints no other first code', async () => {
    expect(await server.stop()).toEqual({ code: 0, signal: null });
    server = await startAndAnnounce(dataDir);
    expect(firstInviteCodes(server)).toEqual([]);
  });
});

const describeOnPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describeOnPostgres('operator commands on PostgreSQL (DATABASE_URL)', () => {
  let env: NodeJS.ProcessEnv;
  let server: ServerProcess;
  beforeAll(async () => {
    const database = await createFreshPostgresDatabase(process.env.TEST_DATABASE_URL!);
    cleanups.push(() => database.drop());
    // The folder stays empty: with DATABASE_URL neither the server nor the commands use it.
    env = { DATA_DIR: newDataDir(), DATABASE_URL: database.url };
    server = await startAndAnnounce(env.DATA_DIR!, env);
  });
  afterAll(async () => {
    await server.stop();
  });

  test('the first start on an empty database prints one 10-use invite code', async () => {
    const [firstCode, ...more] = firstInviteCodes(server);
    expect(more).toEqual([]);
    expect(await validateCode(server, firstCode!)).toEqual({
      valid: true,
      message: inviteCodeMessages.valid,
    });
  });

  test('create, list and revoke work on the shared database while a server runs', async () => {
    const created = await runCli(
      'invite',
      ['create', '--uses', '5', '--label', 'Org', '--expires', '2099-12-31'],
      env,
    );
    expect(created.code).toBe(0);
    const code = lastLine(created.stdout);
    expect(code).toMatch(ISSUED_CODE);
    expect(await validateCode(server, code)).toEqual({ valid: true, message: inviteCodeMessages.valid });
    expect((await runCli('invite', ['list'], env)).stdout).toMatch(
      listRow(code, 'Org', '0/5', '2099-12-31', 'valid'),
    );

    expect((await runCli('invite', ['revoke', code], env)).code).toBe(0);
    expect((await runCli('invite', ['list'], env)).stdout).toMatch(
      listRow(code, 'Org', '0/5', '2099-12-31', 'revoked'),
    );
    expect(await validateCode(server, code)).toEqual({ valid: false, message: inviteCodeMessages.revoked });
    expect(fs.readdirSync(env.DATA_DIR!)).toEqual([]);
  });

  test('waitlist export shows who joined over HTTP', async () => {
    await joinWaitlist(server, { phone_number: '07911 123456', name: 'Ada' });
    const exported = await runCli('waitlist', ['export'], env);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toMatch(/^phone,email,name,joined_at\n\+447911123456,,Ada,\S+Z\n$/);
  });

  test.each(badInputs)('%s exits non-zero with a clear message', async (_description, args, message) => {
    expectRefused(await runCli('invite', args, env), message);
  });

  test('a second start on the same database prints no other first code', async () => {
    expect(await server.stop()).toEqual({ code: 0, signal: null });
    server = await startAndAnnounce(env.DATA_DIR!, env);
    expect(firstInviteCodes(server)).toEqual([]);
  });
});
