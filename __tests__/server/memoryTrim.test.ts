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

/** Keeps the event loop working for `ms`, in 20 ms slices, as a server under load does. */
const busyFor = (ms: number) =>
  new Promise<void>((resolve) => {
    const busyUntil = performance.now() + ms;
    const work = () => {
      const sliceEnd = performance.now() + 20;
      while (performance.now() < sliceEnd);
      if (performance.now() < busyUntil) setImmediate(work);
      else resolve();
    };
    work();
  });

const idleFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
      await busyFor(600);
      expect(trims).toEqual([]);
      // Then idle: the next whole interval finds the loop quiet and trims.
      await idleFor(500);
      expect(trims.length).toBeGreaterThanOrEqual(1);
    } finally {
      memoryTrim.stop();
    }
  });

  it('runs a full collection in the first idle interval after real work, then not again until more work', async () => {
    const events: string[] = [];
    const memoryTrim = startMemoryTrim({
      intervalMs: 200,
      trim: () => events.push('trim'),
      collectGarbage: () => events.push('collect'),
    });
    try {
      await busyFor(700);
      expect(events).not.toContain('collect');
      await idleFor(900);
      // One collection, in the first quiet interval, right before its trim; the quiet ones after it only trim.
      const collected = events.indexOf('collect');
      expect(collected).toBeGreaterThanOrEqual(0);
      expect(events[collected + 1]).toBe('trim');
      expect(events.filter((event) => event === 'collect')).toHaveLength(1);
      expect(events.slice(collected + 1).length).toBeGreaterThanOrEqual(2);
      events.length = 0;
      // More work earns another.
      await busyFor(700);
      await idleFor(700);
      expect(events.filter((event) => event === 'collect')).toHaveLength(1);
    } finally {
      memoryTrim.stop();
    }
  });

  it("compacts V8's old generation in its one collection, which V8's own full collection leaves fragmented", async () => {
    // One record in 25 survives: after one full collection of V8's own choosing nearly every page
    // stays; the idle trim runs one collection, so that one has to compact.
    const script = `
const v8 = require('node:v8');
const { compactingCollection } = require('./server/v8Collections.ts');
const oldSpaceMb = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space').space_size / 2 ** 20;
const kept = [];
// Outside the function, so that V8 cannot tell the records are dead before \`all = null\`.
let all;
const fragmentThenCollect = (collect) => {
  all = [];
  for (let i = 0; i < 600000; i += 1) {
    const record = { id: i, name: 'member ' + i, tags: [i] };
    all.push(record);
    if (i % 25 === 0) kept.push(record);
  }
  gc(); gc(); // survivors of two collections: in the old generation
  all = null;
  collect();
  return oldSpaceMb();
};
const arm = process.argv[1];
const first = fragmentThenCollect(arm === 'compacting' ? compactingCollection() : gc);
// Compaction was asked for that collection only: V8's own next one is as before.
const next = fragmentThenCollect(gc);
console.log(JSON.stringify({ first, next, kept: kept.length }));
`;
    const oldSpaceAfter = async (arm: 'plain' | 'compacting') => {
      const { stdout } = await run(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', '--input-type=commonjs', '-e', script, arm],
        { cwd: projectRoot, timeout: 30_000 },
      );
      return JSON.parse(stdout) as { first: number; next: number; kept: number };
    };
    const plain = await oldSpaceAfter('plain');
    const compacting = await oldSpaceAfter('compacting');
    expect(compacting.kept).toBe(48_000);
    // About 45-60 MB of pages for about 6 MB of live records, against about 9 MB compacted.
    expect(plain.first).toBeGreaterThan(30);
    expect(compacting.first).toBeLessThan(plain.first / 2);
    expect(compacting.next).toBeGreaterThan(compacting.first + 20);
  });

  it('frees what dead array buffers hold in a real process, which malloc_trim alone cannot', async () => {
    // Buffers that outlived a few young-generation collections (as a registration's body does) sit
    // in the old generation until a full collection, however idle the process.
    const script = `
const { startMemoryTrim } = require('./server/memoryTrim.ts');
let held = [];
for (let i = 0; i < 40; i += 1) held.push(Buffer.allocUnsafeSlow(1024 * 1024).fill(1));
for (let i = 0; i < 20; i += 1) new Array(200000).fill({});
held = null;
const before = process.memoryUsage().arrayBuffers;
const trim = startMemoryTrim({ intervalMs: 100, trim: () => undefined });
const started = performance.now();
while (performance.now() - started < 600);
setTimeout(() => {
  trim.stop();
  console.log(JSON.stringify({ beforeMb: before / 2 ** 20, afterMb: process.memoryUsage().arrayBuffers / 2 ** 20 }));
}, 400);
`;
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', '--input-type=commonjs', '-e', script],
      { cwd: projectRoot, timeout: 30_000 },
    );
    const { beforeMb, afterMb } = JSON.parse(stdout) as { beforeMb: number; afterMb: number };
    expect(beforeMb).toBeGreaterThan(35);
    expect(afterMb).toBeLessThan(10);
  });
});
