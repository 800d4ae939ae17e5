/**
 * `npm start`'s first step, before `node build/server/main.js`: builds only what is missing or older
 * than its sources. The web app (bundles, prerendered pages, compressed copies) comes from
 * `npm run build`, which compiles the server too; when only server code changed, only the server is
 * compiled again. SKIP_WEB_BUILD=1 leaves the web app as it is (a stand-in web root, or no web app).
 *
 * Plain JavaScript, so that starting never needs a TypeScript loader.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { buildServer, serverEntry } = require('./buildServer.cjs');

const WEB_SOURCES = [
  'src',
  'static',
  'webpack.config.ts',
  'scripts/prerender.tsx',
  'scripts/precompress.ts',
  'package-lock.json',
];
const SERVER_SOURCES = ['server', 'src', 'scripts/buildServer.cjs', 'package-lock.json'];

function newestChange(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stat.mtimeMs);
}

function isOutputStale(projectRoot, output, sources) {
  const builtAt = fs.statSync(output, { throwIfNoEntry: false })?.mtimeMs;
  if (builtAt === undefined) return true;
  return sources.some((source) => newestChange(path.join(projectRoot, source)) > builtAt);
}

/** True when the web build is missing or older than any source it is made from. */
function isWebBuildStale(projectRoot, webRoot) {
  return isOutputStale(projectRoot, path.join(webRoot, 'index.html'), WEB_SOURCES);
}

/** True when the compiled server is missing or older than the code it is compiled from. */
function isServerBuildStale(projectRoot) {
  return isOutputStale(projectRoot, path.join(projectRoot, serverEntry), SERVER_SOURCES);
}

module.exports = { isWebBuildStale, isServerBuildStale };

if (require.main === module) {
  const projectRoot = path.resolve(__dirname, '..');
  const webRoot = path.resolve(process.env.WEB_ROOT || 'dist');
  if (process.env.SKIP_WEB_BUILD !== '1' && isWebBuildStale(projectRoot, webRoot)) {
    console.log('Building the web app and the server (first start or sources changed)…');
    const result = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error('Building failed (see the build output above).');
      process.exit(1);
    }
  } else if (isServerBuildStale(projectRoot)) {
    console.log('Compiling the server (first start or server code changed)…');
    buildServer(projectRoot);
  }
}
