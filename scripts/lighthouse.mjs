/**
 * Lighthouse 12 (mobile, default throttling) in Debian's Chromium against the real server on a
 * temporary data folder. Each route is measured several times and the median run is reported
 * (Lighthouse's own choice of median), because one run moves with the machine's load. Prints one
 * row per route and the performance budgets (perf ≥ 98, FCP and LCP ≤ 1.0 s, TBT ≤ 65 ms, CLS ≤ 0.02). A measurement, not a gate: it exits non-zero only
 * when the run itself breaks.
 *
 *   npm run lighthouse [-- /faq /privacy] [--runs=3] [--save-reports=DIR]
 *
 * Plain JavaScript on purpose: Lighthouse sends functions into the page as source text, and a
 * TypeScript runner's helpers (esbuild's __name) would break them there.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import * as chromeLauncher from 'chrome-launcher';
import { tsImport } from 'tsx/esm/api';

const { startRealServer } = await tsImport('../e2e/realServer.ts', import.meta.url);
// The same Chromium and flags as the end-to-end tests.
const { chromiumLaunchOptions } = await tsImport('../playwright.config.ts', import.meta.url);

const defaultRoutes = ['/', '/becca', '/how-it-works', '/communities', '/faq', '/privacy', '/terms'];
// Lighthouse occasionally loses a trace (NO_NAVSTART and the like); such a run is repeated.
const MAX_ATTEMPTS_PER_RUN = 3;

const score = (value) => (value == null ? '–' : String(Math.round(value * 100)));
const ms = (value) => (value == null ? '–' : `${(value / 1000).toFixed(2)} s`);

function option(name) {
  const prefix = `--${name}=`;
  return process.argv
    .slice(2)
    .find((arg) => arg.startsWith(prefix))
    ?.slice(prefix.length);
}

async function measure(url, port) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    if (attempt === MAX_ATTEMPTS_PER_RUN) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  }
}

function row(route, lhr, runs) {
  const { categories, audits } = lhr;
  const failing = Object.values(audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => audit.id);
  return [
    route,
    score(categories.performance?.score),
    score(categories.accessibility?.score),
    score(categories['best-practices']?.score),
    score(categories.seo?.score),
    ms(audits['first-contentful-paint']?.numericValue),
    ms(audits['largest-contentful-paint']?.numericValue),
    `${Math.round(audits['total-blocking-time']?.numericValue ?? 0)} ms`,
    (audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
    runs.map((run) => ms(run.audits['largest-contentful-paint']?.numericValue)).join(' '),
    failing.join(' ') || '–',
  ];
}

async function main() {
  const routes = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
  const runsPerRoute = Math.max(1, Number(option('runs') ?? 3));
  // Whole reports, for finding out why a metric is what it is (the LCP element, its phases).
  const reportDir = option('save-reports');
  if (reportDir) fs.mkdirSync(reportDir, { recursive: true });

  const server = await startRealServer();
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'becca-lighthouse-'));
  let chrome;
  const rows = [];
  try {
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH || chromiumLaunchOptions.executablePath,
      chromeFlags: [...chromiumLaunchOptions.args, `--user-data-dir=${userDataDir}`],
    });
    for (const route of routes.length ? routes : defaultRoutes) {
      const runs = [];
      for (let run = 0; run < runsPerRoute; run++)
        runs.push(await measure(`${server.url}${route}`, chrome.port));
      const median = computeMedianRun(runs);
      if (reportDir) {
        const name = route === '/' ? 'index' : route.slice(1).replaceAll('/', '_');
        runs.forEach((lhr, index) =>
          fs.writeFileSync(path.join(reportDir, `${name}.${index + 1}.json`), JSON.stringify(lhr)),
        );
      }
      rows.push(row(route, median, runs));
    }
  } finally {
    // Whatever happened (no Chromium, a lost trace), nothing is left running or on disk.
    await chrome?.kill();
    await server.stopAndDelete();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }

  const header = [
    'route',
    'perf',
    'a11y',
    'best',
    'seo',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    'LCP of each run',
    'failing audits',
  ];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((cells) => cells[i].length)));
  const line = (cells) => cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ');
  console.log(`Median of ${runsPerRoute} run(s) per route (Lighthouse's computeMedianRun):\n`);
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  rows.forEach((cells) => console.log(line(cells)));
  console.log('\nBudgets: perf ≥ 98, a11y/best/seo 100, FCP and LCP ≤ 1.0 s, TBT ≤ 65 ms, CLS ≤ 0.02');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
