import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPostgresDatabase, type Database } from '../../server/db/database';
import { createInviteCode } from '../../server/invites/inviteCodeStore';
import { auditRegistrations, makeJpeg, registrationForm, testPhone } from './registrationTraffic';
import {
  killLeftoverProcesses,
  makeTempDir,
  startServerProcess,
  type ServerProcess,
} from './realServerProcess';
import {
  startHaproxy,
  startOwnPostgres,
  startOwnRedis,
  type Balancer,
  type OwnPostgres,
  type OwnRedis,
} from './ownServices';
import { eventually, newWebhookSecret, startWebhookReceiver, type WebhookReceiver } from './webhookReceiver';

/**
 * Issue 44, on real processes: three instances of the compiled server on a PostgreSQL and a Redis of
 * this test's own, behind deploy/haproxy.cfg, under a mixed load (code checks, waitlist joins,
 * registrations with photos), with faults one after another: started together on an empty database,
 * Redis killed, PostgreSQL stopped with `-m immediate` and started again, a rolling restart. Nothing
 * may exit, every answer is one a client can act on, and every event is delivered once per attempt.
 * jest.config.ts runs it where CI's tools are (TEST_DATABASE_URL and TEST_REDIS_URL set).
 */
jest.setTimeout(300_000);

const POSTGRES_PORT = 5441;
const REDIS_PORT = 6381;
const BALANCER_PORT = 18440;
const INSTANCE_PORTS = [18441, 18442, 18443];
const LATECOMER_PORT = 18444;
const WORKERS = 6;
const SLOW_MS = 30_000;

