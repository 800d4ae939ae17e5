import type { Sharp, SharpOptions } from 'sharp';
import { HttpError } from '../httpError';
import { limits } from '../../src/domain/limits';
import {
  detectPhotoFormat,
  isAcceptedPhotoFormat,
  PHOTO_FORMAT_MESSAGES,
} from '../../src/domain/photoFormats';

export interface ProcessedPhoto {
  bytes: Buffer;
  mime: 'image/jpeg';
  width: number;
  height: number;
}

export class PhotoRejectedError extends HttpError {
  constructor(statusCode: 413 | 415, message: string) {
    super(statusCode, message);
  }
}

type SharpFactory = (input: Buffer, options: SharpOptions) => Sharp;
let loadingSharp: Promise<SharpFactory> | undefined;

/**
 * libvips is loaded with the first photo, not at start: a server that is only serving pages and
 * answering the API never holds it.
 */
function loadSharp(): Promise<SharpFactory> {
  loadingSharp ??= import('sharp').then(({ default: sharp }) => {
    // Decoding is CPU-bound; keep libvips from holding on to decoded images between requests.
    sharp.cache(false);
    // One thread per photo: the photo queue (photoQueue.ts) decides how many run at once, and no
    // photo holds the per-thread buffers of several (docs/decisions/sharp-concurrency.md).
    sharp.concurrency(1);
    return sharp;
  });
  return loadingSharp;
}

/**
 * Trusts nothing the browser said about the file: the bytes are decoded (which proves they are an
 * image), turned upright from the EXIF orientation, resized, and re-encoded as a fresh JPEG. sharp
 * writes no metadata unless asked, so EXIF, GPS and every other tag are dropped on the way.
 */
export function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  assertAcceptedFormat(input);
  return decodeAndReencode(input);
}

/** The allowlist, from the bytes: anything else never reaches the decoder (SVG, TIFF, PDF, HEIC...). */
export function assertAcceptedFormat(input: Uint8Array): void {
  const format = detectPhotoFormat(input.subarray(0, 64));
  if (!isAcceptedPhotoFormat(format)) throw new PhotoRejectedError(415, PHOTO_FORMAT_MESSAGES[format]);
}

async function decodeAndReencode(input: Buffer): Promise<ProcessedPhoto> {
  const { maxInputPixels, maxDimensionAfterResize } = limits.photos;
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error' })
      .rotate()
      .resize({
        width: maxDimensionAfterResize,
        height: maxDimensionAfterResize,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      // The standard Huffman tables, not ones optimised for this photo: optimising takes a second
      // pass over the whole encoded image for a slightly smaller file, and registrations are bound
      // by this pipeline's CPU (docs/decisions/jpeg-standard-huffman-tables.md).
      .jpeg({ quality: 85, mozjpeg: false, optimiseCoding: false })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, mime: 'image/jpeg', width: info.width, height: info.height };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) {
      throw new PhotoRejectedError(
        413,
        'This photo is too large in dimensions. Please choose a smaller photo.',
      );
    }
    throw new PhotoRejectedError(415, PHOTO_FORMAT_MESSAGES.unreadable);
  }
}
