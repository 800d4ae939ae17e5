import { HttpError } from '../httpError';

/** Seconds a refused upload is asked to wait: long enough for the uploads ahead of it to finish. */
const RETRY_AFTER_SECONDS = 10;

export const UPLOADS_BUSY =
  'Too many photos are being uploaded right now. Please try again in a few seconds.';

/** One request's share of the budget: what it took, given back at once by `release`. */
export interface UploadClaim {
  /** Takes `bytes` more, or throws 503 + Retry-After when every upload together would pass the cap. */
  take(bytes: number): void;
  release(): void;
}

/**
 * The photo bytes held by every upload in flight, together, in one process. Per-request limits bound
 * one upload; only a shared cap bounds many slow ones, which would otherwise each hold their photos
 * in memory for as long as their senders liked.
 */
export class UploadBudget {
  private held = 0;

  constructor(readonly maxBytes: number) {}

  get heldBytes(): number {
    return this.held;
  }

  claim(): UploadClaim {
    let taken = 0;
    return {
      take: (bytes) => {
        if (this.held + bytes > this.maxBytes) {
          throw new HttpError(503, UPLOADS_BUSY, { 'retry-after': String(RETRY_AFTER_SECONDS) });
        }
        this.held += bytes;
        taken += bytes;
      },
      release: () => {
        this.held -= taken;
        taken = 0;
      },
    };
  }
}
