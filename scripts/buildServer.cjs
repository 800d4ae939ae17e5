/**
 * Compiles the server to one plain-JavaScript file, build/server/main.js, which `npm start` (and a
 * supervisor or container) runs with `node` alone: no TypeScript loader in the serving process.
 * Packages stay in node_modules (they are required at run time); our own code, including the
 * shared rules in src/domain, is bundled. The migrations sit beside the bundle, where
 * server/db/database.ts looks for them (`__dirname/migrations`).
 *
 *   node scripts/buildServer.cjs      (the last step of `npm run build`)
 */
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const ENTRY = 'server/main.ts';
const OUT_DIR = path.join('build', 'server');

/** The compiled entry point, relative to the project root. */
const serverEntry = path.join(OUT_DIR, 'main.js');

function buildServer(projectRoot) {
  const outDir = path.join(projectRoot, OUT_DIR);
  // Build beside, then rename: a server starting meanwhile never reads a half-written file.
  const staging = `${outDir}.${process.pid}.tmp`;
  fs.rmSync(staging, { recursive: true, force: true });
  esbuild.buildSync({
    absWorkingDir: projectRoot,
    entryPoints: [ENTRY],
    outfile: path.join(staging, 'main.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  fs.cpSync(path.join(projectRoot, 'server', 'db', 'migrations'), path.join(staging, 'migrations'), {
    recursive: true,
  });
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.renameSync(staging, outDir);
}

module.exports = { buildServer, serverEntry };

if (require.main === module) {
  const projectRoot = path.resolve(__dirname, '..');
  buildServer(projectRoot);
  console.log(`compiled the server to ${serverEntry}`);
}
