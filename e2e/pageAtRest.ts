import type { Page } from '@playwright/test';

/**
 * Waits until nothing on the page is moving: react-spring animates inline styles frame by frame, out
 * of reach of the Web Animations API, so this reads every element's opacity and transform every
 * 250 ms until they have stayed the same for 1.5 s (at most 8 s). The quiet spell outlasts the app's
 * longest animation delay (the tutorial's trail waits 1.2 s before it fades in): two equal readings
 * taken during such a delay would let a check read the page mid-fade (axe measure colours no one
 * reads; the Nu checker meet `opacity: 4.5e-7`, which its CSS parser refuses).
 */
export async function untilAtRest(page: Page): Promise<void> {
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
