/**
 * The floor the server is measured against, run as its own process by `npm run bench`: a bare
 * Fastify with PGlite in a data folder, as the server keeps it, answering `select 1` on /health, and
 * sending the landing page as brotli bytes on /, compressed once at start at the quality the server
 * uses (the server compresses its pages at start too, once APP_URL is written into them). Nothing
 * else: no helmet, no logging, no hooks.
 *
 *   tsx bench/bareServer.ts <port> <dist folder> <data folder>
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { PGlite } from '@electric-sql/pglite';

async function main() {
  const [port = '0', webRoot = 'dist', dataDir] = process.argv.slice(2);
  if (!dataDir) throw new Error('usage: tsx bench/bareServer.ts <port> <dist folder> <data folder>');
  const pglite = await PGlite.create({ dataDir });
  const page = zlib.brotliCompressSync(fs.readFileSync(path.join(webRoot, 'prerendered', 'index.html')), {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
  });
  const app = Fastify({ logger: false });
  app.get('/health', async () => {
    await pglite.query('select 1');
    return { status: 'ok' };
  });
  app.get('/', (_request, reply) =>
    reply.header('content-encoding', 'br').type('text/html; charset=utf-8').send(page),
  );
  await app.listen({ port: Number(port), host: '127.0.0.1' });
  console.log('listening');
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

void main();
