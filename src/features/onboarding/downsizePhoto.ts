import { limits } from '../../domain/limits';

/** The longest side a photo is scaled down to before upload (the server stores at most this too). */
export const DOWNSIZE_MAX_SIDE = limits.photos.maxDimensionAfterResize;
/** Photos heavier than this are re-encoded even when they are not too large in pixels. */
export const DOWNSIZE_ABOVE_BYTES = 4 * 1024 * 1024;
export const DOWNSIZE_JPEG_QUALITY = 0.85;

export interface DownsizedPhoto {
  blob: Blob;
  /** Null when the browser could not decode the image here (the server decides then). */
  width: number | null;
  height: number | null;
}

type Canvas2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

async function drawAsJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  const paint = (context: Canvas2D | null) => {
    if (!context) throw new Error('No 2D canvas context');
    // JPEG has no transparency: a transparent PNG gets a white background instead of a black one.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
  };
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    paint(canvas.getContext('2d'));
    return canvas.convertToBlob({ type: 'image/jpeg', quality: DOWNSIZE_JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  paint(canvas.getContext('2d'));
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', DOWNSIZE_JPEG_QUALITY));
}

/**
 * Scales a large photo (longest side over DOWNSIZE_MAX_SIDE, or over 4 MB) down to a JPEG of that size,
 * honouring its EXIF orientation. Anything that cannot be decoded here is returned as it is with
 * null dimensions: the server decodes every upload, refuses non-images and enforces 10 MB.
 */
export async function downsizePhoto(file: Blob): Promise<DownsizedPhoto> {
  const original: DownsizedPhoto = { blob: file, width: null, height: null };
  if (typeof globalThis.createImageBitmap !== 'function') return original;

  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return original;
  }
  try {
    const { width, height } = bitmap;
    const longest = Math.max(width, height);
    if (longest <= DOWNSIZE_MAX_SIDE && file.size <= DOWNSIZE_ABOVE_BYTES)
      return { blob: file, width, height };

    const scale = Math.min(1, DOWNSIZE_MAX_SIDE / longest);
    const targetWidth = Math.max(1, Math.round(width * scale));
    const targetHeight = Math.max(1, Math.round(height * scale));
    const blob = await drawAsJpeg(bitmap, targetWidth, targetHeight);
    return blob ? { blob, width: targetWidth, height: targetHeight } : { blob: file, width, height };
  } catch {
    return original;
  } finally {
    bitmap.close();
  }
}
