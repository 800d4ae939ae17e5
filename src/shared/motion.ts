/** On a slow connection or a low-memory device every animation runs in 0.1 s. */
export const SLOW_DEVICE_ANIMATION_MS = 100;

export function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

interface NetworkInformationLike {
  effectiveType?: string;
  downlink?: number;
}

export function isSlowDevice(): boolean {
  const nav = globalThis.navigator as
    (Navigator & { connection?: NetworkInformationLike; deviceMemory?: number }) | undefined;
  const connection = nav?.connection;
  if (connection?.effectiveType === '2g' || connection?.effectiveType === 'slow-2g') return true;
  if (connection?.downlink !== undefined && connection.downlink < 1.5) return true;
  return nav?.deviceMemory !== undefined && nav.deviceMemory < 4;
}

/** How long an animation of `ms` should take here: instant under reduced motion, 0.1 s on slow devices. */
export function animationDuration(ms: number): number {
  if (prefersReducedMotion()) return 0;
  return isSlowDevice() ? Math.min(ms, SLOW_DEVICE_ANIMATION_MS) : ms;
}
