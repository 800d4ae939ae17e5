/**
 * Writes .br and .gz beside every text asset of the build, once, at their best compression; the
 * server then sends those files as they are instead of compressing on every request. For the HTML
 * pages it also writes the hashes of their inline scripts and styles, which their CSP lists.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { inlineSourceHashes } from '../server/web/contentSecurityPolicy';
import { CSP_HASHES_FILE } from '../server/web/htmlPages';
import { ORIGIN_PLACEHOLDER } from '../src/shared/pageMeta';

const webRoot = path.resolve(__dirname, '..', 'dist');
const COMPRESSIBLE = /\.(html|js|css|svg|json|txt|webmanifest)$/;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

const cspHashes: Record<string, ReturnType<typeof inlineSourceHashes>> = {};
let count = 0;
for (const file of files(webRoot)) {
  const source = fs.readFileSync(file);
  if (file.endsWith('.html'))
    cspHashes[path.relative(webRoot, file)] = inlineSourceHashes(source.toString('utf8'));
  // The server fills in its own address and compresses such a page itself (server/web/htmlPages.ts).
  if (source.includes(ORIGIN_PLACEHOLDER)) continue;
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
  count += 1;
}
fs.writeFileSync(path.join(webRoot, CSP_HASHES_FILE), JSON.stringify(cspHashes, null, 2));
console.log(`precompressed ${count} files (brotli and gzip)`);
