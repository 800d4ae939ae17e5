import {
  DOWNSIZE_JPEG_QUALITY,
  DOWNSIZE_MAX_SIDE,
  downsizePhoto,
} from '../../../src/features/onboarding/downsizePhoto';

describe('downsizePhoto', () => {
  const file = (bytes: number) => new File([new Uint8Array(bytes)], 'big.png', { type: 'image/png' });

  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'createImageBitmap');
    Reflect.deleteProperty(globalThis, 'OffscreenCanvas');
  });

  function fakeBitmap(width: number, height: number) {
    const bitmap = { width, height, close: jest.fn() };
    const decode = jest.fn().mockResolvedValue(bitmap);
    Object.assign(globalThis, { createImageBitmap: decode });
    return { bitmap, decode };
  }

  function fakeOffscreenCanvas() {
    const context = { fillStyle: '', fillRect: jest.fn(), drawImage: jest.fn() };
    const made: { width: number; height: number; convertToBlob: jest.Mock }[] = [];
    class FakeOffscreenCanvas {
      convertToBlob = jest.fn().mockResolvedValue(new Blob(['jpeg'], { type: 'image/jpeg' }));
      constructor(
        public width: number,
        public height: number,
      ) {
        made.push(this);
      }
      getContext() {
        return context;
      }
    }
    Object.assign(globalThis, { OffscreenCanvas: FakeOffscreenCanvas });
    return { context, made };
  }

  test('without createImageBitmap (jsdom) the file comes back as it is', async () => {
    const original = file(10);
    await expect(downsizePhoto(original)).resolves.toEqual({ blob: original, width: null, height: null });
  });

  test('a decode failure returns the original with null dimensions', async () => {
    Object.assign(globalThis, { createImageBitmap: jest.fn().mockRejectedValue(new Error('not an image')) });
    const original = file(10);
    await expect(downsizePhoto(original)).resolves.toEqual({ blob: original, width: null, height: null });
  });

  test('a small photo is kept, with its oriented dimensions', async () => {
    const { decode, bitmap } = fakeBitmap(960, 1280);
    const original = file(1000);
    await expect(downsizePhoto(original)).resolves.toEqual({ blob: original, width: 960, height: 1280 });
    expect(decode).toHaveBeenCalledWith(original, { imageOrientation: 'from-image' });
    expect(bitmap.close).toHaveBeenCalled();
  });

  test('a photo over 1280 px is drawn at 1280 px on the longest side as a 0.85 JPEG', async () => {
    fakeBitmap(4000, 3000);
    const { context, made } = fakeOffscreenCanvas();
    const result = await downsizePhoto(file(1000));
    expect(result.width).toBe(DOWNSIZE_MAX_SIDE);
    expect(DOWNSIZE_MAX_SIDE).toBe(1280);
    expect(result.height).toBe(960);
    expect(result.blob.type).toBe('image/jpeg');
    expect(made[0]).toMatchObject({ width: 1280, height: 960 });
    expect(made[0]!.convertToBlob).toHaveBeenCalledWith({
      type: 'image/jpeg',
      quality: DOWNSIZE_JPEG_QUALITY,
    });
    expect(context.drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 1280, 960);
  });

  test('a heavy photo (over 4 MB) is re-encoded even at a small size, via a document canvas', async () => {
    fakeBitmap(1000, 800);
    const context = { fillStyle: '', fillRect: jest.fn(), drawImage: jest.fn() };
    const getContext = jest
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockReturnValue(context as unknown as CanvasRenderingContext2D);
    const toBlob = jest
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((done) => done(new Blob(['jpeg'], { type: 'image/jpeg' })));
    const result = await downsizePhoto(file(4 * 1024 * 1024 + 1));
    expect(result).toMatchObject({ width: 1000, height: 800 });
    expect(result.blob.type).toBe('image/jpeg');
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', DOWNSIZE_JPEG_QUALITY);
    getContext.mockRestore();
    toBlob.mockRestore();
  });
});
