import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  createFreshPostgresDatabase,
  freePort,
  killLeftoverProcesses,
  lastLine,
  makeTempDir,
  runCli,
  runProjectScript,
  startServerProcess,
  type ServerProcess,
} from './realServerProcess';
import { makeJpeg, openStoredDatabase, registrationFormData, testPhone } from './registrationTraffic';
import { eventually, newWebhookSecret, startWebhookReceiver, type WebhookReceiver } from './webhookReceiver';

// Real processes: a server start and each CLI run take seconds on a busy 2-core machine.
jest.setTimeout(240_000);

const API_KEY = randomBytes(32).toString('base64url');
const SECRET = newWebhookSecret();
const LATENCY_SAMPLES = 8;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  killLeftoverProcesses();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface EngineTarget {
  name: 'pglite' | 'postgres';
  prepare(): Promise<NodeJS.ProcessEnv>;
}
const targets: EngineTarget[] = [
  { name: 'pglite', prepare: async () => ({}) },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'postgres' as const,
          prepare: async () => {
            const database = await createFreshPostgresDatabase(process.env.TEST_DATABASE_URL!);
            cleanups.push(() => database.drop());
            return { DATABASE_URL: database.url };
          },
        },
      ]
    : []),
];

interface Registered {
  userId: string;
  phone: string;
  linkingCode: string;
  acknowledgedAt: number;
}

async function register(
  server: ServerProcess,
  inviteCode: string,
  phone: string,
  overrides = {},
): Promise<Registered> {
  const form = new FormData();
  // form_data first, as the browser sends it: the server reads no photo before a good invite code.
  form.append(
    'form_data',
    JSON.stringify({ ...(JSON.parse(registrationFormData(inviteCode, phone)) as object), ...overrides }),
  );
  form.append(
    'photos',
    new Blob([new Uint8Array(await makeJpeg(64, 48))], { type: 'image/jpeg' }),
    'photo.jpg',
  );
  const response = await fetch(`${server.url}/api/auth/register`, { method: 'POST', body: form });
  const acknowledgedAt = performance.now();
  const body = (await response.json()) as { user_id: string; whatsapp_url: string; detail?: string };
  expect({ status: response.status, detail: body.detail }).toEqual({ status: 201, detail: undefined });
  const text = new URL(body.whatsapp_url).searchParams.get('text')!;
  return { userId: body.user_id, phone, linkingCode: text.split(' ').at(-1)!, acknowledgedAt };
}