interface Answer {
  kind: 'check' | 'waitlist' | 'register';
  at: number;
  ms: number;
  status?: number;
  retryAfter?: string | null;
  error?: string;
  phone?: string;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const countBy = (answers: Answer[]) =>
  answers.reduce<Record<string, number>>((counts, answer) => {
    const key = answer.error ? `error ${answer.error}` : String(answer.status);
    counts[key] = (counts[key] ?? 0) + 1;
    return counts;
  }, {});

describe('a fleet of three instances under faults', () => {
  let postgres: OwnPostgres;
  let redis: OwnRedis;
  let balancer: Balancer | undefined;
  let receiver: WebhookReceiver;
  let database: Database;
  let inviteCode: string;
  let photo: Buffer;
  const secret = newWebhookSecret();
  const instances: ServerProcess[] = [];
  /** Every process started, restarted ones included: their output is kept when FLEET_LOG_DIR is set. */
  const allInstances: ServerProcess[] = [];
  /** Exits the test did not ask for. */
  const unexpectedExits: string[] = [];
  const stopping = new Set<ServerProcess>();
  const tempDirs: string[] = [];
  const figures: Record<string, unknown> = {};
  let nextPhone = 0;

  async function startInstance(port: number, readyPath: '/health' | '/health/live' = '/health') {
    const dataDir = makeTempDir('becca-fleet');
    tempDirs.push(dataDir);
    const server = await startServerProcess({
      dataDir,
      via: 'node',
      port,
      readyPath,
      env: {
        DATABASE_URL: postgres.url('becca'),
        REDIS_URL: redis.url,
        TRUST_PROXY_HOPS: '1',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        WEB_ROOT: tempDirs[0]!,
        WAITLIST_RATE_LIMIT: '1000000',
        REGISTER_RATE_LIMIT: '1000000',
        REGISTER_ACCEPTED_RATE_LIMIT: '1000000',
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: secret,
        WEBHOOK_RETRY_BASE_MS: '200',
      },
    });
    allInstances.push(server);
    void server.exited.then((exit) => {
      if (!stopping.has(server))
        unexpectedExits.push(`instance on ${port}: ${JSON.stringify(exit)}\n${server.stderr()}`);
    });
    return server;
  }

  /** One request of the mix, to `target`: what it answered, and how long it took. */
  async function oneRequest(target: string): Promise<Answer> {
    const roll = Math.random();
    const kind: Answer['kind'] = roll < 0.5 ? 'check' : roll < 0.75 ? 'waitlist' : 'register';
    const phone = testPhone((nextPhone += 1));
    const started = performance.now();
    try {
      const response =
        kind === 'check'
          ? await fetch(`${target}/api/auth/validate-code/${inviteCode}`)
          : kind === 'waitlist'
            ? await fetch(`${target}/api/waitlist/join`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ phone_number: phone }),
              })
            : await fetch(`${target}/api/auth/register`, {
                method: 'POST',
                body: registrationForm(inviteCode, phone, photo),
              });
      await response.arrayBuffer();
      return {
        kind,
        phone,
        at: Date.now(),
        ms: performance.now() - started,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
      };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return { kind, phone, at: Date.now(), ms: performance.now() - started, error: cause ?? String(error) };
    }
  }

  /** WORKERS clients sending the mix to `targets` in turn until `done()` says stop. */
  async function load(targets: () => string[], done: () => boolean): Promise<Answer[]> {
    const answers: Answer[] = [];
    let turn = 0;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (!done()) {
          const list = targets();
          answers.push(await oneRequest(list[(turn += 1) % list.length]!));
        }
      }),
    );
    return answers;
  }

  const forMs = (ms: number) => {
    const end = Date.now() + ms;
    return () => Date.now() >= end;
  };

  const healthOf = async (server: ServerProcess, pathName = '/health') => {
    try {
      return (await fetch(`${server.url}${pathName}`)).status;
    } catch {
      return 0;
    }
  };

  beforeAll(async () => {
    const webRoot = makeTempDir('becca-fleet-web');
    tempDirs.push(webRoot);
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Becca</title>');
    photo = await makeJpeg(320, 240);
    postgres = startOwnPostgres(POSTGRES_PORT);
    const admin = await openPostgresDatabase(postgres.url());
    await admin.db.execute(sql`CREATE DATABASE becca`);
    await admin.close();
    redis = await startOwnRedis(REDIS_PORT);
    receiver = await startWebhookReceiver();
  });

  afterAll(async () => {
    for (const instance of instances) stopping.add(instance);
    await Promise.all(instances.map((instance) => instance.stop('SIGKILL')));
    killLeftoverProcesses();
    await balancer?.stop();
    await database?.close();
    await receiver?.close();
    await redis?.kill();
    postgres?.destroy();
    for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
    const logDir = process.env.FLEET_LOG_DIR;
    if (logDir)
      allInstances.forEach((instance, index) =>
        fs.writeFileSync(path.join(logDir, `instance-${index}.log`), instance.output()),
      );
    console.log(`fleet figures: ${JSON.stringify(figures, null, 1)}`);
  });

  test('three instances started together on an empty database all come up; migrations applied once', async () => {
    instances.push(...(await Promise.all(INSTANCE_PORTS.map((port) => startInstance(port)))));
    database = await openPostgresDatabase(postgres.url('becca'));
    const journal = JSON.parse(
      fs.readFileSync(path.join(__dirname, '../../server/db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const applied = (await database.db.execute(
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(applied.rows[0]!.n).toBe(journal.entries.length);
    const firstCodes = (await database.db.execute(
      sql`SELECT count(*)::int AS n FROM invite_codes WHERE label = 'first start'`,
    )) as unknown as { rows: { n: number }[] };
    expect(firstCodes.rows[0]!.n).toBe(1);
    for (const instance of instances) expect(await healthOf(instance)).toBe(200);
    ({ code: inviteCode } = await createInviteCode(database.db, { maxUses: 1_000_000, label: 'fleet' }));
    balancer = await startHaproxy(BALANCER_PORT, INSTANCE_PORTS);
  });

  test('Redis killed: answers keep their speed (p95 within 2x), no unhandled error on stderr', async () => {
    const through = () => [balancer!.url];
    // Warm-up first (JIT, sharp's first photos, the pools' connections): "normal" is a warm fleet.
    await load(through, forMs(3_000));
    const normal = await load(through, forMs(6_000));
    await redis.kill();
    const withoutRedis = await load(through, forMs(6_000));
    await redis.start();
    const p95 = (answers: Answer[]) =>
      Math.round(
        percentile(
          answers.map((answer) => answer.ms),
          95,
        ),
      );
    figures.redis = {
      normal: { answers: normal.length, p95Ms: p95(normal), statuses: countBy(normal) },
      redisKilled: {
        answers: withoutRedis.length,
        p95Ms: p95(withoutRedis),
        statuses: countBy(withoutRedis),
      },
    };
    for (const answers of [normal, withoutRedis])
      expect(countBy(answers.filter((answer) => answer.error || answer.status! >= 300))).toEqual({});
    // A floor of 20 ms: on an idle machine a p95 of a few ms doubles with any noise.
    expect(p95(withoutRedis)).toBeLessThanOrEqual(2 * Math.max(p95(normal), 20));
    for (const instance of instances) {
      expect(instance.stderr()).not.toContain('Unhandled error event');
      await eventually('Redis to be seen again', () => instance.stdout().includes('Redis answers again'));
      expect(
        instance
          .stdout()
          .split('\n')
          .filter((line) => line.includes('"Redis unavailable')).length,
      ).toBe(1);
    }
  });

  test('PostgreSQL stopped with -m immediate mid-load and started again: no exit, 503 + Retry-After, /health back within 15 s', async () => {
    const health: { instance: number; at: number; status: number }[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const statuses = await Promise.all(instances.map((instance) => healthOf(instance)));
        statuses.forEach((status, instance) => health.push({ instance, at: Date.now(), status }));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    let stopLoad = false;
    // Straight to the instances: what each answers itself (the balancer has its own 503, tested below).
    const loading = load(
      () => instances.map((instance) => instance.url),
      () => stopLoad,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const stoppedAt = Date.now();
    postgres.stopImmediately();
    // An instance started now waits for PostgreSQL (alive, not ready) instead of exiting.
    const latecomer = await startInstance(LATECOMER_PORT, '/health/live');
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(await healthOf(latecomer)).toBe(503);
    // By now the balancer has taken every instance out: it answers as they would.
    const throughBalancer = await fetch(`${balancer!.url}/api/auth/validate-code/${inviteCode}`);
    expect({
      status: throughBalancer.status,
      retryAfter: throughBalancer.headers.get('retry-after'),
      body: (await throughBalancer.json()) as unknown,
    }).toEqual({
      status: 503,
      retryAfter: '5',
      body: { detail: 'Becca is briefly unavailable. Please try again in a moment.' },
    });
    expect(latecomer.stdout()).toContain('PostgreSQL does not answer at start');
    postgres.start();
    const startedAt = Date.now();
    await eventually(
      'every instance to answer /health 200 again',
      () =>
        health.some((probe) => probe.at > startedAt) &&
        instances.every((_, index) => health.findLast((probe) => probe.instance === index)?.status === 200),
      15_000,
    );
    const backAfterMs = Date.now() - startedAt;
    await eventually('the latecomer to be ready', async () => (await healthOf(latecomer)) === 200, 15_000);
    stopping.add(latecomer);
    expect(await latecomer.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    stopLoad = true;
    watching = false;
    const answers = await loading;
    await watcher;

    const during = answers.filter((answer) => answer.at >= stoppedAt);
    figures.postgresOutage = {
      answers: answers.length,
      statuses: countBy(answers),
      statusesFromStop: countBy(during),
      p95Ms: Math.round(
        percentile(
          answers.map((answer) => answer.ms),
          95,
        ),
      ),
      maxMs: Math.round(Math.max(...answers.map((answer) => answer.ms))),
      healthBackAfterStartMs: backAfterMs,
      exits: unexpectedExits.length,
    };
    expect(unexpectedExits).toEqual([]);
    // Every answer is one a client can act on: done, refused by design, or "try again" with when.
    const unexpected = answers.filter(
      (answer) =>
        answer.error !== undefined ||
        answer.ms > SLOW_MS ||
        !(
          answer.status! < 300 ||
          (answer.status === 503 && answer.retryAfter === '5') ||
          answer.status === 409
        ),
    );
    expect(unexpected).toEqual([]);
    expect(during.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
    for (let index = 0; index < instances.length; index += 1) {
      const probes = health.filter((probe) => probe.instance === index && probe.at >= stoppedAt);
      expect(probes.some((probe) => probe.status === 503)).toBe(true);
      expect(probes.at(-1)!.status).toBe(200);
      const lines = instances[index]!.stdout().split('\n');
      expect(lines.filter((line) => line.includes('"database unavailable')).length).toBeGreaterThanOrEqual(1);
      expect(lines.some((line) => line.includes('"database answers again'))).toBe(true);
      // stderr has the start-up banner only: no crash, no driver printing an unhandled error.
      expect(instances[index]!.stderr()).not.toMatch(/error|unhandled/i);
    }
    figures.outageLogLines = instances.map(
      (instance) =>
        instance
          .stdout()
          .split('\n')
          .filter((line) => line.includes('"database unavailable')).length,
    );
    expect(backAfterMs).toBeLessThanOrEqual(15_000);
  });

  test('a rolling restart of the three behind haproxy under load fails no request', async () => {
    let stopLoad = false;
    const loading = load(
      () => [balancer!.url],
      () => stopLoad,
    );
    const restarts: number[] = [];
    for (let index = 0; index < instances.length; index += 1) {
      const old = instances[index]!;
      stopping.add(old);
      const began = Date.now();
      const exit = await old.stop('SIGTERM');
      if (exit.code !== 0) stopLoad = true;
      expect({ exit, log: exit.code === 0 ? '' : old.output() }).toEqual({
        exit: { code: 0, signal: null },
        log: '',
      });
      instances[index] = await startInstance(INSTANCE_PORTS[index]!);
      // The balancer brings it back after two good checks a second apart.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      restarts.push(Date.now() - began);
    }
    stopLoad = true;
    const answers = await loading;
    figures.rollingRestart = {
      answers: answers.length,
      statuses: countBy(answers),
      p95Ms: Math.round(
        percentile(
          answers.map((answer) => answer.ms),
          95,
        ),
      ),
      restartMs: restarts,
    };
    expect(answers.length).toBeGreaterThan(100);
    expect(countBy(answers.filter((answer) => answer.error || answer.status! >= 300))).toEqual({});
    expect(unexpectedExits).toEqual([]);
  });

  test('every 201 is stored whole once, and the instances delivered every event once per attempt', async () => {
    const audit = await auditRegistrations(database.db);
    expect(
      audit.users.filter((user) => user.photos !== 1 || user.wholePhotos !== 1 || user.tokens !== 1),
    ).toEqual([]);
    expect(new Set(audit.users.map((user) => user.phone)).size).toBe(audit.users.length);
    expect({ photos: audit.orphanPhotos, entries: audit.orphanEntries, tokens: audit.orphanTokens }).toEqual({
      photos: 0,
      entries: 0,
      tokens: 0,
    });
    const registered = await eventually(
      'every event to be delivered',
      async () => {
        const { rows } = (await database.db.execute(
          sql`SELECT id, status, attempts FROM webhook_events WHERE type = 'member.registered'`,
        )) as unknown as { rows: { id: string; status: string; attempts: number }[] };
        return rows.every((row) => row.status === 'delivered') && rows;
      },
      60_000,
    );
    expect(registered.length).toBe(audit.users.length);
    const receipts = new Map<string, number>();
    for (const delivery of receiver.verified(secret))
      receipts.set(delivery.id, (receipts.get(delivery.id) ?? 0) + 1);
    const mismatched = registered.filter((row) => receipts.get(row.id) !== row.attempts);
    figures.webhooks = {
      events: registered.length,
      deliveries: receiver.received.length,
      redelivered: registered.filter((row) => row.attempts > 1).length,
    };
    expect(mismatched).toEqual([]);
  });
});
