import fs from 'node:fs';
import { deflateSync } from 'node:zlib';

/** A field of /proc/<pid>/status in MB (VmRSS: now, VmHWM: the peak since the process started). */
export function readMemoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return kilobytes / 1024;
}

/** Polls VmRSS, because a short spike between two readings of VmHWM would hide in its lifetime peak. */
export function sampleRss(pid: number, intervalMs = 25): { stop(): { peakMb: number; samples: number } } {
  let peakMb = readMemoryMb(pid, 'VmRSS');
  let samples = 1;
  const timer = setInterval(() => {
    try {
      peakMb = Math.max(peakMb, readMemoryMb(pid, 'VmRSS'));
      samples += 1;
    } catch {
      // The process is gone; the caller will find out on its own.
    }
  }, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return { peakMb, samples };
    },
  };
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A "pixel bomb": a valid 1-bit greyscale PNG of `side` x `side` pixels whose all-zero rows deflate
 * to a few tens of KB, yet which would take `side`² x 3 bytes (1.2 GB at 20,000) once decoded to RGB.
 */
export function pixelBombPng(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rowBytes = 1 + Math.ceil(side / 8); // a filter byte, then the packed pixels
  const pixels = deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
