import { Suspense, type ReactNode } from 'react';

/**
 * A Suspense boundary with nothing to wait for. On a prerendered page React hydrates each boundary
 * as its own task, so a long page does not block the main thread in one long hydration task.
 */
export function HydrateSeparately({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
