import http from 'node:http';
import { sendRequest } from './httpRequest';
import { registrationMultipart, testPhone } from '../__tests__/server/registrationTraffic';
import { readMemoryMb } from './memory';

export interface SoakResult {
  minutes: number;
  /** RSS a fifth of the way in (minute 2 of 10), and at the end. */
  rssReferenceMb: number;
  rssReferenceAtMinute: number;
  rssEndMb: number;
  /** RSS every few seconds, for docs/performance.md's curve. */
  rssSamplesMb: number[];
  /** The server's own event-loop delay over the whole soak (prom-client's monitorEventLoopDelay). */
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  /** Requests by kind, and the answers that were not the expected one (status or error). */
  requests: Record<string, number>;
  unexpected: Record<string, number>;
  /** Registrations answered 201, for the storage audit. */
  acknowledged: { phone: string; userId: string }[];
}

/** Each second of the soak: what a modest, steady day brings, well under the server's capacity. */
const EVERY_SECOND = { pages: 20, codeChecks: 10, waitlistJoins: 2 };
/** One registration (a 2 MB phone photo) every this many seconds. */
const REGISTRATION_EVERY_SECONDS = 2;
const PAGES = ['/', '/faq', '/join?code=SOAK2345'];

/** prom-client's event-loop figures from /metrics; reading them also starts a new measuring window. */
async function eventLoopDelay(baseUrl: string): Promise<{ p99Ms: number; maxMs: number }> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const seconds = (name: string) => Number(new RegExp(`^${name} ([\\d.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN);
  return {
    p99Ms: seconds('nodejs_eventloop_lag_p99_seconds') * 1000,
    maxMs: seconds('nodejs_eventloop_lag_max_seconds') * 1000,
  };
}

/**
 * The budgets' soak (docs/performance.md): `minutes` of mixed traffic at a steady rate (pages, invite-code checks, waitlist
 * joins, registrations), the server's RSS sampled throughout. A leak shows as RSS still climbing
 * after the first fifth, when caches, JIT code and pools have reached their working size.
 */
export async function measureSoak(
  baseUrl: string,
  pid: number,
  inviteCode: string,
  photo: Buffer,
  { minutes, firstPhone }: { minutes: number; firstPhone: number },
): Promise<SoakResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const requests: Record<string, number> = {};
  const unexpected: Record<string, number> = {};
  const acknowledged: SoakResult['acknowledged'] = [];
  const inFlight = new Set<Promise<void>>();
  let nextPhone = firstPhone;
  const one = (kind: string, expected: number, run: () => Promise<{ status: number; body: string }>) => {
    requests[kind] = (requests[kind] ?? 0) + 1;
    const done = run()
      .then(({ status, body }) => {
        if (status !== expected) unexpected[`${kind} ${status}`] = (unexpected[`${kind} ${status}`] ?? 0) + 1;
        return { status, body };
      })
      .catch((error: unknown) => {
        const key = `${kind} ${error instanceof Error ? error.message : String(error)}`;
        unexpected[key] = (unexpected[key] ?? 0) + 1;
        return undefined;
      })
      .then(() => undefined);
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
    return done;
  };
  const register = () => {
    const phone = testPhone(nextPhone++);
    const { contentType, body } = registrationMultipart(inviteCode, phone, photo);
    requests.registration = (requests.registration ?? 0) + 1;
    const done = sendRequest(agent, new URL('/api/auth/register', baseUrl), {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    })
      .then(({ status, body: answer }) => {
        if (status === 201)
          acknowledged.push({ phone, userId: (JSON.parse(answer) as { user_id: string }).user_id });
        else unexpected[`registration ${status}`] = (unexpected[`registration ${status}`] ?? 0) + 1;
      })
      .catch((error: unknown) => {
        const key = `registration ${error instanceof Error ? error.message : String(error)}`;
        unexpected[key] = (unexpected[key] ?? 0) + 1;
      });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };

  await eventLoopDelay(baseUrl);
  const totalSeconds = Math.round(minutes * 60);
  const referenceSecond = Math.round(totalSeconds / 5);
  const rssSamplesMb: number[] = [];
  let rssReferenceMb = NaN;
  const started = performance.now();
  for (let second = 0; second < totalSeconds; second += 1) {
    for (let i = 0; i < EVERY_SECOND.pages; i += 1) {
      const page = PAGES[i % PAGES.length]!;
      one('page', 200, () =>
        sendRequest(agent, new URL(page, baseUrl), { headers: { 'accept-encoding': 'br, gzip' } }),
      );
    }
    for (let i = 0; i < EVERY_SECOND.codeChecks; i += 1)
      one('code check', 200, () =>
        sendRequest(agent, new URL(`/api/auth/validate-code/${inviteCode}`, baseUrl), {}),
      );
    for (let i = 0; i < EVERY_SECOND.waitlistJoins; i += 1) {
      const body = Buffer.from(JSON.stringify({ phone_number: testPhone(nextPhone++) }));
      one('waitlist join', 200, () =>
        sendRequest(agent, new URL('/api/waitlist/join', baseUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }),
      );
    }
    if (second % REGISTRATION_EVERY_SECONDS === 0) register();
    if (second % 5 === 0) rssSamplesMb.push(readMemoryMb(pid, 'VmRSS'));
    if (second === referenceSecond) rssReferenceMb = readMemoryMb(pid, 'VmRSS');
    const nextSecond = started + (second + 1) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextSecond - performance.now())));
  }
  await Promise.all(inFlight);
  const rssEndMb = readMemoryMb(pid, 'VmRSS');
  rssSamplesMb.push(rssEndMb);
  const delay = await eventLoopDelay(baseUrl);
  agent.destroy();
  return {
    minutes,
    rssReferenceMb,
    rssReferenceAtMinute: referenceSecond / 60,
    rssEndMb,
    rssSamplesMb,
    eventLoopP99Ms: delay.p99Ms,
    eventLoopMaxMs: delay.maxMs,
    requests,
    unexpected,
    acknowledged,
  };
}
