import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { webFormData } from './fixtures';
import {
  createFreshPostgresDatabase,
  killLeftoverProcesses,
  makeTempDir,
  runProjectScript,
  startServerProcess,
  type CliResult,
  type ServerProcess,
} from './realServerProcess';

// Every command is a real process (tsx start-up), as the operator runs it.
jest.setTimeout(180_000);

const members = (args: string[], env: NodeJS.ProcessEnv) =>
  runProjectScript('server/cli/membersCommand.ts', args, env);
const waitlist = (args: string[], env: NodeJS.ProcessEnv) =>
  runProjectScript('server/cli/waitlistCommand.ts', args, env);
const nominations = (args: string[], env: NodeJS.ProcessEnv) =>
  runProjectScript('server/cli/nominationsCommand.ts', args, env);

function expectRefused(result: CliResult, message: RegExp) {
  expect(result.code).not.toBe(0);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

afterAll(() => killLeftoverProcesses());

describe('privacy commands through a running server that owns the DATA_DIR', () => {
  const dataDir = makeTempDir('becca-privacy-cli');
  const env = { DATA_DIR: dataDir };
  let server: ServerProcess;
  let userId: string;
  let token: string;

  beforeAll(async () => {
    server = await startServerProcess({ dataDir });
    const invite = await runProjectScript('server/cli/inviteCommand.ts', ['create'], env);
    const code = invite.stdout.trim().split('\n').pop()!;
    const form = new FormData();
    form.append('form_data', JSON.stringify(webFormData(code, { phone: '+447911100777' })));
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
    const registered = await fetch(`${server.url}/api/auth/register`, { method: 'POST', body: form });
    expect(registered.status).toBe(201);
    ({ user_id: userId, access_token: token } = (await registered.json()) as {
      user_id: string;
      access_token: string;
    });
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const me = async () =>
    (await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status;

  test('members delete without --yes and without an answer deletes nothing', async () => {
    expectRefused(await members(['delete', userId], env), /Nothing was deleted\./);
    expect(await me()).toBe(200);
  });

  test('members delete ID --yes erases the member; a second time there is no such member', async () => {
    const erased = await members(['delete', userId, '--yes'], env);
    expect(erased.code).toBe(0);
    expect(erased.stdout).toBe(`Erased member ${userId}.\n`);
    expect(await me()).toBe(401);
    expectRefused(await members(['delete', userId, '--yes'], env), new RegExp(`No member ${userId}\\.`));
    expectRefused(await members(['delete', 'not-a-uuid', '--yes'], env), /No member not-a-uuid\./);
  });

  test('waitlist purge is a dry run that prints the count unless --yes', async () => {
    const joined = await fetch(`${server.url}/api/waitlist/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: '07911 100778' }),
    });
    expect(joined.status).toBe(200);
    const dry = await waitlist(['purge', '--older-than', '1d'], env);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(
      /^Dry run: 0 waitlist entries that joined before \d{4}-\d\d-\d\d \(older than 1 days\) would be deleted\.$/m,
    );
    const applied = await waitlist(['purge', '--older-than', '365d', '--yes'], env);
    expect(applied.stdout).toMatch(/^Deleted 0 waitlist entries/m);
    const listed = await waitlist(['list'], env);
    // The list shows the number masked.
    expect(listed.stdout).toContain('+44 7911 ••• 778');
  });

  test('nominations purge takes its default age from NOMINATION_RETENTION_DAYS and refuses a bad one', async () => {
    const purged = await nominations(['purge', '--yes'], { ...env, NOMINATION_RETENTION_DAYS: '90' });
    expect(purged.code).toBe(0);
    expect(purged.stdout).toMatch(
      /^Deleted 0 nominations that were made before .* \(older than 90 days\)\.$/m,
    );
    expectRefused(
      await nominations(['purge', '--older-than', '1y'], env),
      /--older-than wants a number of days like 365d/,
    );
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  describe('privacy commands on DATABASE_URL', () => {
    let database: Awaited<ReturnType<typeof createFreshPostgresDatabase>>;
    beforeAll(async () => {
      database = await createFreshPostgresDatabase(postgresUrl!);
    });
    afterAll(async () => {
      await database?.drop();
    });

    test('purges and members delete run straight on PostgreSQL', async () => {
      const env = { DATABASE_URL: database.url };
      const dry = await waitlist(['purge', '--older-than', '365d'], env);
      expect(dry.code).toBe(0);
      expect(dry.stdout).toMatch(/^Dry run: 0 waitlist entries/m);
      const id = randomUUID();
      expectRefused(await members(['delete', id, '--yes'], env), new RegExp(`No member ${id}\\.`));
    });
  });
}
