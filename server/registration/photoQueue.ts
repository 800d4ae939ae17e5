import { HttpError } from '../httpError';

export const PHOTOS_BUSY = 'Many people are registering right now. Please try again in a few seconds.';

/** Seconds a refused upload is asked to wait: long enough for the registrations ahead of it to finish. */
export const PHOTOS_BUSY_RETRY_AFTER_SECONDS = 10;

export interface PhotoQueueLimits {
  /** Registrations that read and process their photos at once. */
  registrationsAtOnce: number;
  /** How long a registration waits for its turn before it is answered 503. */
  maxWaitMs: number;
  /** Bytes every upload in flight may hold together (form fields and photos as they arrive). */
  maxBytesInFlight: number;
}

/** One registration's place in the queue; `release` gives back its turn and its bytes (once). */
export interface PhotoQueueTicket {
  /** Counts `bytes` more against the shared cap, or throws 503 + Retry-After when it would pass it. */
  take(bytes: number): void;
  /** Resolves once this registration may read and process photos; 503 + Retry-After past `maxWaitMs`. */
  waitForTurn(): Promise<void>;
  release(): void;
}

const busy = () =>
  new HttpError(503, PHOTOS_BUSY, { 'retry-after': String(PHOTOS_BUSY_RETRY_AFTER_SECONDS) });

/**
 * The one throttle on photo work in this process. The rule it keeps: every connection is bounded, the
 * bytes that uploads in flight hold have one global cap, and nothing about a photo is held before its
 * invite code is known to be good (docs/security.md, "What the server refuses"):
 *
 * - **Turns.** `registrationsAtOnce` registrations read and process their photos at once. A
 *   registration asks for its turn after its invite code has been checked and before its first photo
 *   byte is read, so nobody without a good code waits in the queue, and the photos of those waiting
 *   stay in the kernel's socket buffers (TCP backpressure), not in this process. Turns are granted in
 *   arrival order. Each registration processes its photos one after another, so this is also how many
 *   photos are decoded at once: more than the cores buys no speed, only memory.
 * - **Bytes.** Every byte a request has read (its fields, then its photos as they arrive) counts
 *   against `maxBytesInFlight` until the request ends. Per-request limits bound one upload; only this
 *   shared cap bounds many slow ones.
 * - **The answer.** A registration that waited `maxWaitMs` for its turn, or whose next chunk would pass
 *   the byte cap, is answered 503 with `PHOTOS_BUSY` and `Retry-After`, and the rest of its body is
 *   not read.
 */
export class PhotoQueue {
  private turnsFree: number;
  private readonly waiting: (() => void)[] = [];
  private held = 0;

  constructor(readonly limits: PhotoQueueLimits) {
    this.turnsFree = limits.registrationsAtOnce;
  }

  /** Bytes held by every upload in flight. */
  get heldBytes(): number {
    return this.held;
  }

  /** Registrations waiting for their turn. */
  get waitingCount(): number {
    return this.waiting.length;
  }

  /** A ticket for one request; the caller must `release` it when the request ends, however it ends. */
  enter(): PhotoQueueTicket {
    let taken = 0;
    let hasTurn = false;
    let released = false;
    return {
      take: (bytes) => {
        if (this.held + bytes > this.limits.maxBytesInFlight) throw busy();
        this.held += bytes;
        taken += bytes;
      },
      waitForTurn: async () => {
        if (hasTurn || released) return;
        await this.nextTurn();
        // Granted after the request gave up (released meanwhile): pass the turn on at once.
        if (released) this.passTurnOn();
        else hasTurn = true;
      },
      release: () => {
        if (released) return;
        released = true;
        this.held -= taken;
        taken = 0;
        if (hasTurn) this.passTurnOn();
      },
    };
  }

  private nextTurn(): Promise<void> {
    if (this.turnsFree > 0) {
      this.turnsFree -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(grant), 1);
        reject(busy());
      }, this.limits.maxWaitMs);
      this.waiting.push(grant);
    });
  }

  private passTurnOn(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.turnsFree += 1;
  }
}
