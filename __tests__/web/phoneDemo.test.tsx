import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Globals } from '@react-spring/web';
import { makeStore } from '../../src/shared/store';
import {
  connectItems,
  deepenItems,
  renderDemoSample,
  renderedDemoSamples,
} from '../../src/features/demo/demoConversations';
import { cycleSelected, demoSlice, phaseAdvanced, type DemoState } from '../../src/features/demo/demoSlice';
import { PhoneDemo } from '../../src/features/demo/PhoneDemo';
import { renderRoute, renderWithProviders } from './renderWithProviders';

// react-spring keeps the requestAnimationFrame it found at import; frames must follow the fake clock.
Globals.assign({ requestAnimationFrame: (callback) => requestAnimationFrame(callback) });

const originalMatchMedia = window.matchMedia;

function preferReducedMotion() {
  window.matchMedia = ((query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
});
afterEach(() => {
  jest.useRealTimers();
  window.matchMedia = originalMatchMedia;
});

/** Advances the fake clock in 100 ms steps, so each new phase's timer starts exactly on time. */
function tick(ms: number) {
  for (let left = ms; left > 0; left -= 100) {
    act(() => jest.advanceTimersByTime(Math.min(100, left)));
  }
}

/** jsdom's pointer events carry no pointerType; React reads it from the native event. */
function pointerOver(element: Element, pointerType: 'mouse' | 'touch') {
  const event = new MouseEvent('pointerover', { bubbles: true });
  Object.defineProperty(event, 'pointerType', { value: pointerType });
  fireEvent(element, event);
}

const sampleOnScreen = () => screen.getByTestId('phone-demo-sample');
const stages = () =>
  Array.from(sampleOnScreen().querySelectorAll('[data-stage]'), (el) => el.getAttribute('data-stage'));
const position = (demo: DemoState | undefined) => demo && `${demo.cycle} ${demo.index} ${demo.phase}`;

describe('the demo slice', () => {
  test('each sample enters, displays and exits; connect 0-2 then deepen 0-1 then connect again', () => {
    let state = demoSlice.reducer(undefined, { type: 'init' });
    const seen: string[] = [];
    for (let step = 0; step < 16; step += 1) {
      seen.push(position(state)!);
      state = demoSlice.reducer(state, phaseAdvanced());
    }
    expect(seen).toEqual([
      ...[0, 1, 2].flatMap((i) => ['entering', 'displaying', 'exiting'].map((p) => `getConnected ${i} ${p}`)),
      ...[0, 1].flatMap((i) =>
        ['entering', 'displaying', 'exiting'].map((p) => `deepenConnections ${i} ${p}`),
      ),
      'getConnected 0 entering',
    ]);
  });

  test('selecting a cycle restarts it at its first sample, entering, even when already shown', () => {
    let state = demoSlice.reducer(undefined, phaseAdvanced());
    state = demoSlice.reducer(state, cycleSelected('deepenConnections'));
    expect(state).toEqual({ cycle: 'deepenConnections', index: 0, phase: 'entering', run: 1 });
    expect(demoSlice.reducer(state, cycleSelected('deepenConnections')).run).toBe(2);
  });
});

describe('rendered chat messages', () => {
  test('a connect sample: the user on the right, the reply and the suggested profile on the left', () => {
    const [user, reply, profile] = renderDemoSample('getConnected', 0);
    expect(user).toMatchObject({ side: 'right', type: 'text', text: connectItems[0]!.userMessage });
    expect(reply).toMatchObject({ side: 'left', type: 'text', text: connectItems[0]!.replyMessage });
    expect(profile).toMatchObject({
      side: 'left',
      type: 'image',
      text: connectItems[0]!.profile.name,
      imageUrl: expect.stringMatching(/^\/assets\/avatars\/.+\.png$/),
      cycleType: 'getConnected',
      cycleIndex: 0,
      messageIndex: 2,
    });
    expect(user!.backgroundColor).not.toBe(reply!.backgroundColor);
  });

  test('bubble delays: 500 / 1500 / 1900 for connect, 2000 for its third sample, 2300 for deepen', () => {
    const delays = (messages: { animationDelayMs: number }[]) => messages.map((m) => m.animationDelayMs);
    expect(renderedDemoSamples.getConnected.map(delays)).toEqual([
      [500, 1500, 1900],
      [500, 1500, 1900],
      [500, 1500, 2000],
    ]);
    expect(renderedDemoSamples.deepenConnections.map(delays)).toEqual([
      [500, 1500, 2300],
      [500, 1500, 2300],
    ]);
    expect(renderDemoSample('deepenConnections', 1)[2]).toMatchObject({
      type: 'text',
      text: deepenItems[1]!.thirdMessage,
    });
  });
});

describe('the phone demo', () => {
  test('phases last 500 / 3300 / 500 ms for connect and 500 / 3800 / 500 ms for deepen', () => {
    const store = makeStore();
    renderWithProviders(<PhoneDemo />, { store });
    const expectAt = (text: string) => expect(position(store.getState().demo)).toBe(text);
    const walk = (cycle: string, index: number, displayMs: number) => {
      expectAt(`${cycle} ${index} entering`);
      tick(499);
      expectAt(`${cycle} ${index} entering`);
      tick(1);
      expectAt(`${cycle} ${index} displaying`);
      tick(displayMs - 1);
      expectAt(`${cycle} ${index} displaying`);
      tick(1);
      expectAt(`${cycle} ${index} exiting`);
      tick(499);
      expectAt(`${cycle} ${index} exiting`);
      tick(1);
    };
    [0, 1, 2].forEach((index) => walk('getConnected', index, 3300));
    [0, 1].forEach((index) => walk('deepenConnections', index, 3800));
    expectAt('getConnected 0 entering');
  });

  test('bubbles go hidden → growing (at their delay) → visible (300 ms later)', () => {
    renderWithProviders(<PhoneDemo />);
    expect(stages()).toEqual(['hidden', 'hidden', 'hidden']);
    tick(499);
    expect(stages()).toEqual(['hidden', 'hidden', 'hidden']);
    tick(1);
    expect(stages()).toEqual(['growing', 'hidden', 'hidden']);
    tick(300);
    expect(stages()).toEqual(['visible', 'hidden', 'hidden']);
    tick(700);
    expect(stages()).toEqual(['visible', 'growing', 'hidden']);
    tick(400);
    expect(stages()).toEqual(['visible', 'visible', 'growing']);
    tick(300);
    expect(stages()).toEqual(['visible', 'visible', 'visible']);
  });

  test('the third connect sample shows its profile at 2000 ms, a deepen sample its offer at 2300 ms', () => {
    const store = makeStore();
    renderWithProviders(<PhoneDemo />, { store });
    tick(2 * 4300);
    expect(sampleOnScreen()).toHaveAttribute('data-index', '2');
    tick(1900);
    expect(stages()[2]).toBe('hidden');
    tick(100);
    expect(stages()[2]).toBe('growing');
    tick(4300 - 2000);
    expect(sampleOnScreen()).toHaveAttribute('data-cycle', 'deepenConnections');
    expect(screen.getByText(deepenItems[0]!.userMessage)).toBeInTheDocument();
    tick(2200);
    expect(stages()[2]).toBe('hidden');
    tick(100);
    expect(stages()[2]).toBe('growing');
  });

  test('a profile picture shows a placeholder until it loads, and keeps it with a warning if it fails', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container, unmount } = renderWithProviders(<PhoneDemo />);
    const frame = () => container.querySelector('[data-status]')!;
    expect(frame()).toHaveAttribute('data-status', 'loading');
    expect(frame()).toHaveTextContent(connectItems[0]!.profile.name.charAt(0));
    fireEvent.load(frame().querySelector('img')!);
    expect(frame()).toHaveAttribute('data-status', 'loaded');
    unmount();

    const second = renderWithProviders(<PhoneDemo />);
    const image = second.container.querySelector('img')!;
    fireEvent.error(image);
    expect(second.container.querySelector('[data-status]')).toHaveAttribute('data-status', 'failed');
    expect(second.container.querySelector('[data-status] span')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(connectItems[0]!.profile.avatar));
    warn.mockRestore();
  });

  test('the chat is decoration with one text alternative, not a live region', () => {
    renderWithProviders(<PhoneDemo />);
    const phone = screen.getByRole('img', { name: /Sample chats with Becca/ });
    expect(phone.querySelector('[aria-hidden="true"]')).toContainElement(sampleOnScreen());
    expect(phone.querySelector('[aria-live]')).toBeNull();
  });

  test('under prefers-reduced-motion nothing advances; the bubbles are simply shown', () => {
    preferReducedMotion();
    const store = makeStore();
    renderWithProviders(<PhoneDemo />, { store });
    tick(30_000);
    expect(position(store.getState().demo)).toBe('getConnected 0 entering');
    expect(stages()).toEqual(['visible', 'visible', 'visible']);
  });
});

