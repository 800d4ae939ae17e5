import { HttpError } from '../httpError';

export const PHOTOS_BUSY = 'Many people are registering right now. Please try again in a few seconds.';
const RETRY_AFTER_SECONDS = 5;

/**
 * How many registrations read and process their photos at once. The others wait before their first
 * photo byte is read, so those bytes stay in the kernel's socket buffers (TCP backpressure) rather
 * than in this process. Photos are decoded two at a time anyway: more at once would only hold more
 * photos in memory, not finish sooner. A slot is taken only after the invite code has been checked,
 * so nobody without a good code can hold one, and a wait is bounded: past it the answer is 503 with
 * Retry-After, as when the upload budget is full.
 */
export class PhotoSlots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(
    size: number,
    private readonly maxWaitMs: number,
  ) {
    this.free = size;
  }

  /** Resolves with the function that gives the slot back (calling it twice gives it back once). */
  acquire(): Promise<() => void> {
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve(this.releaser());
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(grant), 1);
        reject(new HttpError(503, PHOTOS_BUSY, { 'retry-after': String(RETRY_AFTER_SECONDS) }));
      }, this.maxWaitMs);
      this.waiting.push(grant);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    };
  }
}
