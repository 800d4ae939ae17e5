import { HttpError } from '../../server/httpError';
import { PHOTOS_BUSY, PhotoQueue } from '../../server/registration/photoQueue';

const settled = async <T>(promise: Promise<T>) => {
  let state: 'pending' | 'granted' | 'refused' = 'pending';
  promise.then(
    () => (state = 'granted'),
    () => (state = 'refused'),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
};

const busyAnswer = { statusCode: 503, message: PHOTOS_BUSY, headers: { 'retry-after': '10' } };

describe('PhotoQueue: the one throttle on photo work', () => {
  test('past its turns a registration waits, and gets the first turn given back', async () => {
    const queue = new PhotoQueue({ registrationsAtOnce: 2, maxWaitMs: 10_000, maxBytesInFlight: 1000 });
    const first = queue.enter();
    await first.waitForTurn();
    await queue.enter().waitForTurn();
    const third = queue.enter().waitForTurn();
    expect(await settled(third)).toBe('pending');
    expect(queue.waitingCount).toBe(1);

    first.release();
    first.release(); // a second call gives nothing back twice
    expect(await settled(third)).toBe('granted');
    expect(await settled(queue.enter().waitForTurn())).toBe('pending');
  });

  test('a wait past its bound is a 503 with Retry-After, and leaves no ghost in the queue', async () => {
    const queue = new PhotoQueue({ registrationsAtOnce: 1, maxWaitMs: 50, maxBytesInFlight: 1000 });
    const holder = queue.enter();
    await holder.waitForTurn();
    const late = queue.enter();
    const refused = await late.waitForTurn().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject(busyAnswer);
    late.release();
    expect(queue.waitingCount).toBe(0);

    // The timed-out waiter is gone: the turn given back goes to the next registration at once.
    holder.release();
    expect(await settled(queue.enter().waitForTurn())).toBe('granted');
  });

  test('bytes past the shared cap are a 503 with Retry-After; a released ticket gives its bytes back', () => {
    const queue = new PhotoQueue({ registrationsAtOnce: 3, maxWaitMs: 1000, maxBytesInFlight: 100 });
    const first = queue.enter();
    const second = queue.enter();
    first.take(60);
    second.take(40);
    expect(queue.heldBytes).toBe(100);
    expect(() => second.take(1)).toThrow(expect.objectContaining(busyAnswer) as Error);
    // The refused chunk was not counted.
    expect(queue.heldBytes).toBe(100);

    first.release();
    expect(queue.heldBytes).toBe(40);
    second.take(60);
    second.release();
    second.release();
    expect(queue.heldBytes).toBe(0);
  });

  test('a ticket that never waited for its turn gives back no turn it did not hold', async () => {
    const queue = new PhotoQueue({ registrationsAtOnce: 1, maxWaitMs: 10_000, maxBytesInFlight: 1000 });
    // Refused before its first photo (a bad invite code): bytes only, no turn.
    const refusedEarly = queue.enter();
    refusedEarly.take(10);
    refusedEarly.release();
    const holder = queue.enter();
    await holder.waitForTurn();
    expect(await settled(queue.enter().waitForTurn())).toBe('pending');
  });
});