async function assistant(server: ServerProcess, path: string, body?: object) {
  const response = await fetch(`${server.url}/api/assistant${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function registeredEventsFor(receiver: WebhookReceiver, userId: string) {
  return receiver
    .verified(SECRET)
    .filter((event) => event.type === 'member.registered' && event.data.user_id === userId);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe.each(targets)('a registration reaches the assistant on $name', (target) => {
  test('kill -9 after the 201 loses no event; link, onboard, and the operator sees every step', async () => {
    const dataDir = makeTempDir('becca-handoff');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const receiverPort = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...(await target.prepare()),
      ASSISTANT_API_KEY: API_KEY,
      WEBHOOK_URL: `http://127.0.0.1:${receiverPort}/hooks/becca`,
      WEBHOOK_SECRET: SECRET,
      WEBHOOK_RETRY_BASE_MS: '200',
    };
    const cli = (command: 'members' | 'webhooks', args: string[]) =>
      runProjectScript(`server/cli/${command}Command.ts`, args, { DATA_DIR: dataDir, ...env });

    // Nothing listens on the receiver's port yet: the event cannot be delivered before the crash.
    const first = await startServerProcess({ dataDir, env, startTimeoutMs: 180_000 });
    const created = await runCli('invite', ['create', '--uses', '50'], { DATA_DIR: dataDir, ...env });
    const inviteCode = lastLine(created.stdout);
    const crashed = await register(first, inviteCode, testPhone(1));
    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

    const receiver = await startWebhookReceiver(receiverPort);
    cleanups.push(() => receiver.close());
    const restartedAt = performance.now();
    const server = await startServerProcess({ dataDir, env, startTimeoutMs: 180_000 });
    // The kill may land while the first server was attempting the event (it is woken by the 201):
    // the event then waits out that attempt's lease (10 s timeout + 5 s) before it is due again.
    const [recovered] = await eventually(
      'the event of the registration before the crash',
      () => {
        const events = registeredEventsFor(receiver, crashed.userId);
        return events.length > 0 && events;
      },
      45_000,
    );
    console.info(
      `${target.name}: event of a registration acknowledged before kill -9 delivered ` +
        `${(recovered!.receivedAt - restartedAt).toFixed(0)} ms after the restart began`,
    );

    // Delivery latency with the receiver up: 201 → signed request at the receiver.
    const latencies: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i += 1) {
      const member = await register(server, inviteCode, testPhone(10 + i));
      const [event] = await eventually('member.registered', () => {
        const events = registeredEventsFor(receiver, member.userId);
        return events.length > 0 && events;
      });
      latencies.push(event!.receivedAt - member.acknowledgedAt);
    }
    console.info(
      `${target.name}: registration → receiver over HTTP, ${LATENCY_SAMPLES} samples: median ` +
        `${median(latencies).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
    );

    // The assistant links with the code from the wa.me text and the registered number, then onboards.
    const linked = await assistant(server, '/link', {
      linking_code: crashed.linkingCode,
      whatsapp_number: crashed.phone,
    });
    expect(linked).toMatchObject({
      status: 200,
      body: { status: 'linked', member: { user_id: crashed.userId } },
    });
    const again = await assistant(server, '/link', {
      linking_code: crashed.linkingCode,
      whatsapp_number: crashed.phone,
    });
    // The assistant retrying after a lost answer gets the same answer, not an error.
    expect(again).toMatchObject({
      status: 200,
      body: { status: 'linked', member: { user_id: crashed.userId } },
    });
    expect(await assistant(server, `/members/${crashed.userId}/onboarded`)).toEqual({
      status: 200,
      body: { status: 'onboarded' },
    });
    const formulaMember = await register(server, inviteCode, testPhone(99), {
      first_name: '=HYPERLINK("x")',
    });

    // The operator: members list / show / export, webhooks list / retry (through the running server).
    const listed = await cli('members', ['list']);
    expect(listed.code).toBe(0);
    // The list masks phones (the whole record is `members show`, which is recorded).
    expect(listed.stdout).toMatch(
      /^ID\s+NAME\s+PHONE\s+STATUS\s+REGISTERED\s+LINKED\s+ONBOARDED\s+INVITED BY$/m,
    );
    expect(listed.stdout).toMatch(
      new RegExp(
        `^${crashed.userId}\\s+Ada Lovelace\\s+\\+44 \\d{4} ••• \\d{3}\\s+onboarded\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\s+\\d{4}.+\\s+${inviteCode}$`,
        'm',
      ),
    );
    expect(listed.stdout).toMatch(
      new RegExp(`^${formulaMember.userId}\\s+.+\\s+registered\\s+.+\\s+-\\s+-\\s+${inviteCode}$`, 'm'),
    );

    const shown = await cli('members', ['show', crashed.userId]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(new RegExp(`^phone\\s+\\${crashed.phone}$`, 'm'));
    expect(shown.stdout).toMatch(/^status\s+onboarded$/m);
    expect(shown.stdout).toMatch(/^photos\s+#1: 64x48 JPEG, \d+ KB$/m);
    expect(shown.stdout).not.toContain(crashed.linkingCode);
    const unknown = await cli('members', ['show', '00000000-0000-4000-8000-000000000000']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/No member 00000000-0000-4000-8000-000000000000/);

    const exported = await cli('members', ['export']);
    expect(exported.code).toBe(0);
    const lines = exported.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'user_id,first_name,last_name,age,location,phone,occupation,looking_for,interests,who_i_know,' +
        'invite_code,status,registered_at,linked_at,onboarded_at',
    );
    expect(lines).toHaveLength(1 + 1 + LATENCY_SAMPLES + 1);
    expect(lines.find((line) => line.startsWith(formulaMember.userId))).toContain(`,"'=HYPERLINK(""x"")",`);
    expect(lines.find((line) => line.startsWith(crashed.userId))).toContain(`,${crashed.phone},`);

    const events = await cli('webhooks', ['list']);
    expect(events.code).toBe(0);
    expect(events.stdout).toMatch(
      new RegExp(`^${recovered!.id}\\s+member\\.registered\\s+delivered\\s+\\d+\\s+204\\s`, 'm'),
    );
    const before = receiver.received.length;
    const retried = await cli('webhooks', ['retry', recovered!.id]);
    expect(retried).toMatchObject({ code: 0, stdout: expect.stringContaining(`Queued ${recovered!.id}`) });
    await eventually('the retried event', () =>
      receiver.received.slice(before).some((r) => r.headers['webhook-id'] === recovered!.id),
    );
    expect((await cli('webhooks', ['retry', 'msg_nope'])).stderr).toMatch(/No webhook event msg_nope/);

    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    await receiver.close();

    // Every acknowledged registration has exactly one event id, and it was delivered.
    const database = await openStoredDatabase({ dataDir, databaseUrl: env.DATABASE_URL });
    try {
      const result = (await database.db.execute(sql`
        SELECT u.id, count(e.id)::int AS events, bool_and(e.status = 'delivered') AS delivered
        FROM users u LEFT JOIN webhook_events e
          ON e.type = 'member.registered' AND (e.body::jsonb -> 'data' ->> 'user_id') = u.id::text
        GROUP BY u.id`)) as unknown as { rows: { id: string; events: number; delivered: boolean }[] };
      expect(result.rows).toHaveLength(LATENCY_SAMPLES + 2);
      expect(result.rows.filter((row) => row.events !== 1 || !row.delivered)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
