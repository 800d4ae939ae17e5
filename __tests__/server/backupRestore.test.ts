import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openEmbeddedDatabase, type Db } from '../../server/db/database';
import { entriesOpenToOthers } from './fileModes';
import {
  killLeftoverProcesses,
  lastLine,
  makeTempDir,
  runProjectScript,
  startServerProcess,
  type ServerProcess,
} from './realServerProcess';
import { makeJpeg, postRegistration, testPhone } from './registrationTraffic';

// Every command and server is a real process on its own embedded database: a few seconds each.
jest.setTimeout(300_000);
afterAll(killLeftoverProcesses);

const db = (args: string[], env: NodeJS.ProcessEnv) =>
  runProjectScript('server/cli/dbCommand.ts', args, env, 120_000);
const invite = (args: string[], env: NodeJS.ProcessEnv) =>
  runProjectScript('server/cli/inviteCommand.ts', args, env, 120_000);

async function rows<T>(database: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.execute(query)) as unknown as { rows: T[] }).rows;
}

/** What a backup must bring back, row by row; photos by a hash of their bytes. */
async function contentsOf(dataDir: string) {
  const database = await openEmbeddedDatabase(dataDir);
  try {
    const photos = await rows<{ user_id: string; position: number; bytes: Uint8Array }>(
      database.db,
      sql`SELECT user_id, position, bytes FROM user_photos ORDER BY user_id, position`,
    );
    return {
      members: await rows(
        database.db,
        sql`SELECT id, first_name, phone, invite_code, status FROM users ORDER BY phone`,
      ),
      photos: photos.map((photo) => ({
        user: photo.user_id,
        position: photo.position,
        sha256: createHash('sha256').update(photo.bytes).digest('hex'),
      })),
      codes: await rows(database.db, sql`SELECT code, label, uses, max_uses FROM invite_codes ORDER BY code`),
      events: await rows<{ id: string; body: string }>(
        database.db,
        sql`SELECT id, type, body FROM webhook_events ORDER BY id`,
      ),
      audit: await rows<{ id: number; action: string }>(
        database.db,
        sql`SELECT id, actor, action, target, effect FROM operator_audit ORDER BY id`,
      ),
    };
  } finally {
    await database.close();
  }
}

