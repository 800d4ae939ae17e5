/**
 * Lighthouse 12 (mobile, default throttling) in Debian's Chromium against the real server on a
 * temporary data folder. Prints one row per route and the budgets of DESIGN §6. A measurement, not
 * a gate: it exits non-zero only when the run itself breaks.
 *
 *   npm run lighthouse [-- /faq /privacy]
 *
 * Plain JavaScript on purpose: Lighthouse sends functions into the page as source text, and a
 * TypeScript runner's helpers (esbuild's __name) would break them there.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { tsImport } from 'tsx/esm/api';

const { startRealServer } = await tsImport('../e2e/realServer.ts', import.meta.url);
// The same Chromium and flags as the end-to-end tests.
const { chromiumLaunchOptions } = await tsImport('../playwright.config.ts', import.meta.url);

const defaultRoutes = ['/', '/becca', '/how-it-works', '/communities', '/faq', '/privacy', '/terms'];

const score = (value) => (value == null ? '–' : String(Math.round(value * 100)));
const ms = (value) => (value == null ? '–' : `${(value / 1000).toFixed(2)} s`);

async function main() {
  const routes = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
  const server = await startRealServer();
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'becca-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || chromiumLaunchOptions.executablePath,
    chromeFlags: [...chromiumLaunchOptions.args, `--user-data-dir=${userDataDir}`],
  });
  const rows = [];
  try {
    for (const route of routes.length ? routes : defaultRoutes) {
      const result = await lighthouse(`${server.url}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
      const { categories, audits } = result.lhr;
      const failing = Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id);
      rows.push([
        route,
        score(categories.performance?.score),
        score(categories.accessibility?.score),
        score(categories['best-practices']?.score),
        score(categories.seo?.score),
        ms(audits['first-contentful-paint']?.numericValue),
        ms(audits['largest-contentful-paint']?.numericValue),
        `${Math.round(audits['total-blocking-time']?.numericValue ?? 0)} ms`,
        (audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
        failing.join(' ') || '–',
      ]);
    }
  } finally {
    await chrome.kill();
    await server.stop();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }

  const header = ['route', 'perf', 'a11y', 'best', 'seo', 'FCP', 'LCP', 'TBT', 'CLS', 'failing audits'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  rows.forEach((row) => console.log(line(row)));
  console.log(
    '\nBudgets (DESIGN §6): perf ≥ 98, a11y/best/seo 100, FCP and LCP ≤ 1.0 s, TBT ≤ 65 ms, CLS ≤ 0.02',
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
