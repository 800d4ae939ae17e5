import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy. No inline script or <style> runs unless the page's CSP lists the
 * SHA-256 of its exact text: the pages are files built once, so their hashes are too, and the
 * same bytes (and header) can be served to everyone and cached by a CDN.
 */
const baseDirectives: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  // Prerendered markup and animations carry style="" attributes, which no hash can cover. An
  // attribute can only restyle its own element; <style> elements still need their hash.
  'style-src-attr': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'"],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'script-src-attr': ["'none'"],
};

/** The policy of every response that is not a page (API answers, assets): no inline code at all. */
export const defaultDirectives: Readonly<Record<string, readonly string[]>> = baseDirectives;

export interface InlineSourceHashes {
  scripts: string[];
  styles: string[];
}

/**
 * The styles Emotion adds while the app runs are empty <style> elements filled through the CSSOM
 * (`insertRule`, see createStyleCache), which CSP does not govern; the element itself is admitted
 * by the hash of its empty text.
 */
const EMPTY_TEXT_HASH = hashOf('');

function hashOf(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * Hashes of the inline code of a page: executable <script>s without src (a JSON data block is not
 * run, so it needs none; the minifier may drop the attribute's quotes) and <style> elements.
 */
export function inlineSourceHashes(html: string): InlineSourceHashes {
  const scripts = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc=/i.test(attributes) || /\btype=["']?application\/(ld\+)?json\b/i.test(attributes)) continue;
    scripts.add(hashOf(text));
  }
  const styles = new Set<string>([EMPTY_TEXT_HASH]);
  for (const [, text = ''] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) styles.add(hashOf(text));
  return { scripts: [...scripts], styles: [...styles] };
}

/** The header value for a page whose inline code has these hashes. */
export function pageContentSecurityPolicy({ scripts, styles }: InlineSourceHashes): string {
  const directives = {
    ...baseDirectives,
    'script-src': [...baseDirectives['script-src']!, ...scripts],
    'style-src': [...baseDirectives['style-src']!, ...styles],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}
