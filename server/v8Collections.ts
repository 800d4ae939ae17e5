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

/** A full collection of V8's heap, or undefined where it cannot be asked for. */
export function fullCollection(): (() => void) | undefined {
  const collect = v8Collect();
  return collect ? () => collect() : undefined;
}

/**
 * A collection of V8's young generation only (a scavenge: a millisecond or two, proportional to
 * what is still alive there). Does nothing where it cannot be asked for.
 */
export function collectYoungGeneration(): void {
  v8Collect()?.({ type: 'minor' });
}
