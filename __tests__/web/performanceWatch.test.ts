import { watchPaintTimings } from '../../src/shared/performanceWatch';

type Callback = (list: { getEntries: () => PerformanceEntry[] }) => void;

const observers: { type?: string; callback: Callback; disconnected: boolean }[] = [];

class FakePerformanceObserver {
  static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
  private record: (typeof observers)[number];
  constructor(callback: Callback) {
    this.record = { callback, disconnected: false };
    observers.push(this.record);
  }
  observe({ type }: { type: string }) {
    this.record.type = type;
  }
  disconnect() {
    this.record.disconnected = true;
  }
}

const emit = (type: string, entries: { name: string; startTime: number }[]) =>
  observers
    .filter((observer) => observer.type === type)
    .forEach((observer) => observer.callback({ getEntries: () => entries as PerformanceEntry[] }));

const original = globalThis.PerformanceObserver;
afterEach(() => {
  globalThis.PerformanceObserver = original;
  observers.length = 0;
  jest.restoreAllMocks();
});

test('does nothing where PerformanceObserver is missing', () => {
  // @ts-expect-error: an old browser (or the server) has no PerformanceObserver
  delete globalThis.PerformanceObserver;
  expect(() => watchPaintTimings()()).not.toThrow();
});

test('warns once about a first paint over 2.5 s and once about a largest paint over 4 s', () => {
  globalThis.PerformanceObserver = FakePerformanceObserver as unknown as typeof PerformanceObserver;
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const stop = watchPaintTimings();

  emit('paint', [
    { name: 'first-paint', startTime: 2500 },
    { name: 'first-contentful-paint', startTime: 9000 },
  ]);
  emit('largest-contentful-paint', [{ name: '', startTime: 4000 }]);
  expect(warn).not.toHaveBeenCalled();

  emit('paint', [{ name: 'first-paint', startTime: 2501 }]);
  emit('largest-contentful-paint', [
    { name: '', startTime: 4200 },
    { name: '', startTime: 5000 },
  ]);
  expect(warn.mock.calls.map(([message]) => message)).toEqual([
    'Slow first paint: 2501 ms (over 2500 ms)',
    'Slow largest contentful paint: 4200 ms (over 4000 ms)',
  ]);

  stop();
  expect(observers.every((observer) => observer.disconnected)).toBe(true);
});
