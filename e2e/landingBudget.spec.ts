import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openApp, startRealServer, type RunningServer } from './realServer';

/** The budget of docs/performance.md: JavaScript loaded by `/` before interaction, gzip. */
const LANDING_JS_BUDGET_BYTES = 160 * 1024;

let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startRealServer({ startTimeoutMs: 150_000 });
});
test.afterAll(async () => {
  await server.stop();
});

test('the landing page loads at most 160 KB of gzipped JavaScript, and no QR code library', async ({
  page,
}, testInfo) => {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
  });
  await openApp(page, `${server.url}/`);
  await page.waitForLoadState('networkidle');

  const webRoot = path.resolve('dist');
  let gzipBytes = 0;
  for (const script of scripts) {
    const file = path.join(webRoot, script);
    gzipBytes += fs.statSync(`${file}.gz`).size;
    // The QR code generator belongs to the registration's last screen only.
    expect(fs.readFileSync(file, 'utf8'), script).not.toContain('No input text');
  }
  testInfo.annotations.push({
    type: 'landing JS',
    description: `${scripts.size} files, ${(gzipBytes / 1024).toFixed(1)} KB gzip`,
  });
  console.log(`landing JS (${testInfo.project.name}): ${scripts.size} files, ${gzipBytes} bytes gzip`);
  expect(scripts.size).toBeGreaterThan(0);
  expect(gzipBytes).toBeLessThanOrEqual(LANDING_JS_BUDGET_BYTES);
});
