declare module 'wawoff2' {
  /** WOFF2 to the plain font (TrueType or CFF) it wraps. */
  export function decompress(woff2: Buffer | Uint8Array): Promise<Uint8Array>;
  export function compress(sfnt: Buffer | Uint8Array): Promise<Uint8Array>;
}
