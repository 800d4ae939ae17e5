import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openPostgresDatabase, type Database } from '../../server/db/database';
import { users } from '../../server/db/schema';
import { createInviteCode, findInviteCode } from '../../server/invites/inviteCodeStore';
import { limits } from '../../src/domain/limits';
import {
  createFreshPostgresDatabase,
  killLeftoverProcesses,
  makeTempDir,
  startServerProcess,
  type FreshPostgresDatabase,
  type ServerProcess,
} from './realServerProcess';
import { makeJpeg, registrationMultipart, testPhone } from './registrationTraffic';

// Two real server processes and a database of their own: seconds each on a busy machine.
jest.setTimeout(180_000);

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const RACERS = 8;

/** A client address of this run alone, so counters in a shared Redis never meet another run's. */
const clientAddress = () => `198.18.${randomBytes(1)[0]}.${(randomBytes(1)[0]! % 254) + 1}`;

// jest.config.ts runs this file only when CI's PostgreSQL and Redis are given.
if (databaseUrl && redisUrl) {
  describe('two server processes on one PostgreSQL and one Redis', () => {
    let storage: FreshPostgresDatabase;
    let database: Database;
    const servers: ServerProcess[] = [];
    const tempDirs: string[] = [];

    beforeAll(async () => {
      storage = await createFreshPostgresDatabase(databaseUrl, 'becca_two');
      const webRoot = makeTempDir('becca-two-web');
      tempDirs.push(webRoot);
      fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Becca</title>');
      // One after the other: the first applies the migrations, the second finds them applied.
      for (let instance = 0; instance < 2; instance += 1) {
        const dataDir = makeTempDir('becca-two');
        tempDirs.push(dataDir);
        servers.push(
          await startServerProcess({
            dataDir,
            via: 'node',
            env: {
              DATABASE_URL: storage.url,
              REDIS_URL: redisUrl,
              WEB_ROOT: webRoot,
              // As behind a load balancer: the client is the address it forwards.
              TRUST_PROXY_HOPS: '1',
            },
          }),
        );
      }
      database = await openPostgresDatabase(storage.url);
    });

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      killLeftoverProcesses();
      await database?.close();
      await storage?.drop();
      for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    test('both report healthy', async () => {
      for (const server of servers) {
        const response = await fetch(`${server.url}/health`);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ status: 'ok' });
      }
    });

    test('a one-use code raced across both instances makes exactly one registration', async () => {
      const { code } = await createInviteCode(database.db, { maxUses: 1, label: 'two instances race' });
      const photo = await makeJpeg(600, 400);
      const statuses = await Promise.all(
        Array.from({ length: RACERS }, async (_, index) => {
          const { contentType, body } = registrationMultipart(code, testPhone(70_000 + index), photo);
          const response = await fetch(`${servers[index % 2]!.url}/api/auth/register`, {
            method: 'POST',
            headers: { 'content-type': contentType, 'x-forwarded-for': clientAddress() },
            body: new Uint8Array(body),
          });
          return response.status;
        }),
      );
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 403)).toHaveLength(RACERS - 1);
      expect(await database.db.select().from(users)).toHaveLength(1);
      expect((await findInviteCode(database.db, code))?.uses).toBe(1);
    });

    test('the rate limit is one count across both: the 31st validation is refused', async () => {
      const client = clientAddress();
      const max = limits.rateLimits.validateCode.max;
      const validate = (attempt: number) =>
        fetch(`${servers[attempt % 2]!.url}/api/auth/validate-code/ABCDEFGHJK`, {
          headers: { 'x-forwarded-for': client },
        });
      const statuses = [];
      for (let attempt = 0; attempt < max; attempt += 1) statuses.push((await validate(attempt)).status);
      expect(statuses).toEqual(Array(max).fill(200));
      expect((await validate(max)).status).toBe(429);
      expect((await validate(max + 1)).status).toBe(429);
    });

    test('killing one leaves the other serving', async () => {
      const [first, second] = servers as [ServerProcess, ServerProcess];
      await first.stop('SIGKILL');
      await expect(fetch(`${first.url}/health`)).rejects.toThrow();
      expect((await fetch(`${second.url}/health`)).status).toBe(200);
      const response = await fetch(`${second.url}/api/auth/validate-code/ABCDEFGHJK`, {
        headers: { 'x-forwarded-for': clientAddress() },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ valid: false });
    });
  });
}
