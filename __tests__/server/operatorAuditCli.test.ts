import fs from 'node:fs';
import { INVITE_CODE_ALPHABET } from '../../src/domain/inviteCode';
import {
  createFreshPostgresDatabase,
  killLeftoverProcesses,
  makeTempDir,
  runProjectScript,
  startServerProcess,
  type CliResult,
  type ServerProcess,
} from './realServerProcess';

// Every command is a real process, as the operator runs it: a few seconds each.
jest.setTimeout(300_000);

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  killLeftoverProcesses();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Script = 'invite' | 'waitlist' | 'members' | 'audit';
const run = (script: Script, args: string[], env: NodeJS.ProcessEnv) =>
  runProjectScript(`server/cli/${script}Command.ts`, args, env, 90_000);

const UNKNOWN_MEMBER = '00000000-0000-4000-8000-000000000000';

/** One operator's session: each command with what it must do, whatever the admin API runs in. */
const SESSION: [Script, string[]][] = [
  ['invite', ['create', '--count', '3', '--label', 'Cohort A', '--expires', '2099-12-31']],
  ['invite', ['list', '--label', 'Cohort A']],
  ['invite', ['revoke', '--label', 'Cohort A', '--dry-run', '--reason', 'Just looking']],
  ['invite', ['list', '--label', 'Cohort A']],
  ['invite', ['revoke', '--label', 'Cohort A', '--reason', 'The event is over']],
  ['waitlist', ['purge', '--older-than', '30d', '--yes', '--reason', 'Retention']],
  ['members', ['delete', UNKNOWN_MEMBER, '--dry-run']],
  ['audit', ['list']],
  ['audit', ['list', '--action', 'invite.revoke']],
];

const CODE = new RegExp(`\\b[${INVITE_CODE_ALPHABET}]{10}\\b`, 'g');

/**
 * The session's output with what differs from run to run made the same: each new code becomes CODE1,
 * CODE2… in the order it first appears, every minute the same TIME, dates the same DATE.
 */
function normalised(results: CliResult[]): string {
  const names = new Map<string, string>();
  return results
    .map(({ code, stdout, stderr }) => `exit ${code}\n${stdout}--- stderr\n${stderr}`)
    .join('\n=====\n')
    .replace(CODE, (code) => {
      if (!names.has(code)) names.set(code, `CODE${names.size + 1}`);
      return names.get(code)!;
    })
    .replace(/\d{4}-\d\d-\d\d \d\d:\d\d/g, 'TIME')
    .replace(/ +(?=\n)/g, '')
    .replace(/before \d{4}-\d\d-\d\d/g, 'before DATE');
}

async function runSession(env: NodeJS.ProcessEnv): Promise<string> {
  const results: CliResult[] = [];
  for (const [script, args] of SESSION) results.push(await run(script, args, env));
  return normalised(results);
}

describe('the CLI is a client of the admin API: one session, the same output wherever the API runs', () => {
  const outputs: Record<string, string> = {};

  beforeAll(async () => {
    // In this process, on an embedded folder no server holds (the app built and called with inject()).
    const alone = makeTempDir('becca-audit-cli');
    cleanups.push(() => fs.rmSync(alone, { recursive: true, force: true }));
    outputs['embedded, no server'] = await runSession({ DATA_DIR: alone });

    // Over loopback, through the server that owns the folder.
    const owned = makeTempDir('becca-audit-cli');
    cleanups.push(() => fs.rmSync(owned, { recursive: true, force: true }));
    const server: ServerProcess = await startServerProcess({ dataDir: owned, env: { LOG_LEVEL: 'info' } });
    try {
      outputs['embedded, through the running server'] = await runSession({ DATA_DIR: owned });
    } finally {
      await server.stop();
    }
    // Proof that the commands went through the server: it logged their admin requests (its log is
    // written in batches, all of it by the time it has stopped).
    expect(server.stdout()).toContain('"path":"/api/admin/audit"');

    if (process.env.TEST_DATABASE_URL) {
      const database = await createFreshPostgresDatabase(process.env.TEST_DATABASE_URL);
      cleanups.push(() => database.drop());
      const empty = makeTempDir('becca-audit-cli');
      cleanups.push(() => fs.rmSync(empty, { recursive: true, force: true }));
      outputs['PostgreSQL (DATABASE_URL)'] = await runSession({
        DATA_DIR: empty,
        DATABASE_URL: database.url,
      });
    }
  });

  test('each command prints the same, in process and over loopback (and on PostgreSQL)', () => {
    const [first, ...others] = Object.values(outputs);
    for (const other of others) expect(other).toBe(first);
  });

  test('what the session prints: codes, a dry run that changes nothing, the revocation and its audit trail', () => {
    const output = outputs['embedded, no server']!;
    const [created, listed, dry, listedAgain, revoked, purged, erasedDry, audit, revocations] =
      output.split('\n=====\n');
    expect(created).toBe(
      'exit 0\nCODE1\nCODE2\nCODE3\n--- stderr\nCreated 3 invite codes for 1 use(s) each, label "Cohort A", expires 2099-12-31.\n',
    );
    expect(listed).toMatch(/^CODE1\s+Cohort A\s+0\/1\s+2099-12-31\s+valid$/m);
    expect(dry).toBe(
      'exit 0\nWould revoke CODE1 (0/1 uses).\nWould revoke CODE2 (0/1 uses).\nWould revoke CODE3 (0/1 uses).\nDry run: nothing was changed or recorded.\n--- stderr\n',
    );
    expect(listedAgain).toBe(listed);
    expect(revoked).toContain('Revoked CODE3 (0/1 uses).');
    expect(purged).toMatch(/^exit 0\nDeleted 0 waitlist entries/);
    expect(erasedDry).toBe(`exit 1\n--- stderr\nNo member ${UNKNOWN_MEMBER}.\n`);
    // One line per action that changed something (the dry run recorded nothing), with who and why.
    const rows = audit!.split('\n').filter((line) => /^TIME\s+cli:/.test(line));
    expect(rows).toEqual([
      expect.stringMatching(
        /^TIME\s+cli:\S+@\S+\s+-\s+invite\.create\s+Cohort A\s+-\s+created 3 codes for 1 use each, label "Cohort A", expires 2099-12-31: CODE1, CODE2, CODE3$/,
      ),
      expect.stringMatching(
        /^TIME\s+cli:\S+\s+-\s+invite\.revoke\s+Cohort A\s+The event is over\s+revoked 3 codes of cohort "Cohort A": CODE1, CODE2, CODE3$/,
      ),
      expect.stringMatching(
        /^TIME\s+cli:\S+\s+-\s+waitlist\.purge\s+-\s+Retention\s+deleted 0 waitlist entries older than 30 days$/,
      ),
    ]);
    // The filtered listing: that one row (its columns padded to their own widths).
    const words = (line: string) => line.split(/\s{2,}/);
    const filtered = revocations!.split('\n').filter((line) => /^TIME\s+cli:/.test(line));
    expect(filtered.map(words)).toEqual([words(rows[1]!)]);
  });
});
