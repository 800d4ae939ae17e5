import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import koffi from 'koffi';
import { compactingCollection } from './v8Collections';

type Trim = () => void;
type CollectGarbage = () => void;

/** glibc's malloc_trim(0), or undefined where there is none (macOS, musl, Windows). */
function loadMallocTrim(): Trim | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const mallocTrim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (pad: number) => number;
    return () => void mallocTrim(0);
  } catch {
    return undefined;
  }
}

export interface MemoryTrim {
  /** Hands free memory back now (after start-up, say); does nothing where malloc cannot. */
  trimNow(): void;
  stop(): void;
}

/** Below this share of an interval spent working, the server is idle enough to give memory back. */
const IDLE_UTILIZATION = 0.2;

/** Work (event-loop time) after which the first idle interval also runs a full collection. */
const WORK_WORTH_A_COLLECTION_MS = 500;

/**
 * glibc keeps what native code frees (V8 compiling PostgreSQL's WebAssembly in the background,
 * libvips decoding a photo, request bodies) in its heap for reuse, and can give back only the part
 * at the very top: one live allocation above 40 MB of freed compiler memory keeps all of it resident.
 * malloc_trim also releases the free pages in the middle of the heap.
 *
 * It runs only once a quiet interval has passed, never under load: memory given back costs a page
 * fault per 4 KB when it is used again (on this kind of virtual machine ~15 µs each, so a 2 MB photo
 * buffer in fresh pages took 8 ms to fill against 0.15 ms in reused ones).
 *
 * Much of what a burst of registrations leaves in malloc's heap is still allocated when the burst
 * ends: the bodies and photos of the last registrations, dead, but held by array buffers in V8's old
 * generation, which only a full collection frees, and an idle server allocates nothing that would
 * bring one on. So the first quiet interval after real work (WORK_WORTH_A_COLLECTION_MS of it) runs
 * a full collection first: 15 s after the registration bench, malloc's heap was 32 MB without it and
 * 16 MB with it. That collection also compacts V8's old generation (v8Collections.ts), so its pages
 * left half empty by the burst go back too. A collection takes milliseconds and never runs under load
 * either.
 */
export function startMemoryTrim({
  intervalMs,
  trim = loadMallocTrim(),
  collectGarbage = compactingCollection(),
}: {
  intervalMs: number;
  /** What gives memory back: glibc's malloc_trim unless a test passes its own. */
  trim?: Trim;
  /** What frees V8's dead objects first: a compacting full collection unless a test passes its own. */
  collectGarbage?: CollectGarbage;
}): MemoryTrim {
  if (!trim) return { trimNow: () => undefined, stop: () => undefined };
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  let workSinceCollectionMs = 0;
  const timer = setInterval(() => {
    const current = performance.eventLoopUtilization();
    const interval = performance.eventLoopUtilization(current, last);
    last = current;
    workSinceCollectionMs += interval.active;
    if (interval.utilization >= IDLE_UTILIZATION) return;
    if (collectGarbage && workSinceCollectionMs >= WORK_WORTH_A_COLLECTION_MS) {
      collectGarbage();
      workSinceCollectionMs = 0;
    }
    trim();
  }, intervalMs).unref();
  return { trimNow: trim, stop: () => clearInterval(timer) };
}
