import v8 from 'node:v8';

/**
 * V8 lets the old generation grow to several times what is live before it collects it: under a burst
 * of small requests this server's heap went from 40 MB live to 145 MB, nearly all garbage, and RSS
 * followed. Growing by half of what is live instead holds RSS near its idle size, and the extra
 * collections of a 40 MB heap cost less than the page faults of a large one (npm run bench measured
 * more requests per second on `/`, not fewer). V8 reads this on every collection, so it can be set
 * once the process runs; the young generation's size (--max-semi-space-size) cannot, and is on the
 * command line instead.
 */
export function limitHeapGrowth(): void {
  v8.setFlagsFromString('--heap-growing-percent=50');
}
