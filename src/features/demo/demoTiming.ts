/** How long each phase of a demo sample lasts and when its bubbles appear. */
export type DemoCycle = 'getConnected' | 'deepenConnections';
export type DemoPhase = 'entering' | 'displaying' | 'exiting';

export const DEMO_ENTER_MS = 500;
export const DEMO_EXIT_MS = 500;
export const DEMO_DISPLAY_MS: Record<DemoCycle, number> = {
  getConnected: 3300,
  deepenConnections: 3800,
};

export const USER_BUBBLE_DELAY_MS = 500;
export const REPLY_BUBBLE_DELAY_MS = 1500;
/** The third bubble: the deepen cycle's offer, or the connect cycle's suggested profile. */
export const THIRD_BUBBLE_DELAY_MS = {
  deepenConnections: 2300,
  getConnected: 1900,
  /** The third connect sample's profile arrives a little later. */
  lastConnectSample: 2000,
} as const;

export function phaseDurationMs(cycle: DemoCycle, phase: DemoPhase): number {
  if (phase === 'entering') return DEMO_ENTER_MS;
  if (phase === 'exiting') return DEMO_EXIT_MS;
  return DEMO_DISPLAY_MS[cycle];
}

/** Delays of a sample's three bubbles, counted from the start of its entering phase. */
export function bubbleDelaysMs(cycle: DemoCycle, sampleIndex: number): [number, number, number] {
  const third =
    cycle === 'deepenConnections'
      ? THIRD_BUBBLE_DELAY_MS.deepenConnections
      : sampleIndex === 2
        ? THIRD_BUBBLE_DELAY_MS.lastConnectSample
        : THIRD_BUBBLE_DELAY_MS.getConnected;
  return [USER_BUBBLE_DELAY_MS, REPLY_BUBBLE_DELAY_MS, third];
}
