import sharp from 'sharp';

/** The registration budget's photo (docs/performance.md): 2400×1800, JPEG quality 88, noise that does not compress. */
export const BENCH_PHOTO = { width: 2400, height: 1800, quality: 88, sigma: 60, seed: 34 } as const;

/** mulberry32: a small seeded generator, so that every run (and every machine) gets the same photo. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A photo of real-world entropy, made the same way on every run: grey with Gaussian noise (σ 60) in
 * every channel of every pixel, from a seeded generator, encoded by libjpeg-turbo at quality 88.
 * About 3.1 MB (3,076,436 bytes with sharp 0.35): JPEG cannot shrink noise, so its decoder works
 * as hard as on a detailed camera photo, where a smooth test image would decode several times faster.
 */
export async function makeBenchPhoto(): Promise<Buffer> {
  const { width, height, quality, sigma, seed } = BENCH_PHOTO;
  const pixels = Buffer.alloc(width * height * 3);
  const random = seededRandom(seed);
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
  // Box–Muller: two uniform numbers give two Gaussian ones.
  for (let i = 0; i < pixels.length; i += 2) {
    const radius = Math.sqrt(-2 * Math.log(random() || Number.MIN_VALUE)) * sigma;
    const angle = 2 * Math.PI * random();
    pixels[i] = clamp(128 + radius * Math.cos(angle));
    pixels[i + 1] = clamp(128 + radius * Math.sin(angle));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}
