import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { makePhoto } from './registrationDriver';
import { everyRoute, walkJoinStates } from './joinStates';
import { openApp, startRealServer, type RunningServer } from './realServer';

/** axe-core from npm, put into the page by the test only: the app never ships it. */
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

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

interface Finding {
  where: string;
  rule: string;
  impact: string | null | undefined;
  targets: string[];
}

/**
 * Waits until nothing on the page is moving: react-spring animates inline styles frame by frame, out
 * of reach of the Web Animations API, so this compares every element's opacity and transform 150 ms
 * apart until two readings agree (at most 5 s). A colour measured mid-fade is not the one people read.
 */
async function untilAtRest(page: Page): Promise<void> {
  const reading = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('body *'), (element) => {
        const style = getComputedStyle(element);
        return `${style.opacity}|${style.transform}`;
      }).join(','),
    );
  const deadline = Date.now() + 5_000;
  let last = await reading();
  while (Date.now() < deadline) {
    await page.waitForTimeout(150);
    const next = await reading();
    if (next === last) return;
    last = next;
  }
}

/** Runs axe on the page as it is now (WCAG 2.x A and AA plus axe's best practices). */
async function axeFindings(page: Page, where: string): Promise<Finding[]> {
  await untilAtRest(page);
  // Injected through the DevTools protocol, which the page's CSP does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe.run(
      document,
      { resultTypes: ['violations'] },
    ),
  )) as AxeResults;
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      where,
      rule: violation.id,
      impact: violation.impact,
      targets: node.target.map(String),
    })),
  );
}

test('axe finds no violation on any route once the app has hydrated', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const findings: Finding[] = [];
  for (const route of everyRoute) {
    await openApp(page, `${server.url}${route}`);
    // Past entrance animations (0.3 s to 2 s), so colours are measured at rest.
    await page.waitForTimeout(2_500);
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
      // The wizard's slide (0.3 s) and the dialog's settle before measuring.
      await page.waitForTimeout(400);
      findings.push(...(await axeFindings(page, state)));
    },
  });
  testInfo.annotations.push({ type: 'axe violations on /join', description: String(findings.length) });
  console.log(`axe (${testInfo.project.name}): ${findings.length} violations in ${states} states of /join`);
  expect(states).toBeGreaterThanOrEqual(20);
  expect(findings).toEqual([]);
});
