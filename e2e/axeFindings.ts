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
 * of reach of the Web Animations API, so this reads every element's opacity and transform every
 * 250 ms until they have stayed the same for 1.5 s (at most 8 s). The quiet spell outlasts the app's
 * longest animation delay (the tutorial's trail waits 1.2 s before it fades in): two equal readings
 * taken during such a delay would let axe measure colours mid-fade, which are not the ones people read.
 */
async function untilAtRest(page: Page): Promise<void> {
  const reading = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('body *'), (element) => {
        const style = getComputedStyle(element);
        return `${style.opacity}|${style.transform}`;
      }).join(','),
    );
  const quietSpellMs = 1_500;
  const deadline = Date.now() + 8_000;
  let last = await reading();
  let unchangedSince = Date.now();
  while (Date.now() < deadline && Date.now() - unchangedSince < quietSpellMs) {
    await page.waitForTimeout(250);
    const next = await reading();
    if (next !== last) {
      last = next;
      unchangedSince = Date.now();
    }
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