describe('npm run db -- backup | restore on the embedded database', () => {
  const source = makeTempDir('becca-backup-source');
  const archive = path.join(makeTempDir('becca-backups'), 'becca.tar.gz');
  let server: ServerProcess;
  const registered: string[] = [];

  beforeAll(async () => {
    server = await startServerProcess({ dataDir: source });
    const env = { DATA_DIR: source };
    const created = await invite(['create', '--uses', '5', '--label', 'Backup cohort'], env);
    expect(created.code).toBe(0);
    const code = lastLine(created.stdout);
    expect((await invite(['create', '--count', '2', '--label', 'Spare'], env)).code).toBe(0);
    const photo = await makeJpeg(600, 400);
    for (let index = 0; index < 3; index += 1) {
      const outcome = await postRegistration(server.url, code, testPhone(700 + index), photo);
      expect(outcome.status).toBe(201);
      registered.push(outcome.body!.user_id!);
    }
  });

  afterAll(async () => {
    await server?.stop();
  });

  test('a running server makes the backup: one file, owner-only, refused again without --force', async () => {
    const made = await db(['backup', archive], { DATA_DIR: source });
    expect(made).toMatchObject({ code: 0, stderr: '' });
    expect(made.stdout).toMatch(/^Backed up .* to .*becca\.tar\.gz \(\d+\.\d MB\)\.\n$/);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(archive))).toEqual(['becca.tar.gz']);

    const again = await db(['backup', archive], { DATA_DIR: source });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('exists already: choose another name, or add --force to replace it.');

    // After the backup: not in it.
    const late = await postRegistration(server.url, 'NOSUCHCODE', testPhone(799), await makeJpeg(100, 100));
    expect(late.status).toBe(403);
    const code = lastLine(
      (await invite(['create', '--label', 'After the backup'], { DATA_DIR: source })).stdout,
    );
    expect((await postRegistration(server.url, code, testPhone(799), await makeJpeg(100, 100))).status).toBe(
      201,
    );
  });

  test('the restore finds every member, photo, code, event and audit row the server had at the backup', async () => {
    await server.stop();
    const original = await contentsOf(source);
    const target = path.join(makeTempDir('becca-restore'), 'data');
    const restored = await db(['restore', archive], { DATA_DIR: target });
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    expect(restored.stdout).toContain(`Restored ${archive} into ${target}.`);
    expect(fs.statSync(target).mode & 0o777).toBe(0o700);
    expect(entriesOpenToOthers(target)).toEqual([]);
    // The running server's lock and admin token are not part of the database.
    expect(fs.readdirSync(target).filter((name) => ['becca.lock', 'admin-token'].includes(name))).toEqual([]);

    const copy = await contentsOf(target);
    // What happened after the backup: the late member, their code, event, and the audit rows of the
    // backup itself (written once the archive was made) and of the code made after it.
    const lateMember = original.members.find((member) => !registered.includes((member as { id: string }).id));
    expect(lateMember).toBeDefined();
    const lateId = (lateMember as { id: string }).id;
    expect(copy.members).toEqual(original.members.filter((member) => member !== lateMember));
    expect(copy.members).toHaveLength(3);
    expect(copy.photos).toEqual(original.photos.filter((photo) => photo.user !== lateId));
    expect(copy.photos).toHaveLength(3);
    expect(copy.codes.length).toBe(original.codes.length - 1);
    expect(original.codes).toEqual(expect.arrayContaining(copy.codes));
    expect(copy.events).toEqual(original.events.filter((event) => !event.body.includes(lateId)));
    expect(copy.events).toHaveLength(3);
    expect(copy.audit.map((row) => row.action)).toEqual(['invite.create', 'invite.create']);
    expect(original.audit.map((row) => row.action)).toEqual([
      'invite.create',
      'invite.create',
      'db.backup',
      'invite.create',
    ]);
    expect(original.audit.slice(0, 2)).toEqual(copy.audit);

    // And a server serves it.
    const restoredServer = await startServerProcess({ dataDir: target });
    const health = await fetch(`${restoredServer.url}/health`);
    expect(health.status).toBe(200);
    expect(await restoredServer.stop()).toEqual({ code: 0, signal: null });
  });

  test('restore refuses a folder that holds something, unless told --force; then replaces it', async () => {
    const target = makeTempDir('becca-restore-busy');
    fs.writeFileSync(path.join(target, 'notes.txt'), 'an operator left this here');
    const refused = await db(['restore', archive], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${target} is not empty (1 entries)`);
    expect(refused.stderr).toContain('add --force to replace what it holds');
    expect(fs.readdirSync(target)).toEqual(['notes.txt']);

    const forced = await db(['restore', archive, '--force'], { DATA_DIR: target });
    expect(forced.code).toBe(0);
    expect(fs.existsSync(path.join(target, 'notes.txt'))).toBe(false);
    expect((await contentsOf(target)).members).toHaveLength(3);
  });

  test('with no server running, the backup reads the folder as it is; it restores the same', async () => {
    const stoppedArchive = path.join(path.dirname(archive), 'stopped.tar.gz');
    const made = await db(['backup', stoppedArchive], { DATA_DIR: source });
    expect(made.code).toBe(0);
    expect(fs.statSync(stoppedArchive).mode & 0o777).toBe(0o600);
    const target = makeTempDir('becca-restore-stopped');
    expect((await db(['restore', stoppedArchive], { DATA_DIR: target })).code).toBe(0);
    expect(await contentsOf(target)).toEqual(await contentsOf(source));
  });

  test('refusals: PostgreSQL, a file that is not a backup, a folder a server has open, no FILE', async () => {
    const onPostgres = await db(['backup', archive], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(onPostgres.code).toBe(1);
    expect(onPostgres.stderr).toContain('pg_dump');

    const notABackup = path.join(makeTempDir('becca-not-backup'), 'photo.jpg');
    fs.writeFileSync(notABackup, await makeJpeg(50, 50));
    const target = makeTempDir('becca-restore-refused');
    const refused = await db(['restore', notABackup], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('not a backup made by `npm run db -- backup`');
    expect(fs.readdirSync(target)).toEqual([]);

    const running = await startServerProcess({ dataDir: target });
    try {
      const busy = await db(['restore', archive, '--force'], { DATA_DIR: target });
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain(`(process ${running.pid}) has ${target} open: stop it before restoring`);
    } finally {
      await running.stop();
    }

    const noFile = await db(['backup'], { DATA_DIR: target });
    expect(noFile.code).toBe(1);
    expect(noFile.stderr).toContain('backup needs a FILE.');
  });
});
