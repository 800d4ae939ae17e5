import fs from 'node:fs';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { untilAtRest } from './pageAtRest';

/** axe-core from npm, put into the page by the test only: the app never ships it. */
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface Finding {
  where: string;
  rule: string;
  impact: string | null | undefined;
  targets: string[];
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
