import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore, type AppStore } from '../../src/shared/store';
import {
  AGE_BANDS,
  AVATAR_FILES,
  AVATARS_BY_BAND,
  avatarBand,
  avatarCountFor,
  avatarsFor,
  looksPlural,
  userAvatarFallback,
} from '../../src/features/network/avatars';
import { entryPosition } from '../../src/features/network/entryPositions';
import {
  entryAdded,
  entryRemoved,
  networkRestored,
  selectNetworkEntries,
  selectNetworkState,
  selectPartEntries,
} from '../../src/features/network/networkSlice';
import { WhoIKnowStep } from '../../src/features/network/WhoIKnowStep';
import { restoreJoinDraft } from '../../src/pages/join/joinDraftSchema';
import { renderWithProviders } from './renderWithProviders';
import { getLiveRegionSaying, queryLiveRegionSaying } from './liveRegions';

const TITLES = {
  1: ['Who I Know', 'Add 3 groups, communities or organisations that you are part of; one at a time!'],
  2: [
    'People Who Matter To Me',
    'Add 3 people who matter most to you; family, close friends, important professionals etc; one at a time!',
  ],
} as const;
const FIELDS = {
  1: ['Group, community or organisation', 'where from'],
  2: ['Name', 'at'],
} as const;

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
});
afterEach(() => {
  jest.useRealTimers();
});

function renderStep(part: 1 | 2, options: { store?: AppStore; busy?: boolean; userPhotoUrl?: string } = {}) {
  const onBack = jest.fn();
  const onComplete = jest.fn();
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  const view = renderWithProviders(
    <WhoIKnowStep
      part={part}
      userName="Ada Lovelace"
      userPhotoUrl={options.userPhotoUrl}
      busy={options.busy}
      onBack={onBack}
      onComplete={onComplete}
    />,
    { store: options.store },
  );
  return { user, onBack, onComplete, ...view };
}

type User = ReturnType<typeof userEvent.setup>;
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const nameField = (part: 1 | 2) => screen.getByRole('textbox', { name: FIELDS[part][0] });
const placeField = (part: 1 | 2) => screen.getByRole('textbox', { name: FIELDS[part][1] });
const progressText = () => screen.getByRole('progressbar').nextElementSibling?.textContent;

async function addEntry(user: User, part: 1 | 2, name: string, place: string) {
  await user.click(button(/^(Add who you know|Add another)$/));
  await user.type(nameField(part), name);
  await user.type(placeField(part), place);
  await user.click(button(/^(Add Entry|Next|Go to WhatsApp)$/));
}

function storeWith(part: 1 | 2, count: number): AppStore {
  const store = makeStore();
  for (let i = 0; i < count; i += 1) {
    store.dispatch(entryAdded({ part, group: `Group ${i}`, location: 'London' }));
  }
  return store;
}

