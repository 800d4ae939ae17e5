import { restoreJoinDraft } from '../../src/pages/join/joinDraftSchema';

const entry = (id: string, isPart2Entry = false) => ({
  id,
  group: ` Group ${id} `,
  location: ' Camden ',
  x: 10,
  y: 20,
  avatarSeed: 'seed',
  isPart2Entry,
});

test('a stored field of the wrong type is left out; the others are kept, text within its cap', () => {
  const restored = restoreJoinDraft({
    joinFlow: { step: 'form', inviteCode: 'K7MQ2XPA4R' },
    onboarding: {
      draft: {
        firstName: 'Ada',
        lastName: 42,
        age: '36',
        location: 'x'.repeat(500),
        lookingFor: ['Network', 7],
      },
      step: 1,
      direction: -1,
      touched: ['firstName', 'firstName', 'nonsense'],
      photo: { id: '', name: 'a.jpg', type: 'image/jpeg', size: 10 },
    },
  });
  expect(restored?.joinFlow).toEqual({ step: 'form', inviteCode: 'K7MQ2XPA4R' });
  expect(restored?.onboarding.draft).toMatchObject({
    firstName: 'Ada',
    lastName: '',
    age: '36',
    location: 'x'.repeat(120),
    lookingFor: ['Network'],
  });
  expect(restored?.onboarding.touched).toEqual(['firstName']);
  expect(restored?.onboarding.direction).toBe(-1);
  // An empty photo id is not one the page made.
  expect(restored?.onboarding.photo).toBeNull();
});

test('entries: sound ones kept (trimmed, nothing extra), at most 3 a part, each id once', () => {
  const restored = restoreJoinDraft({
    network: {
      entries: [
        { ...entry('a'), injected: '<script>' },
        entry('a'),
        { ...entry('b'), x: 'left' },
        entry('c'),
        entry('d'),
        entry('e'),
        entry('p', true),
      ],
    },
  });
  expect(restored?.network.map((kept) => kept.id)).toEqual(['a', 'c', 'd', 'p']);
  expect(restored?.network[0]).toEqual({ ...entry('a'), group: 'Group a', location: 'Camden' });
});

test('anything but an object restores nothing; a bad part falls back to the start', () => {
  expect(restoreJoinDraft(null)).toBeUndefined();
  expect(restoreJoinDraft([])).toBeUndefined();
  const restored = restoreJoinDraft({
    joinFlow: { step: 'tutorial', inviteCode: 'X' },
    onboarding: [],
    network: 'x',
  });
  expect(restored?.joinFlow).toBeNull();
  expect(restored?.onboarding.step).toBe(1);
  expect(restored?.network).toEqual([]);
});
