import { makeBrowserId } from '../../shared/browserId';

/**
 * The chosen photo's bytes, kept BESIDE the Redux store (which holds only serialisable `PhotoMeta`).
 * A best-effort copy goes to session storage so that a reload in the middle of registering keeps it.
 */

export const SESSION_PHOTO_KEY = 'becca.join.photo';
/** A data URL is a third larger than the file and session storage holds about 5 MB: bigger is not kept. */
export const SESSION_PHOTO_MAX_BYTES = 3 * 1024 * 1024;

interface StoredPhoto {
  blob: Blob;
  name: string;
  /** An object URL for the preview, made on first use and revoked with the photo. */
  previewUrl?: string;
}

interface SessionPhoto {
  id: string;
  name: string;
  dataUrl: string;
}

const photos = new Map<string, StoredPhoto>();

/** Keeps `blob` and returns the id that `PhotoMeta.id` carries. */
export function putPhoto(blob: Blob, name: string): string {
  const id = makeBrowserId('photo');
  photos.set(id, { blob, name });
  return id;
}

export function getPhoto(id: string): Blob | undefined {
  return photos.get(id)?.blob;
}

/** The photo as a named File, ready for a multipart upload. */
export function getPhotoFile(id: string): File | undefined {
  const stored = photos.get(id);
  if (!stored) return undefined;
  return stored.blob instanceof File && stored.blob.name === stored.name
    ? stored.blob
    : new File([stored.blob], stored.name, { type: stored.blob.type });
}

function readSession(): SessionPhoto | undefined {
  try {
    const text = globalThis.sessionStorage?.getItem(SESSION_PHOTO_KEY);
    if (!text) return undefined;
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { id, name, dataUrl } = value as Record<string, unknown>;
    if (typeof id !== 'string' || typeof name !== 'string' || typeof dataUrl !== 'string') return undefined;
    return { id, name, dataUrl };
  } catch {
    return undefined;
  }
}

function clearSession() {
  try {
    globalThis.sessionStorage?.removeItem(SESSION_PHOTO_KEY);
  } catch {
    // Storage may be switched off; there is nothing to clear then.
  }
}

/**
 * A URL for showing photo `id`, made once and cached (so calling it while rendering is safe), or
 * undefined where the browser has no `URL.createObjectURL` (jsdom). `removePhoto` revokes it.
 */
export function getPhotoPreviewUrl(id: string): string | undefined {
  const stored = photos.get(id);
  if (!stored || typeof URL.createObjectURL !== 'function') return undefined;
  try {
    stored.previewUrl ??= URL.createObjectURL(stored.blob);
    return stored.previewUrl;
  } catch {
    // Not a Blob this URL implementation knows (test environments mixing two Blob classes).
    return undefined;
  }
}

export function removePhoto(id: string): void {
  const stored = photos.get(id);
  if (stored?.previewUrl) URL.revokeObjectURL?.(stored.previewUrl);
  photos.delete(id);
  if (readSession()?.id === id) clearSession();
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(reader.error));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

function dataUrlToBlob(dataUrl: string): Blob | undefined {
  const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match?.[2]) return undefined;
  const binary = atob(match[3] ?? '');
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: match[1] ?? '' });
}

/**
 * Copies photo `id` into session storage, replacing any earlier one. Best effort: a photo over
 * ~3 MB, a full quota or storage that is switched off means it is simply not kept (resolves false).
 */
export async function savePhotoToSession(id: string): Promise<boolean> {
  const stored = photos.get(id);
  if (!stored || stored.blob.size > SESSION_PHOTO_MAX_BYTES) {
    clearSession();
    return false;
  }
  try {
    const dataUrl = await blobToDataUrl(stored.blob);
    // Replaced or removed while it was being read: the newer choice decides what is kept.
    if (photos.get(id) !== stored) return false;
    const entry: SessionPhoto = { id, name: stored.name, dataUrl };
    globalThis.sessionStorage.setItem(SESSION_PHOTO_KEY, JSON.stringify(entry));
    return true;
  } catch {
    clearSession();
    return false;
  }
}

/** The photo kept before a reload, back under its old id so the restored `PhotoMeta` finds it. */
export function restorePhotoFromSession(): { id: string; blob: Blob } | undefined {
  const saved = readSession();
  if (!saved) return undefined;
  try {
    const blob = dataUrlToBlob(saved.dataUrl);
    if (!blob || blob.size === 0) return undefined;
    photos.set(saved.id, { blob, name: saved.name });
    return { id: saved.id, blob };
  } catch {
    return undefined;
  }
}
