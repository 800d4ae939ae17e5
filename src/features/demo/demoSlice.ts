import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { injectLazily } from '../../shared/store';
import { renderedDemoSamples, sampleCount } from './demoConversations';
import type { DemoCycle, DemoPhase } from './demoTiming';

export interface DemoState {
  cycle: DemoCycle;
  index: number;
  phase: DemoPhase;
  /** Counts (re)starts: a restart on the sample already shown must replay its bubbles too. */
  run: number;
}

const initialState: DemoState = { cycle: 'getConnected', index: 0, phase: 'entering', run: 0 };

const otherCycle = (cycle: DemoCycle): DemoCycle =>
  cycle === 'getConnected' ? 'deepenConnections' : 'getConnected';

export const demoSlice = createSlice({
  name: 'demo',
  initialState,
  reducers: {
    /** A headline was hovered or tapped: show that cycle from its first sample. */
    cycleSelected(state, action: PayloadAction<DemoCycle>) {
      state.cycle = action.payload;
      state.index = 0;
      state.phase = 'entering';
      state.run += 1;
    },
    /** entering → displaying → exiting → the next sample (or the other cycle's first) entering. */
    phaseAdvanced(state) {
      if (state.phase === 'entering') {
        state.phase = 'displaying';
      } else if (state.phase === 'displaying') {
        state.phase = 'exiting';
      } else if (state.index + 1 < sampleCount(state.cycle)) {
        state.index += 1;
        state.phase = 'entering';
      } else {
        state.cycle = otherCycle(state.cycle);
        state.index = 0;
        state.phase = 'entering';
      }
    },
  },
  selectors: {
    selectDemoCycle: (state) => state.cycle,
    selectDemoIndex: (state) => state.index,
    selectDemoPhase: (state) => state.phase,
    selectDemoRun: (state) => state.run,
    /** The bubbles of the sample on screen (precomputed arrays, so the reference is stable). */
    selectDemoMessages: (state) => renderedDemoSamples[state.cycle][state.index] ?? [],
  },
});

declare module '../../shared/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof demoSlice> {}
}

// Injected when a page with the demo loads; the selectors fall back to the initial state before that.
const injectedDemoSlice = injectLazily(demoSlice);

export const { cycleSelected, phaseAdvanced } = demoSlice.actions;
export const { selectDemoCycle, selectDemoIndex, selectDemoPhase, selectDemoRun, selectDemoMessages } =
  injectedDemoSlice.selectors;
