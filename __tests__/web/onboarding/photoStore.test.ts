import {
  SESSION_PHOTO_KEY,
  getPhoto,
  putPhoto,
  removePhoto,
  restorePhotoFromSession,
  savePhotoToSession,
} from '../../../src/features/onboarding/photoStore';

describe('photoStore', () => {
  test('keeps blobs beside the store, by id', () => {
    const blob = new Blob(['abc'], { type: 'image/png' });
    const id = putPhoto(blob, 'a.png');
    expect(getPhoto(id)).toBe(blob);
    removePhoto(id);
    expect(getPhoto(id)).toBeUndefined();
  });

  test('saves to session storage and restores under the same id', async () => {
    const file = new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], 'me.png', { type: 'image/png' });
    const id = putPhoto(file, 'me.png');
    await expect(savePhotoToSession(id)).resolves.toBe(true);
    removePhotoFromMemoryOnly(id);
    const restored = restorePhotoFromSession();
    expect(restored?.id).toBe(id);
    expect(restored?.blob.type).toBe('image/png');
    expect([...new Uint8Array(await restored!.blob.arrayBuffer())]).toEqual([137, 80, 78, 71, 1, 2, 3]);
    expect(getPhoto(id)).toBe(restored?.blob);
  });

  test('a photo over 3 MB or a full quota is simply not persisted', async () => {
    const big = putPhoto(
      new File([new Uint8Array(3 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
      'big.png',
    );
    await expect(savePhotoToSession(big)).resolves.toBe(false);
    expect(sessionStorage.getItem(SESSION_PHOTO_KEY)).toBeNull();

    const small = putPhoto(new File(['x'], 'small.png', { type: 'image/png' }), 'small.png');
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await expect(savePhotoToSession(small)).resolves.toBe(false);
    setItem.mockRestore();
    expect(restorePhotoFromSession()).toBeUndefined();
  });
});

/** Drops the in-memory copy as a reload would, leaving session storage as it is. */
function removePhotoFromMemoryOnly(id: string) {
  const saved = sessionStorage.getItem(SESSION_PHOTO_KEY);
  removePhoto(id);
  if (saved) sessionStorage.setItem(SESSION_PHOTO_KEY, saved);
}
