import { execFileSync, spawnSync } from 'node:child_process';
import { users } from '../../server/db/schema';
import { makeInvite, pngPhoto, webFormData, webRegistration } from './fixtures';
import { engines, startTestServer, type TestServer } from './testServer';

const METRICS_TOKEN = 'a-long-random-metrics-token-for-tests';
const smallLimits = {
  validateCode: 2,
  waitlistJoin: 50,
  register: 50,
  registerAccepted: 50,
  nominateFriend: 50,
  optOut: 50,
};

/** The value of one sample line, e.g. `becca_registrations_total 1`; 0 when the series is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** Prometheus's own checker (Debian's `prometheus` package; .ci/run installs it). */
const hasPromtool = spawnSync('promtool', ['--version']).status === 0;

describe.each(engines)('GET /metrics on $name', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { metricsToken: METRICS_TOKEN, rateLimits: smallLimits });
  });
  afterAll(async () => {
    await server.close();
  });

  const scrape = async () => {
    const response = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  test('counters with known outcomes start at zero, before the first event', async () => {
    const fresh = await scrape();
    for (const outcome of ['valid', 'unknown', 'expired', 'used_up', 'revoked'])
      expect(fresh).toContain(`becca_invite_validations_total{outcome="${outcome}"} 0\n`);
    // Each rate-limited route's refusals, too; a route without a limit has none to count.
    expect(fresh).toContain('becca_rate_limit_refusals_total{route="/api/auth/validate-code/:code"} 0\n');
    expect(fresh).toContain('becca_rate_limit_refusals_total{route="/api/waitlist/join"} 0\n');
    expect(fresh).not.toContain('becca_rate_limit_refusals_total{route="/health"}');
  });

  test('every built file is timed under the one route label "static", whatever its path', async () => {
    const before = await scrape();
    for (const url of ['/js/main.0123456789ab.js', '/favicon.svg'])
      expect((await server.app.inject({ url })).statusCode).toBe(200);
    expect((await server.app.inject({ url: '/js/missing.0123456789ab.js' })).statusCode).toBe(404);
    const after = await scrape();
    const series = 'becca_http_request_duration_seconds_count{route="static",method="GET",status="200"}';
    expect(sample(after, series) - sample(before, series)).toBe(2);
    const routes = new Set(
      [...after.matchAll(/^becca_http_request_duration_seconds_count\{route="([^"]*)"/gm)].map(
        (match) => match[1],
      ),
    );
    expect([...routes].filter((route) => /\.(js|svg|woff2|png)$/.test(route!))).toEqual([]);
  });

  if (hasPromtool) {
    test('promtool finds nothing to complain about in the exposition', async () => {
      await server.app.inject({
        method: 'GET',
        url: '/api/auth/validate-code/NOPE',
        remoteAddress: '10.9.0.9',
      });
      const text = await scrape();
      // promtool exits non-zero on an error and prints lint problems (naming, help texts) on stdout.
      const report = execFileSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
      expect(report.trim()).toBe('');
    });
  }

  test('a scraper on this machine reads Prometheus text with process figures', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(response.body).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  test('from elsewhere it takes the bearer token, and a forwarded request counts as elsewhere', async () => {
    const refused = [
      { remoteAddress: '203.0.113.7' },
      { remoteAddress: '203.0.113.7', headers: { authorization: 'Bearer wrong-token' } },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } },
    ];
    for (const options of refused) {
      const response = await server.app.inject({ method: 'GET', url: '/metrics', ...options });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'No API endpoint GET /metrics.' });
    }
    const allowed = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${METRICS_TOKEN}`, 'x-forwarded-for': '203.0.113.7' },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('becca_http_request_duration_seconds');
  });

  test('validations by outcome, refusals, registrations, photos and durations are counted, without codes', async () => {
    const before = await scrape();
    const code = await makeInvite(server.database.db, 'valid');
    const validate = (path: string) =>
      server.app.inject({ method: 'GET', url: `/api/auth/validate-code/${path}`, remoteAddress: '10.9.0.1' });
    expect((await validate(code)).statusCode).toBe(200);
    // Only failed checks count towards the limit (2 here): after two, even a good code waits.
    expect((await validate('NOSUCHCODE')).statusCode).toBe(200);
    expect((await validate('NOSUCHCODE')).statusCode).toBe(200);
    expect((await validate(code)).statusCode).toBe(429);
    const registered = await server.app.inject({
      ...webRegistration(webFormData(code), [await pngPhoto(), await pngPhoto()]),
      remoteAddress: '10.9.0.2',
    });
    expect(registered.statusCode).toBe(201);
    expect(await server.database.db.select().from(users)).toHaveLength(1);
    const joined = await server.app.inject({
      method: 'POST',
      url: '/api/waitlist/join',
      payload: { phone_number: '+44 7911 100077', name: 'Grace' },
    });
    expect(joined.statusCode).toBe(200);
    expect((await server.app.inject({ url: '/api/nothing/SECRET-IN-PATH' })).statusCode).toBe(404);
    expect((await server.app.inject({ url: '/faq' })).statusCode).toBeLessThan(500);

    const after = await scrape();
    const grew = (series: string) => sample(after, series) - sample(before, series);
    expect(grew('becca_invite_validations_total{outcome="valid"}')).toBe(1);
    expect(grew('becca_invite_validations_total{outcome="unknown"}')).toBe(2);
    expect(grew('becca_rate_limit_refusals_total{route="/api/auth/validate-code/:code"}')).toBe(1);
    expect(grew('becca_registrations_total')).toBe(1);
    expect(grew('becca_photos_processed_total')).toBe(2);
    expect(grew('becca_waitlist_joins_total')).toBe(1);
    expect(
      grew(
        'becca_http_request_duration_seconds_count{route="/api/auth/validate-code/:code",method="GET",status="200"}',
      ),
    ).toBe(3);
    // Every response is timed once: by its route's template, or as "unmatched" when no route took it.
    expect(
      grew('becca_http_request_duration_seconds_count{route="unmatched",method="GET",status="404"}'),
    ).toBe(1);
    expect(grew('becca_http_request_duration_seconds_count{route="/faq",method="GET",status="200"}')).toBe(1);
    expect(
      grew(
        'becca_http_request_duration_seconds_count{route="/api/waitlist/join",method="POST",status="200"}',
      ),
    ).toBe(1);
    // Labels are templates and outcomes: no code, phone or name ever appears.
    for (const personal of [code, 'NOSUCHCODE', 'SECRET-IN-PATH', '7911100077', 'Grace', 'Ada'])
      expect(after).not.toContain(personal);
  });
});
