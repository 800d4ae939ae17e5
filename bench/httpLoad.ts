import autocannon from 'autocannon';
import { registrationMultipart, testPhone } from '../__tests__/server/registrationTraffic';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses received. */
  total: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Responses outside 2xx (e.g. 429 would mean the rate limit was not raised). */
  non2xx: number;
}

function summarise(result: autocannon.Result): LoadResult {
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result['2xx'] + result.non2xx,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export interface LoadOptions {
  connections: number;
  seconds: number;
}

/** GET one URL as hard as `connections` keep-alive connections can (autocannon, no pipelining). */
export async function measureGet(url: string, { connections, seconds }: LoadOptions): Promise<LoadResult> {
  return summarise(await autocannon({ url, connections, duration: seconds }));
}

export interface RegistrationLoadResult extends LoadResult {
  /** Phones whose registration was answered 201, with the user id the server gave. */
  acknowledged: { phone: string; userId: string }[];
  statuses: Record<number, number>;
}

/**
 * Registrations with the same photo and a new phone each, for `seconds`, at `connections` at a time.
 * Every 201 is recorded so the caller can check afterwards that each one was stored whole.
 */
export async function measureRegistrations(
  baseUrl: string,
  inviteCode: string,
  photo: Buffer,
  { connections, seconds, firstPhone }: LoadOptions & { firstPhone: number },
): Promise<RegistrationLoadResult> {
  const acknowledged: RegistrationLoadResult['acknowledged'] = [];
  const statuses: Record<number, number> = {};
  let next = firstPhone;
  // autocannon keeps one context per connection and sends one request at a time on it, so the
  // context remembers which phone the answer belongs to.
  type PhoneContext = { phone?: string };
  const result = await autocannon({
    url: `${baseUrl}/api/auth/register`,
    connections,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        setupRequest: (request, context) => {
          const phone = testPhone(next++);
          (context as PhoneContext).phone = phone;
          const { contentType, body } = registrationMultipart(inviteCode, phone, photo);
          return { ...request, headers: { 'content-type': contentType }, body };
        },
        onResponse: (status, body, context) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status !== 201) return;
          const { user_id: userId } = JSON.parse(body) as { user_id: string };
          acknowledged.push({ phone: (context as PhoneContext).phone!, userId });
        },
      },
    ],
  });
  return { ...summarise(result), acknowledged, statuses };
}