describe('the headlines', () => {
  test('hovering a headline switches the demo to its cycle and restarts it', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const { store } = renderRoute('/');
    const connect = await screen.findByRole('button', { name: 'Get Connected With Anyone' });
    const deepen = screen.getByRole('button', { name: 'Deepen Your Connections' });
    expect(connect).toHaveAttribute('aria-pressed', 'true');
    expect(deepen).toHaveAttribute('aria-pressed', 'false');

    await user.hover(deepen);
    expect(position(store.getState().demo)).toBe('deepenConnections 0 entering');
    expect(deepen).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(deepenItems[0]!.userMessage)).toBeInTheDocument();

    tick(4300 + 2000);
    expect(position(store.getState().demo)).toBe('deepenConnections 1 displaying');
    await user.unhover(deepen);
    await user.hover(deepen);
    expect(position(store.getState().demo)).toBe('deepenConnections 0 entering');
    expect(stages()).toEqual(['hidden', 'hidden', 'hidden']);
    tick(500);
    expect(stages()[0]).toBe('growing');
  });

  test('on a touch screen a tap (not the touch itself) switches; so does the keyboard', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const { store } = renderRoute('/');
    const deepen = await screen.findByRole('button', { name: 'Deepen Your Connections' });
    pointerOver(deepen, 'touch');
    expect(store.getState().demo?.cycle).toBe('getConnected');
    fireEvent.click(deepen);
    expect(store.getState().demo?.cycle).toBe('deepenConnections');
    pointerOver(screen.getByRole('button', { name: 'Get Connected With Anyone' }), 'mouse');
    expect(store.getState().demo?.cycle).toBe('getConnected');
    fireEvent.click(deepen);

    screen.getByRole('button', { name: 'Get Connected With Anyone' }).focus();
    await user.keyboard('{Enter}');
    expect(position(store.getState().demo)).toBe('getConnected 0 entering');
  });

  test('under reduced motion a headline still switches the cycle, which then stands still', async () => {
    preferReducedMotion();
    const { store } = renderRoute('/');
    // fireEvent acts synchronously, so the bubbles' timers start inside the test's act() ticks.
    fireEvent.click(await screen.findByRole('button', { name: 'Deepen Your Connections' }));
    tick(20_000);
    expect(position(store.getState().demo)).toBe('deepenConnections 0 entering');
    expect(stages()).toEqual(['visible', 'visible', 'visible']);
  });
});
