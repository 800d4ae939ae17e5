interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a later task, so that work after it does not lengthen the current one: the browser
 * can paint and handle input in between. Uses `scheduler.yield()` where the browser has it (the
 * continuation then keeps its place ahead of other queued work), else a zero-delay timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
