/** A first paint above 2.5 s or a largest contentful paint above 4 s is worth a warning. */
export const SLOW_FIRST_PAINT_MS = 2500;
export const SLOW_LARGEST_PAINT_MS = 4000;

function observe(type: string, onEntry: (entry: PerformanceEntry) => void): PerformanceObserver | null {
  if (typeof PerformanceObserver === 'undefined') return null;
  if (!(PerformanceObserver.supportedEntryTypes ?? []).includes(type)) return null;
  try {
    const observer = new PerformanceObserver((list) => list.getEntries().forEach(onEntry));
    observer.observe({ type, buffered: true });
    return observer;
  } catch {
    return null;
  }
}

/**
 * Logs a console warning for a slow first paint or largest contentful paint, once each.
 * Safe anywhere: without PerformanceObserver (old browsers, the server) it does nothing.
 * Returns a function that stops watching.
 */
export function watchPaintTimings(): () => void {
  let warnedPaint = false;
  let warnedLargest = false;
  const observers = [
    observe('paint', (entry) => {
      if (entry.name !== 'first-paint' || warnedPaint || entry.startTime <= SLOW_FIRST_PAINT_MS) return;
      warnedPaint = true;
      console.warn(`Slow first paint: ${Math.round(entry.startTime)} ms (over ${SLOW_FIRST_PAINT_MS} ms)`);
    }),
    observe('largest-contentful-paint', (entry) => {
      if (warnedLargest || entry.startTime <= SLOW_LARGEST_PAINT_MS) return;
      warnedLargest = true;
      console.warn(
        `Slow largest contentful paint: ${Math.round(entry.startTime)} ms (over ${SLOW_LARGEST_PAINT_MS} ms)`,
      );
    }),
  ];
  return () => observers.forEach((observer) => observer?.disconnect());
}