describe('who-I-know screens', () => {
  test.each([1, 2] as const)('part %s shows its exact title and instruction', (part) => {
    renderStep(part);
    expect(screen.getByRole('heading', { level: 1, name: TITLES[part][0] })).toBeInTheDocument();
    expect(screen.getByText(TITLES[part][1])).toBeInTheDocument();
    expect(screen.getByRole('region', { name: TITLES[part][0] })).toBeInTheDocument();
  });

  test('the progress bar counts 0/3 up to 3/3', async () => {
    const { user } = renderStep(1);
    const bar = screen.getByRole('progressbar', { name: 'Entries added' });
    expect(bar).toHaveAttribute('aria-valuemax', '3');
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(progressText()).toBe('0/3');
    for (const [index, name] of ['Chess Club', 'Tech Meetups', 'Choir'].entries()) {
      await addEntry(user, 1, name, 'London');
      expect(bar).toHaveAttribute('aria-valuenow', String(index + 1));
      expect(progressText()).toBe(`${index + 1}/3`);
    }
  });

  test.each([
    [1, 'Next'],
    [2, 'Go to WhatsApp'],
  ] as const)('part %s: buttons read in order, the third submit says "%s"', async (part, lastSubmit) => {
    const { user } = renderStep(part);
    expect(button('Add who you know')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(button('Add who you know'));
    expect(nameField(part)).toHaveFocus();
    expect(button('Add Entry')).toBeInTheDocument();
    await user.type(nameField(part), 'First');
    await user.type(placeField(part), 'Here');
    await user.click(button('Add Entry'));
    expect(button('Add another')).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Add who you know' })).not.toBeInTheDocument();
    await user.click(button('Add another'));
    expect(button('Add Entry')).toBeInTheDocument();
    await user.type(nameField(part), 'Second');
    await user.type(placeField(part), 'There');
    await user.click(button('Add Entry'));
    await user.click(button('Add another'));
    expect(screen.queryByRole('button', { name: 'Add Entry' })).not.toBeInTheDocument();
    await user.type(nameField(part), 'Third');
    await user.type(placeField(part), 'Everywhere');
    await user.click(button(lastSubmit));
    expect(button('Continue')).toHaveFocus();
    expect(screen.queryByRole('button', { name: /^Add/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  test('both fields are required after trimming; whitespace adds nothing and says which is missing', async () => {
    const { user, store } = renderStep(1);
    await user.click(button('Add who you know'));
    await user.type(nameField(1), '   ');
    await user.type(placeField(1), 'Leeds');
    await user.click(button('Add Entry'));
    expect(getLiveRegionSaying('Please fill in “Group, community or organisation”')).toBeInTheDocument();
    expect(nameField(1)).toHaveAttribute('aria-invalid', 'true');
    expect(nameField(1)).toHaveFocus();
    expect(placeField(1)).not.toHaveAttribute('aria-invalid');

    await user.type(nameField(1), 'Book Club');
    await user.clear(placeField(1));
    await user.type(placeField(1), ' \t ');
    await user.click(button('Add Entry'));
    expect(getLiveRegionSaying('Please fill in “where from”')).toBeInTheDocument();
    expect(placeField(1)).toHaveFocus();
    expect(selectNetworkEntries(store.getState())).toEqual([]);
    expect(progressText()).toBe('0/3');

    await user.type(placeField(1), 'Leeds');
    expect(queryLiveRegionSaying('Please fill in')).toBeUndefined();
    await user.click(button('Add Entry'));
    expect(selectNetworkEntries(store.getState())).toMatchObject([{ group: 'Book Club', location: 'Leeds' }]);
  });

  test('part 2 labels the second field "at"; the card lists entries with their place', async () => {
    const { user } = renderStep(2);
    await addEntry(user, 2, '  Mum ', ' Home ');
    const list = screen.getByRole('list', { name: 'People who matter to me' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Mum');
    expect(items[0]).toHaveTextContent('Home');
    expect(screen.getByRole('status')).toHaveTextContent('Added Mum, Home (1/3)');
  });

  test('works from the keyboard alone, and Escape closes the input', async () => {
    const { user, store } = renderStep(1);
    await user.tab();
    await user.tab();
    expect(button('Add who you know')).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('Running Club');
    await user.tab();
    await user.keyboard('Hackney{Enter}');
    expect(selectPartEntries(store.getState(), 1)).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(nameField(1)).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(button('Add another')).toHaveFocus();
  });

  test('the third entry starts the reveal and completes after exactly 1.5 s', async () => {
    const { user, onComplete } = renderStep(1, { store: storeWith(1, 2) });
    await addEntry(user, 1, 'Choir', 'Bath');
    expect(screen.getByTestId('community-reveal')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1499));
    expect(onComplete).not.toHaveBeenCalled();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(onComplete).toHaveBeenCalledTimes(1);
    await act(() => jest.advanceTimersByTimeAsync(5000));
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  test('Continue shows "Loading..." and completes after 3.2 s', async () => {
    const { user, onComplete } = renderStep(2, { store: storeWith(2, 3) });
    expect(progressText()).toBe('3/3');
    await user.click(button('Continue'));
    expect(button('Loading...')).toHaveAttribute('aria-disabled', 'true');
    await user.click(button('Loading...'));
    await act(() => jest.advanceTimersByTimeAsync(3199));
    expect(onComplete).not.toHaveBeenCalled();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(button('Continue')).toBeInTheDocument();
  });

  test('busy shows "Loading..." and Continue does nothing', async () => {
    const { user, onComplete } = renderStep(1, { store: storeWith(1, 3), busy: true });
    await user.click(button('Loading...'));
    await act(() => jest.advanceTimersByTimeAsync(5000));
    expect(onComplete).not.toHaveBeenCalled();
  });

  test('nothing completes after the screen is left', async () => {
    const reveal = renderStep(1, { store: storeWith(1, 2) });
    await addEntry(reveal.user, 1, 'Choir', 'Bath');
    reveal.unmount();
    const continued = renderStep(1, { store: storeWith(1, 3) });
    await continued.user.click(button('Continue'));
    continued.unmount();
    await act(() => jest.advanceTimersByTimeAsync(10_000));
    expect(reveal.onComplete).not.toHaveBeenCalled();
    expect(continued.onComplete).not.toHaveBeenCalled();
  });

  test('Back calls onBack', async () => {
    const { user, onBack } = renderStep(1);
    await user.click(button('Back'));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  test('the user photo is at the centre, or a locally made fallback', () => {
    renderStep(1, { userPhotoUrl: 'blob:photo' });
    expect(screen.getByRole('img', { name: 'Ada Lovelace (you)' })).toHaveAttribute('src', 'blob:photo');
    renderStep(2);
    const fallback = screen.getAllByRole('img', { name: 'Ada Lovelace (you)' })[1]!;
    expect(fallback.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
  });

  test('a plural name shows 2 to 4 faces, a singular one 1', async () => {
    const { user } = renderStep(1);
    await addEntry(user, 1, 'Chess Club', 'Leeds');
    await addEntry(user, 1, 'University Friends', 'York');
    const [single, plural] = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(single!.querySelectorAll('img')).toHaveLength(1);
    const faces = plural!.querySelectorAll('img').length;
    expect(faces).toBeGreaterThanOrEqual(2);
    expect(faces).toBeLessThanOrEqual(4);
  });

  test('a person is one face, even named "Charles" or "James"; a group of the same name is a crowd', async () => {
    const { user } = renderStep(2);
    await addEntry(user, 2, 'Charles', 'Cambridge');
    await addEntry(user, 2, 'James', 'Leeds');
    for (const person of within(screen.getByRole('list')).getAllByRole('listitem')) {
      expect(person.querySelectorAll('img')).toHaveLength(1);
    }
    const crowds = Array.from({ length: 20 }, (_, i) => avatarCountFor('James', `seed-${i}`, 'group'));
    expect(Math.min(...crowds)).toBeGreaterThanOrEqual(2);
    expect(Array.from({ length: 20 }, (_, i) => avatarsFor('James', `seed-${i}`, 'person').length)).toEqual(
      Array(20).fill(1),
    );
  });
});

describe('network slice', () => {
  test('refuses a 4th entry per part, counting the parts separately', () => {
    const store = storeWith(1, 3);
    store.dispatch(entryAdded({ part: 1, group: 'Fourth', location: 'Nowhere' }));
    expect(selectPartEntries(store.getState(), 1)).toHaveLength(3);
    for (let i = 0; i < 4; i += 1) store.dispatch(entryAdded({ part: 2, group: `P${i}`, location: 'At' }));
    expect(selectPartEntries(store.getState(), 2)).toHaveLength(3);
    expect(selectNetworkEntries(store.getState())).toHaveLength(6);
    expect(selectPartEntries(store.getState(), 2).every((entry) => entry.isPart2Entry)).toBe(true);
  });

  test('trims, refuses blanks, places entries around the centre and makes unique ids', () => {
    const store = makeStore();
    store.dispatch(entryAdded({ part: 1, group: '  ', location: 'London' }));
    store.dispatch(entryAdded({ part: 1, group: 'Golf', location: ' ' }));
    expect(selectNetworkEntries(store.getState())).toEqual([]);
    store.dispatch(entryAdded({ part: 1, group: ' Golf Club ', location: ' Surrey ' }));
    store.dispatch(entryAdded({ part: 2, group: 'Dad', location: 'Home' }));
    const [golf, dad] = selectNetworkEntries(store.getState());
    expect(golf).toMatchObject({ group: 'Golf Club', location: 'Surrey', isPart2Entry: false, x: 50, y: 14 });
    expect(dad).toMatchObject({ isPart2Entry: true, ...entryPosition(2, 0) });
    expect(golf!.id).not.toBe(dad!.id);
    expect(golf!.avatarSeed).toContain('golf club');
    expect(selectNetworkState(store.getState())).toEqual({ entries: [golf, dad] });
  });

  test('part 2 sits 60° from part 1, all 36 % from the centre', () => {
    for (const part of [1, 2] as const) {
      for (let slot = 0; slot < 3; slot += 1) {
        const { x, y } = entryPosition(part, slot);
        expect(Math.hypot(x - 50, y - 50)).toBeCloseTo(36, 1);
      }
    }
    expect(entryPosition(2, 1)).toEqual({ x: 50, y: 86 });
  });

  test('removes by id and restores only sound entries', () => {
    const store = storeWith(1, 2);
    const [first, second] = selectNetworkEntries(store.getState());
    store.dispatch(entryRemoved(first!.id));
    expect(selectNetworkEntries(store.getState())).toEqual([second]);
    const saved = { entries: [first, { ...second, id: 'x', group: ' ' }, { nonsense: true }, first] };
    store.dispatch(networkRestored(restoreJoinDraft({ network: saved })!.network));
    expect(selectNetworkEntries(store.getState())).toEqual([first]);
  });
});

describe('avatars', () => {
  test('looksPlural: ends with s but not ss', () => {
    expect(looksPlural('Friends')).toBe(true);
    expect(looksPlural(' COLLEAGUES ')).toBe(true);
    expect(looksPlural('Chess Club')).toBe(false);
    expect(looksPlural('Glass')).toBe(false);
  });

  test('43 files in 5 bands read from their names', () => {
    expect(AVATAR_FILES).toHaveLength(43);
    expect(new Set(AVATAR_FILES).size).toBe(43);
    expect(avatarBand('old-03.png')).toBe('old');
    expect(AGE_BANDS.map((band) => AVATARS_BY_BAND[band].length)).toEqual([10, 10, 9, 8, 6]);
  });

  test('avatarCountFor: 1 when singular, 2 to 4 when plural, fixed by the seed', () => {
    const counts = new Set<number>();
    for (let i = 0; i < 60; i += 1) {
      expect(avatarCountFor('Chess Club', `s${i}`, 'group')).toBe(1);
      const count = avatarCountFor('Friends', `s${i}`, 'group');
      expect(count).toBe(avatarCountFor('Friends', `s${i}`, 'group'));
      counts.add(count);
    }
    expect([...counts].sort()).toEqual([2, 3, 4]);
  });

  test('avatarsFor is deterministic, distinct and served from /assets/avatars/', () => {
    for (let i = 0; i < 50; i += 1) {
      const urls = avatarsFor('Old School Friends', `seed-${i}`, 'group');
      expect(urls).toEqual(avatarsFor('Old School Friends', `seed-${i}`, 'group'));
      expect(new Set(urls).size).toBe(urls.length);
      expect(urls).toHaveLength(avatarCountFor('Old School Friends', `seed-${i}`, 'group'));
      for (const url of urls) expect(AVATAR_FILES.map((file) => `/assets/avatars/${file}`)).toContain(url);
    }
  });

  test('keywords steer the age bands', () => {
    const bandsOf = (name: string) =>
      Array.from({ length: 200 }, (_, i) => avatarsFor(name, `seed-${i}`, 'group'))
        .flat()
        .map((url) => avatarBand(url.split('/').pop()!));
    const share = (bands: string[], wanted: string[]) =>
      bands.filter((band) => wanted.includes(band)).length / bands.length;
    expect(share(bandsOf('University Friends'), ['young'])).toBeGreaterThan(0.6);
    expect(share(bandsOf('Work Colleagues'), ['middle'])).toBeGreaterThan(0.5);
    expect(share(bandsOf('Retired Golfers'), ['mature', 'old'])).toBeGreaterThan(0.7);
    expect(share(bandsOf('Grandparents'), ['young'])).toBe(0);
  });

  test('userAvatarFallback is a local SVG data URI, the same for the same seed', () => {
    const uri = userAvatarFallback('Ada Lovelace', 'AL');
    expect(uri).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(uri)).toContain('>AL</text>');
    expect(userAvatarFallback('Ada Lovelace', 'AL')).toBe(uri);
    expect(userAvatarFallback('Grace Hopper', 'GH')).not.toBe(uri);
    expect(decodeURIComponent(userAvatarFallback('x', '<&'))).not.toContain('<&');
  });
});
