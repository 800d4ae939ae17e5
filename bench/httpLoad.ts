import autocannon from 'autocannon';

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
