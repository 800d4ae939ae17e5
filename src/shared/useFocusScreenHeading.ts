import { useEffect, useRef } from 'react';

/** The attribute that marks the heading of what fills the page now (it also needs tabIndex={-1}). */
export const SCREEN_HEADING = { 'data-screen-heading': '' } as const;

/**
 * When `screen` changes (never on the first render, so a page load leaves focus where the browser
 * puts it), focus goes to the new screen's heading if the control that had it went away with the old
 * screen: the browser would otherwise drop it to <body>, and a screen reader would say nothing of
 * the change. Focus that a dialog gave back to the control that opened it stays there.
 */
export function useFocusScreenHeading(screen: string): void {
  const shown = useRef(screen);
  useEffect(() => {
    if (shown.current === screen) return;
    shown.current = screen;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.querySelector<HTMLElement>('[data-screen-heading]')?.focus();
  }, [screen]);
}
