let fallbackCounter = 0;

/**
 * An id made in the browser: a UUID where the browser has one (36 characters), else `prefix`, the
 * time and a counter. Either way at most 64 characters, the server's limit for an entry id.
 */
export function makeBrowserId(prefix: string): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  if (uuid) return uuid;
  fallbackCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${fallbackCounter.toString(36)}`;
}
