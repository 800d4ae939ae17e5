import { useEffect } from 'react';

/**
 * Marks the document once React has hydrated or rendered it, so end-to-end tests (and anyone
 * debugging) can tell a prerendered page that merely looks ready from one that responds.
 */
export function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return null;
}
