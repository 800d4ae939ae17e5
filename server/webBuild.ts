import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = [
  'src',
  'static',
  'webpack.config.ts',
  'scripts/prerender.tsx',
  'scripts/precompress.ts',
  'package-lock.json',
];

function newestChange(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stat.mtimeMs);
}

/** True when the build is missing or older than any source it is made from. */
export function isWebBuildStale(projectRoot: string, webRoot: string): boolean {
  const builtAt = fs.statSync(path.join(webRoot, 'index.html'), { throwIfNoEntry: false })?.mtimeMs;
  if (builtAt === undefined) return true;
  return SOURCES.some((source) => newestChange(path.join(projectRoot, source)) > builtAt);
}

/** `npm run build`: the bundles, the prerendered pages and their compressed copies, as CI builds them. */
export function buildWebApp(projectRoot: string): void {
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('Building the web app failed (see the build output above).');
}
