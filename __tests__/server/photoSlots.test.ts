import { HttpError } from '../../server/httpError';
import { PHOTOS_BUSY, PhotoSlots } from '../../server/registration/photoSlots';

const settled = async <T>(promise: Promise<T>) => {
  let state: 'pending' | 'granted' | 'refused' = 'pending';
  promise.then(
    () => (state = 'granted'),
    () => (state = 'refused'),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
};

describe('PhotoSlots: registrations that read photos at once', () => {
  test('past its size a registration waits, and gets the first slot given back', async () => {
    const slots = new PhotoSlots(2, 10_000);
    const releaseFirst = await slots.acquire();
    await slots.acquire();
    const third = slots.acquire();
    expect(await settled(third)).toBe('pending');

    releaseFirst();
    releaseFirst(); // a second call gives nothing back twice
    expect(await settled(third)).toBe('granted');
    expect(await settled(slots.acquire())).toBe('pending');
  });

  test('a wait past its bound is a 503 with Retry-After, and leaves no ghost in the queue', async () => {
    const slots = new PhotoSlots(1, 50);
    const release = await slots.acquire();
    const refused = await slots.acquire().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 503, message: PHOTOS_BUSY, headers: { 'retry-after': '5' } });

    // The timed-out waiter is gone: the slot given back goes to the next registration at once.
    release();
    expect(await settled(slots.acquire())).toBe('granted');
  });
});
