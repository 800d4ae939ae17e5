import v8 from 'node:v8';
import vm from 'node:vm';

type Collect = (options?: { type?: 'major' | 'minor' }) => void;

let loaded: Collect | null | undefined;

/**
 * V8's gc() (what `--expose-gc` gives), without putting `gc` on this program's global object: only
 * a new context gets it. Jest's --logHeapUsage does the same. Null where V8 refuses.
 */
function v8Collect(): Collect | null {
  if (loaded === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      const gc: unknown = vm.runInNewContext('gc');
      loaded = typeof gc === 'function' ? (gc as Collect) : null;
    } catch {
      loaded = null;
    }
  }
  return loaded;
}

/**
 * A full collection that also compacts the old generation, or undefined where V8 cannot be asked for
 * one. V8's own full collections move objects out of only the emptiest pages, so after a burst of
 * registrations the old generation kept 31 MB of pages for 25 MB of live objects, every page resident.
 * Compacting them all released those 6 MB (15 s after the registration bench). It costs a few
 * milliseconds more, and is asked for only when the server is idle (memoryTrim.ts): compacting every
 * full collection under load raised the bench's peak by 20 MB, the evacuated pages' copies.
 */
export function compactingCollection(): (() => void) | undefined {
  const collect = v8Collect();
  if (!collect) return undefined;
  return () => {
    v8.setFlagsFromString('--compact-on-every-full-gc');
    try {
      collect();
    } finally {
      v8.setFlagsFromString('--no-compact-on-every-full-gc');
    }
  };
}

/**
 * A collection of V8's young generation only (a scavenge: a millisecond or two, proportional to
 * what is still alive there). Does nothing where it cannot be asked for.
 */
export function collectYoungGeneration(): void {
  v8Collect()?.({ type: 'minor' });
}
