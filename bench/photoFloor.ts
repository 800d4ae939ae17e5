/**
 * The photo floor, run as its own process by `npm run bench` (with `npm start`'s environment and node
 * flags): the registration photo through the server's own pipeline (`processPhoto`: the format check,
 * then sharp's rotate, resize to 1280, flatten, JPEG), one more at a time than there are cores, and
 * nothing else: no HTTP, no multipart, no database. What a registration can never beat on this machine.
 *
 *   node --import tsx bench/photoFloor.ts <photo file>
 *
 * It reads commands on stdin, one a line, and answers each with a line of JSON on stdout:
 *   run <seconds>   → {"rate": photos finished within the seconds ÷ seconds, "photos": n}
 * so that the bench can interleave its rounds with the server's registration rounds.
 */
import fs from 'node:fs';
import os from 'node:os';
import readline from 'node:readline';
import { processPhoto } from '../server/registration/photoProcessing';

async function run(photo: Buffer, seconds: number): Promise<{ rate: number; photos: number }> {
  const deadline = performance.now() + seconds * 1000;
  let finishedInTime = 0;
  // One more in flight than there are cores, so that no core waits for the next photo.
  const workers = Array.from({ length: os.availableParallelism() + 1 }, async () => {
    while (performance.now() < deadline) {
      await processPhoto(photo);
      if (performance.now() <= deadline) finishedInTime += 1;
    }
  });
  await Promise.all(workers);
  return { rate: finishedInTime / seconds, photos: finishedInTime };
}

async function main() {
  const photo = fs.readFileSync(process.argv[2]!);
  // The first photo loads libvips; the pipeline's code is warm by the first round.
  await run(photo, 1);
  console.log(JSON.stringify({ ready: true }));
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const [command, seconds] = line.trim().split(/\s+/);
    if (command !== 'run') continue;
    console.log(JSON.stringify(await run(photo, Number(seconds))));
  }
}

void main();
