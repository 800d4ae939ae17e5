import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while rendering prerendered HTML and while hydrating it, true once the app runs in the
 * browser. For media that the prerendered page should not fetch before its first paint: render
 * them only when this is true, and hydration still matches the HTML.
 */
export function useIsAppRunning(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
