import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LOCK_FILE_NAME } from '../dataDirLock';
import { ADMIN_TOKEN_FILE } from '../operator/adminToken';

const gzip = promisify(zlib.gzip);

/**
 * What PGlite's archive of the data folder holds that belongs to the running server, not to the
 * database: the lock naming its process, and the admin token that process answers to.
 */
const SERVER_FILES = new Set([LOCK_FILE_NAME, ADMIN_TOKEN_FILE]);

const BLOCK = 512;

function field(header: Uint8Array, start: number, length: number): string {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return Buffer.from(end === -1 ? bytes : bytes.subarray(0, end)).toString('utf8');
}

/** A tar archive's entries but the server's own files, gzipped (in the thread pool, not on the event loop). */
export async function databaseArchive(tar: Uint8Array): Promise<Uint8Array> {
  const kept: Uint8Array[] = [];
  for (let offset = 0; offset + BLOCK <= tar.length;) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const prefix = field(header, 345, 155);
    const name = `${prefix ? `${prefix}/` : ''}${field(header, 0, 100)}`.replace(/^\.?\/+/, '');
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (!SERVER_FILES.has(name)) kept.push(tar.subarray(offset, end));
    offset = end;
  }
  kept.push(new Uint8Array(2 * BLOCK)); // the end of the archive
  return new Uint8Array(await gzip(Buffer.concat(kept)));
}
