import { limits } from './limits';

/**
 * Photo formats are recognised from a file's first bytes, never from its name or declared type: a
 * name is whatever the sender chose, and the decoder behind us reads far more formats (SVG with its
 * filters, TIFF, PDF) than we want to expose to anyone with an invite code.
 */
export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/** Recognised only to say something helpful about it; never accepted. */
export type RefusedPhotoFormat = 'heic' | 'other';

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, index) => bytes[index] === byte);

const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** The brands of an ISO media file's leading `ftyp` box (major brand and compatible brands). */
function isoBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return [];
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(boxSize, bytes.length, 256);
  const brands = [ascii(bytes, 8, 4)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, 4));
  return brands;
}

/** The accepted format these bytes begin with, or what else they are. 32 bytes are enough. */
export function detectPhotoFormat(bytes: Uint8Array): PhotoFormat | RefusedPhotoFormat {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  const brands = isoBrands(bytes);
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  return 'other';
}

export function isAcceptedPhotoFormat(format: PhotoFormat | RefusedPhotoFormat): format is PhotoFormat {
  return format !== 'heic' && format !== 'other';
}

const accepted = limits.photos.acceptedFormatNames;

export const PHOTO_FORMAT_MESSAGES = {
  other: `This file is not a photo we can accept. Please upload a ${accepted} image.`,
  heic: `HEIC photos cannot be read here. Please upload a ${accepted} image (on a Mac, open the photo in Preview and export it as JPEG).`,
  unreadable: `This photo could not be read. Please upload a ${accepted} image.`,
} as const;

/** For the file input's `accept` attribute: exactly the accepted types. */
export const PHOTO_INPUT_ACCEPT = limits.photos.acceptedTypes.join(',');
