import { useCallback, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../shared/hooks';
import { limits } from '../../domain/limits';
import { PHOTO_FORMAT_MESSAGES } from '../../domain/photoFormats';
import { downsizePhoto } from './downsizePhoto';
import { photoChosen, photoRemoved, selectPhotoMeta } from './onboardingSlice';
import { getPhotoPreviewUrl, putPhoto, removePhoto, savePhotoToSession } from './photoStore';
import type { PhotoControls } from './steps/stepTypes';

export const NOT_AN_IMAGE = `Please choose a ${limits.photos.acceptedFormatNames} photo`;

/** Some systems give no type for a file; the file name decides then. */
const ACCEPTED_EXTENSION = /\.(jpe?g|png|gif|webp|avif)$/i;
const HEIC = /^image\/hei[cf](-sequence)?$|\.hei[cf]$/i;

/**
 * The server's allowlist, told before uploading: the formats it accepts, and a word for a Mac's HEIC
 * file (an iPhone converts to JPEG by itself when the page does not list HEIC). The server still
 * decides from the bytes.
 */
export function photoFileProblem(file: File): string | undefined {
  if (HEIC.test(file.type) || HEIC.test(file.name)) return PHOTO_FORMAT_MESSAGES.heic;
  const accepted = file.type
    ? (limits.photos.acceptedTypes as readonly string[]).includes(file.type)
    : ACCEPTED_EXTENSION.test(file.name);
  return accepted ? undefined : NOT_AN_IMAGE;
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
  const [ready, setReady] = useState(false);
  /** Each choice gets a number; a slow one that finishes after a newer choice is dropped. */
  const latestChoice = useRef(0);

  const choose = useCallback(
    async (file: File) => {
      latestChoice.current += 1;
      const choice = latestChoice.current;
      const problem = photoFileProblem(file);
      setReady(false);
      if (problem) {
        setError(problem);
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
      setReady(true);
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
    setReady(false);
  }, [dispatch, store]);

  return {
    current: meta ? { name: meta.name, previewUrl: getPhotoPreviewUrl(meta.id) ?? null } : null,
    error,
    busy,
    ready,
    choose: (file) => void choose(file),
    remove,
  };
}
