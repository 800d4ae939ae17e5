import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { axeFindings, type Finding } from './axeFindings';
import { makePhoto } from './registrationDriver';
import { everyRoute, walkJoinStates } from './joinStates';
import { openApp, startRealServer, type RunningServer } from './realServer';

let server: RunningServer;
let photoPath: string;
test.beforeAll(async () => {
  server = await startRealServer();
  photoPath = await makePhoto();
});
test.afterAll(async () => {
  await server.stopAndDelete();
  fs.rmSync(path.dirname(photoPath), { recursive: true, force: true });
});

test('axe finds no violation on any route once the app has hydrated', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const findings: Finding[] = [];
  for (const route of everyRoute) {
    await openApp(page, `${server.url}${route}`);
    findings.push(...(await axeFindings(page, route)));
  }
  testInfo.annotations.push({ type: 'axe violations on routes', description: String(findings.length) });
  console.log(`axe (${testInfo.project.name}): ${findings.length} violations on ${everyRoute.length} routes`);
  expect(findings).toEqual([]);
});

test('axe finds no violation in any state of /join', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const findings: Finding[] = [];
  const states = await walkJoinStates(page, server, {
    projectName: testInfo.project.name,
    photoPath,
    visit: async (state) => {
      // axeFindings waits for the page to be at rest (the wizard's slide, the dialog's settle).
      findings.push(...(await axeFindings(page, state)));
    },
  });
  testInfo.annotations.push({ type: 'axe violations on /join', description: String(findings.length) });
  console.log(`axe (${testInfo.project.name}): ${findings.length} violations in ${states} states of /join`);
  expect(states).toBeGreaterThanOrEqual(20);
  expect(findings).toEqual([]);
});
