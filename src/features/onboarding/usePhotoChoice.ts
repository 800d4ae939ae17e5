import { useCallback, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../shared/hooks';
import { downsizePhoto } from './downsizePhoto';
import { photoChosen, photoRemoved, selectPhotoMeta } from './onboardingSlice';
import { getPhotoPreviewUrl, putPhoto, removePhoto, savePhotoToSession } from './photoStore';
import type { PhotoControls } from './steps/stepTypes';

export const NOT_AN_IMAGE = 'Please choose an image file';

/** Some systems give no type for HEIC and friends; the file name decides then. */
const IMAGE_EXTENSION = /\.(jpe?g|png|gif|webp|avif|heic|heif|bmp|tiff?)$/i;

/** Images only. The server decodes every upload and refuses anything that is not one. */
export function isImageFile(file: File): boolean {
  return file.type ? file.type.startsWith('image/') : IMAGE_EXTENSION.test(file.name);
}

function uploadName(file: File, blob: Blob): string {
  if (blob === file || blob.type !== 'image/jpeg') return file.name;
  return `${file.name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`;
}

/** The photo step's controls: choose (images only, downsized, one kept), remove, and the preview. */
export function usePhotoChoice(): PhotoControls {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const meta = useAppSelector(selectPhotoMeta);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Each choice gets a number; a slow one that finishes after a newer choice is dropped. */
  const latestChoice = useRef(0);

  const choose = useCallback(
    async (file: File) => {
      latestChoice.current += 1;
      const choice = latestChoice.current;
      if (!isImageFile(file)) {
        setError(NOT_AN_IMAGE);
        return;
      }
      setError(null);
      setBusy(true);
      const { blob, width, height } = await downsizePhoto(file);
      if (choice !== latestChoice.current) return;
      const previous = selectPhotoMeta(store.getState());
      const name = uploadName(file, blob);
      const id = putPhoto(blob, name);
      dispatch(photoChosen({ id, name, type: blob.type, size: blob.size, width, height }));
      if (previous) removePhoto(previous.id);
      setBusy(false);
      void savePhotoToSession(id);
    },
    [dispatch, store],
  );

  const remove = useCallback(() => {
    latestChoice.current += 1;
    const current = selectPhotoMeta(store.getState());
    if (current) removePhoto(current.id);
    dispatch(photoRemoved());
    setError(null);
    setBusy(false);
  }, [dispatch, store]);

  return {
    current: meta ? { name: meta.name, previewUrl: getPhotoPreviewUrl(meta.id) ?? null } : null,
    error,
    busy,
    choose: (file) => void choose(file),
    remove,
  };
}
