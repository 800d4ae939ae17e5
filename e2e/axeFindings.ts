import fs from 'node:fs';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** axe-core from npm, put into the page by the test only: the app never ships it. */
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface Finding {
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
export async function axeFindings(page: Page, where: string): Promise<Finding[]> {
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
