import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { freeAtNextMinorCollection } from '../../server/registration/photoProcessing';

const run = promisify(execFile);
const projectRoot = path.resolve(__dirname, '../..');

/**
 * In its own process, where collections can be asked for by kind: a 20 MB upload that has outlived two
 * minor collections (as a photo does while it is read and decoded), then dropped, with and without
 * being handed to freeAtNextMinorCollection. Prints how much array-buffer memory the minor
 * collections after that gave back.
 */
const DROP_A_PROMOTED_UPLOAD = `
const { freeAtNextMinorCollection } = require('./server/registration/photoProcessing.ts');
const MB = 2 ** 20;
function dropPromotedUpload(free) {
  let upload = Buffer.concat([Buffer.alloc(1), Buffer.alloc(20 * MB, 7)]);
  gc({ type: 'minor' });
  gc({ type: 'minor' });
  const before = process.memoryUsage().arrayBuffers;
  if (free) freeAtNextMinorCollection(upload);
  upload = null;
  // The memory is freed on a background thread after the collection: give it a moment.
  const deadline = Date.now() + 2000;
  while (Date.now() < deadline && before - process.memoryUsage().arrayBuffers < 16 * MB) gc({ type: 'minor' });
  return (before - process.memoryUsage().arrayBuffers) / MB;
}
const keptUntilFullCollection = dropPromotedUpload(false);
gc();
const freedAtMinorCollection = dropPromotedUpload(true);
console.log(JSON.stringify({ keptUntilFullCollection, freedAtMinorCollection }));
`;

/**
 * A finished registration's photos (server/registration/photoProcessing.ts's releasePhotos), in a
 * process started without --expose-gc, as the server is: a 20 MB photo that outlived two young
 * collections, released, then nothing but waiting. Prints what came back and whether \`gc\` leaked
 * onto the global object.
 */
const RELEASE_A_FINISHED_PHOTO = `
const { releasePhotos } = require('./server/registration/photoProcessing.ts');
const { collectYoungGeneration } = require('./server/v8Collections.ts');
const MB = 2 ** 20;
let photo = Buffer.concat([Buffer.alloc(1), Buffer.alloc(20 * MB, 7)]);
collectYoungGeneration();
collectYoungGeneration();
const before = process.memoryUsage().arrayBuffers;
releasePhotos([photo]);
photo = null;
const started = Date.now();
const report = () => {
  const freedMb = (before - process.memoryUsage().arrayBuffers) / MB;
  if (freedMb < 19 && Date.now() - started < 2000) return setTimeout(report, 20);
  console.log(JSON.stringify({ freedMb, globalGc: typeof globalThis.gc }));
};
report();
`;

describe("an upload's memory", () => {
  it('of a finished registration goes back at once, without anything else collecting', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', '--input-type=commonjs', '-e', RELEASE_A_FINISHED_PHOTO],
      { cwd: projectRoot, timeout: 30_000 },
    );
    const { freedMb, globalGc } = JSON.parse(stdout) as { freedMb: number; globalGc: string };
    expect(freedMb).toBeGreaterThan(19);
    expect(globalGc).toBe('undefined');
  });

  it('goes back at the next minor collection once freed, where a dropped one waits for a full collection', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--input-type=commonjs', '-e', DROP_A_PROMOTED_UPLOAD],
      { cwd: projectRoot, timeout: 30_000 },
    );
    const { keptUntilFullCollection, freedAtMinorCollection } = JSON.parse(stdout) as Record<string, number>;
    expect(keptUntilFullCollection).toBeLessThan(1);
    expect(freedAtMinorCollection).toBeGreaterThan(19);
  });

  it('is left alone when the buffer shares its memory with others (a pooled or sliced buffer)', () => {
    const pooled = Buffer.from('a small part');
    const whole = Buffer.alloc(64 * 1024, 1);
    const slice = whole.subarray(1024, 2048);

    freeAtNextMinorCollection(pooled);
    freeAtNextMinorCollection(slice);

    expect(pooled.toString()).toBe('a small part');
    expect(slice.length).toBe(1024);
    expect(whole.length).toBe(64 * 1024);
    expect(whole[0]).toBe(1);
  });

  it('is no longer readable through the freed buffer', () => {
    const upload = Buffer.concat([Buffer.alloc(8 * 1024, 1), Buffer.alloc(8 * 1024, 2)]);

    freeAtNextMinorCollection(upload);

    expect(upload.length).toBe(0);
  });
});
