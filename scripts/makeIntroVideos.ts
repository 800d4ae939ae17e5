/**
 * Makes the intro videos of /becca and /how-it-works and their poster, so the site ships its own:
 * ~6 s of SVG frames (the Becca wordmark, the two promises, chat bubbles growing in) rasterised with
 * sharp and encoded with Debian's ffmpeg (H.264, yuv420p, faststart, no audio).
 *
 *   npx tsx scripts/makeIntroVideos.ts        (needs /usr/bin/ffmpeg; FFMPEG=… to use another)
 *
 * Writes static/videos/intro-mobile.mp4 (720×1280), intro-medium.mp4 (960×540),
 * intro-standard.mp4 (1280×720) and intro-poster.jpg, and fails if a video is over 1.5 MB.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type Sharp from 'sharp';
import { layoutFor, type Layout } from './introVideoFrames';

const root = path.resolve(__dirname, '..');
const outDir = path.join(root, 'static/videos');
const ffmpeg = process.env.FFMPEG ?? '/usr/bin/ffmpeg';
const FPS = 24;
const SECONDS = 6;
const MAX_BYTES = 1.5 * 1024 * 1024;

const videos = [
  { file: 'intro-mobile.mp4', width: 720, height: 1280 },
  { file: 'intro-medium.mp4', width: 960, height: 540 },
  { file: 'intro-standard.mp4', width: 1280, height: 720 },
] as const;

/** WOFF 1.0 → TrueType: librsvg finds fonts through fontconfig, which does not read WOFF. */
function woffToTrueType(woff: Buffer): Buffer {
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compressed);
    const data = compressed < length ? zlib.inflateSync(raw) : raw;
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data };
  });
  let searchRange = 1;
  let entrySelector = 0;
  while (searchRange * 2 <= numTables) {
    searchRange *= 2;
    entrySelector += 1;
  }
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange * 16, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange * 16, 10);
  let offset = header.length;
  const bodies = tables.map((table, i) => {
    header.writeUInt32BE(table.tag, 12 + i * 16);
    header.writeUInt32BE(table.checksum, 16 + i * 16);
    header.writeUInt32BE(offset, 20 + i * 16);
    header.writeUInt32BE(table.data.length, 24 + i * 16);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    offset += padded.length;
    return padded;
  });
  return Buffer.concat([header, ...bodies]);
}

/** The site's own fonts (DM Serif Display, Inter) made visible to librsvg through a private fontconfig. */
function installFonts(workDir: string): void {
  const fontDir = path.join(workDir, 'fonts');
  fs.mkdirSync(fontDir, { recursive: true });
  const fonts = [
    '@fontsource/dm-serif-display/files/dm-serif-display-latin-400-normal.woff',
    '@fontsource/inter/files/inter-latin-400-normal.woff',
    '@fontsource/inter/files/inter-latin-600-normal.woff',
  ];
  for (const font of fonts) {
    const woff = fs.readFileSync(path.join(root, 'node_modules', font));
    fs.writeFileSync(path.join(fontDir, path.basename(font, '.woff') + '.ttf'), woffToTrueType(woff));
  }
  const config = path.join(workDir, 'fonts.conf');
  fs.writeFileSync(
    config,
    `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>${fontDir}</dir>` +
      `<cachedir>${path.join(workDir, 'cache')}</cachedir></fontconfig>`,
  );
  process.env.FONTCONFIG_FILE = config;
}

async function renderVideo(
  sharp: typeof Sharp,
  workDir: string,
  video: (typeof videos)[number],
): Promise<number> {
  const frameDir = path.join(workDir, path.basename(video.file, '.mp4'));
  fs.mkdirSync(frameDir, { recursive: true });
  const layout: Layout = layoutFor(video.width, video.height);
  const frames = FPS * SECONDS;
  for (let frame = 0; frame < frames; frame += 1) {
    const svg = layout.frame(frame / FPS);
    const file = path.join(frameDir, `frame-${String(frame).padStart(4, '0')}.png`);
    await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toFile(file);
  }
  const output = path.join(outDir, video.file);
  execFileSync(ffmpeg, [
    ...['-y', '-loglevel', 'error', '-framerate', String(FPS), '-i', path.join(frameDir, 'frame-%04d.png')],
    ...['-c:v', 'libx264', '-preset', 'slow', '-tune', 'animation', '-crf', '24', '-profile:v', 'high'],
    ...['-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an', output],
  ]);
  return fs.statSync(output).size;
}

async function main() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'becca-intro-'));
  installFonts(workDir);
  // Imported only now: fontconfig reads FONTCONFIG_FILE when libvips first renders text.
  const { default: sharp } = await import('sharp');
  fs.mkdirSync(outDir, { recursive: true });
  try {
    for (const video of videos) {
      const bytes = await renderVideo(sharp, workDir, video);
      console.log(`${video.file}: ${video.width}×${video.height}, ${(bytes / 1024).toFixed(0)} KB`);
      if (bytes > MAX_BYTES) throw new Error(`${video.file} is over 1.5 MB`);
    }
    // The poster is the videos' first frame: the warm glow the wordmark rises from. Small on purpose:
    // it is shown for a moment only, and a small image never becomes the page's largest paint.
    const poster = path.join(outDir, 'intro-poster.jpg');
    await sharp(Buffer.from(layoutFor(320, 180).frame(0)))
      .jpeg({ quality: 80, mozjpeg: true })
      .toFile(poster);
    console.log(`intro-poster.jpg: 320×180, ${(fs.statSync(poster).size / 1024).toFixed(1)} KB`);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
