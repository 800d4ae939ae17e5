import { sendRequest, type HttpAnswer } from './httpRequest';
import { registrationMultipart, testPhone } from '../__tests__/server/registrationTraffic';
import { percentile } from './registrationLoad';

export interface RoomResult {
  registrants: number;
  /** Registrations answered 201, with the user id the server gave. */
  acknowledged: { phone: string; userId: string }[];
  statuses: Record<string, number>;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

/** One registrant: a connection of their own (each phone is its own client), the whole form, the answer. */
function register(url: URL, request: { contentType: string; body: Buffer }): Promise<HttpAnswer> {
  return sendRequest(false, url, {
    method: 'POST',
    headers: { 'content-type': request.contentType },
    body: request.body,
    timeoutMs: 60_000,
  });
}

/**
 * The budgets' room (docs/performance.md): `registrants` people at an event register at once, each from their own phone
 * with a photo straight from its camera, arriving evenly spread over `withinSeconds`. Each
 * registrant's time runs from their first byte sent to the last byte of their answer.
 */
export async function measureRoom(
  baseUrl: string,
  inviteCode: string,
  photo: Buffer,
  {
    registrants,
    withinSeconds,
    firstPhone,
  }: { registrants: number; withinSeconds: number; firstPhone: number },
): Promise<RoomResult> {
  const url = new URL('/api/auth/register', baseUrl);
  // Built before the clock starts, so the client's own work does not delay the arrivals.
  const requests = Array.from({ length: registrants }, (_, index) => {
    const phone = testPhone(firstPhone + index);
    return { phone, ...registrationMultipart(inviteCode, phone, photo) };
  });
  const acknowledged: RoomResult['acknowledged'] = [];
  const statuses: Record<string, number> = {};
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(
    requests.map(async ({ phone, ...request }, index) => {
      const arrival = started + (index * withinSeconds * 1000) / registrants;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, arrival - performance.now())));
      const sent = performance.now();
      try {
        const answer = await register(url, request);
        times.push(performance.now() - sent);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status === 201)
          acknowledged.push({ phone, userId: (JSON.parse(answer.body) as { user_id: string }).user_id });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        statuses[reason] = (statuses[reason] ?? 0) + 1;
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    registrants,
    acknowledged,
    statuses,
    p50Ms: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
    maxMs: times.at(-1) ?? 0,
  };
}
