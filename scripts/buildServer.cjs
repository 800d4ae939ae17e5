/**
 * Compiles the server to one plain-JavaScript file, build/server/main.js, which `npm start` (and a
 * supervisor or container) runs with `node` alone: no TypeScript loader in the serving process.
 * Our own code, the shared rules in src/domain and the pure-JavaScript packages are bundled, with
 * whitespace and redundant syntax removed but every name kept (stack traces still name their
 * functions; the linked source map gives lines). V8 keeps the source text of every loaded script for
 * as long as the process runs: the ~1,100 files of packages as published (comments, indentation)
 * held more of the heap, and of RSS, than this one file does. The packages in RUN_FROM_NODE_MODULES
 * stay there. The migrations sit beside the bundle, where server/db/database.ts looks for them
 * (`__dirname/migrations`).
 *
 *   node scripts/buildServer.cjs      (the last step of `npm run build`)
 */
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const ENTRY = 'server/main.ts';
const OUT_DIR = path.join('build', 'server');

/**
 * Required from node_modules at run time, not bundled: native addons (sharp), packages that
 * load their own files by path (PGlite its WebAssembly and data bundle, pino its transport workers,
 * swagger-ui-dist the files /api/docs serves), and the PostgreSQL and Redis drivers, which a server
 * loads only when configured for them (server/db/database.ts, server/main.ts).
 */
const RUN_FROM_NODE_MODULES = [
  '@electric-sql/pglite',
  'sharp',
  'pino',
  'swagger-ui-dist',
  'pg',
  'pg-native',
  'ioredis',
];

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
    external: RUN_FROM_NODE_MODULES,
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  fs.cpSync(path.join(projectRoot, 'server', 'db', 'migrations'), path.join(staging, 'migrations'), {
    recursive: true,
  });
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.renameSync(staging, outDir);
}

module.exports = { buildServer, serverEntry, RUN_FROM_NODE_MODULES };

if (require.main === module) {
  const projectRoot = path.resolve(__dirname, '..');
  buildServer(projectRoot);
  console.log(`compiled the server to ${serverEntry}`);
}
