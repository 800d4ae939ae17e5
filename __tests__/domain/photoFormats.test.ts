import { detectPhotoFormat, PHOTO_FORMAT_MESSAGES, PHOTO_INPUT_ACCEPT } from '../../src/domain/photoFormats';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)),
  );
const ftyp = (major: string, ...compatible: string[]) => {
  const body = `ftyp${major}\u0000\u0000\u0000\u0000${compatible.join('')}`;
  const size = 4 + body.length;
  return bytes([0, 0, 0, size], body);
};

test.each<[description: string, input: Uint8Array, format: string]>([
  ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'jpeg'],
  ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'png'],
  ['GIF89a', bytes('GIF89a'), 'gif'],
  ['WebP', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'webp'],
  ['AVIF', ftyp('avif', 'mif1', 'miaf'), 'avif'],
  ['AVIF as a compatible brand', ftyp('mif1', 'avif'), 'avif'],
  ['HEIC', ftyp('heic', 'mif1'), 'heic'],
  ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">'), 'other'],
  ['SVG with an XML declaration', bytes('<?xml version="1.0"?><svg>'), 'other'],
  ['TIFF (little-endian)', bytes('II*\u0000'), 'other'],
  ['TIFF (big-endian)', bytes('MM\u0000*'), 'other'],
  ['PDF', bytes('%PDF-1.7'), 'other'],
  ['BMP', bytes('BM'), 'other'],
  ['nothing', new Uint8Array(0), 'other'],
])('%s', (_description, input, format) => {
  expect(detectPhotoFormat(input)).toBe(format);
});

test('the messages and the file input name exactly the accepted formats, and never HEIC as accepted', () => {
  expect(PHOTO_INPUT_ACCEPT).toBe('image/jpeg,image/png,image/webp,image/gif,image/avif');
  expect(PHOTO_FORMAT_MESSAGES.other).toMatch(/JPEG, PNG, WebP, GIF or AVIF image\.$/);
  expect(PHOTO_FORMAT_MESSAGES.heic).toMatch(/^HEIC photos cannot be read here/);
});
