import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { startMemoryTrim } from '../../server/memoryTrim';
import { productionNodeCommand } from './realServerProcess';

const run = promisify(execFile);
const projectRoot = path.resolve(__dirname, '../..');

/**
 * In its own process with the production malloc settings: 96 MB of native buffers, one in thirty kept
 * alive so that the freed ones are scattered through malloc's heap, where only malloc_trim can give
 * them back (free() returns the top of the heap alone).
 */
const FRAGMENT_THEN_TRIM = `
const { startMemoryTrim } = require('./server/memoryTrim.ts');
const kept = [];
let freed = [];
for (let i = 0; i < 3000; i += 1) {
  const buffer = Buffer.allocUnsafeSlow(32 * 1024).fill(1);
  (i % 30 === 0 ? kept : freed).push(buffer);
}
freed = null;
// V8 frees array buffers' memory on a background thread after a collection: wait until it has.
const deadline = Date.now() + 20_000;
const trimOnceFreed = () => {
  gc();
  if (process.memoryUsage().arrayBuffers > 16 * 2 ** 20 && Date.now() < deadline) return setTimeout(trimOnceFreed, 50);
  const trim = startMemoryTrim({ intervalMs: 60_000 });
  const before = process.memoryUsage().rss;
  trim.trimNow();
  const after = process.memoryUsage().rss;
  trim.stop();
  console.log(JSON.stringify({ releasedMb: (before - after) / 2 ** 20, kept: kept.length }));
};
trimOnceFreed();
`;

describe('memory trimming', () => {
  it.each([
    ['production malloc settings', productionNodeCommand().env],
    ['glibc defaults', {}],
  ])(
    'gives freed native memory scattered through the heap back to the system (%s)',
    async (_name, mallocEnv) => {
      const { stdout } = await run(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', '--input-type=commonjs', '-e', FRAGMENT_THEN_TRIM],
        { cwd: projectRoot, env: { ...process.env, ...mallocEnv }, timeout: 30_000 },
      );
      const { releasedMb, kept } = JSON.parse(stdout) as { releasedMb: number; kept: number };
      expect(kept).toBe(100);
      // About 90 MB of the 93 MB freed; without malloc_trim, next to nothing.
      expect(releasedMb).toBeGreaterThan(50);
    },
  );

  it('trims only after an interval in which the server was mostly idle, never under load', async () => {
    const trims: number[] = [];
    const started = performance.now();
    const memoryTrim = startMemoryTrim({
      intervalMs: 200,
      trim: () => trims.push(performance.now() - started),
    });
    try {
      // Busy for the first 600 ms (three intervals), as under load: the event loop never rests.
      const busyUntil = performance.now() + 600;
      await new Promise<void>((resolve) => {
        const work = () => {
          const sliceEnd = performance.now() + 20;
          while (performance.now() < sliceEnd);
          if (performance.now() < busyUntil) setImmediate(work);
          else resolve();
        };
        work();
      });
      expect(trims).toEqual([]);
      // Then idle: the next whole interval finds the loop quiet and trims.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(trims.length).toBeGreaterThanOrEqual(1);
    } finally {
      memoryTrim.stop();
    }
  });
});
