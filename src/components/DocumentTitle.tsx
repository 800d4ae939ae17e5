import { useEffect } from 'react';

/**
 * The page's title. In the browser it rewrites the document's one <title> (the HTML always has one)
 * instead of rendering an element: React would hoist a second <title> into <head> beside it, which
 * HTML forbids. At build time it renders the element, which scripts/prerender.tsx moves into <head>.
 */
export function DocumentTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = children;
  }, [children]);
  return typeof window === 'undefined' ? <title>{children}</title> : null;
}
