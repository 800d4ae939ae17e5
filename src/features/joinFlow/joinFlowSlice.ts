import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { injectLazily } from '../../shared/store';

/** Tutorial, then (with the invite overlay open at the start) form, whoIKnow1, whoIKnow2, completion. */
export type JoinStep = 'tutorial' | 'form' | 'whoIKnow1' | 'whoIKnow2' | 'completion';

export interface JoinFlowState {
  step: JoinStep;
  overlayOpen: boolean;
  /** The invite code the server accepted; sent again with the registration, which checks it again. */
  inviteCode: string | null;
}

const initialState: JoinFlowState = { step: 'tutorial', overlayOpen: true, inviteCode: null };

export const JOIN_STEP_ORDER: readonly JoinStep[] = [
  'tutorial',
  'form',
  'whoIKnow1',
  'whoIKnow2',
  'completion',
];

export const joinFlowSlice = createSlice({
  name: 'joinFlow',
  initialState,
  reducers: {
    inviteFlowOpened(state) {
      state.overlayOpen = true;
    },
    /** Closing the overlay goes back to the tutorial. */
    overlayClosed(state) {
      state.overlayOpen = false;
      state.step = 'tutorial';
    },
    inviteAccepted(state, action: PayloadAction<string>) {
      state.inviteCode = action.payload;
      state.overlayOpen = false;
      state.step = 'form';
    },
    stepCompleted(state) {
      const next = JOIN_STEP_ORDER[JOIN_STEP_ORDER.indexOf(state.step) + 1];
      if (next && state.inviteCode) state.step = next;
    },
    stepBack(state) {
      const previous = JOIN_STEP_ORDER[JOIN_STEP_ORDER.indexOf(state.step) - 1];
      if (previous && previous !== 'tutorial') state.step = previous;
    },
    /** From a failed registration back to the answers, e.g. to change a phone number already registered. */
    answersReopened(state) {
      if (state.inviteCode) state.step = 'form';
    },
    /** A reload in the middle of registering comes back to where the person was (checked by the page). */
    joinFlowRestored(state, action: PayloadAction<{ step: JoinStep; inviteCode: string }>) {
      state.step = action.payload.step;
      state.inviteCode = action.payload.inviteCode;
      state.overlayOpen = false;
    },
  },
  selectors: {
    selectJoinStep: (state) => state.step,
    selectOverlayOpen: (state) => state.overlayOpen,
    selectAcceptedInviteCode: (state) => state.inviteCode,
  },
});

declare module '../../shared/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof joinFlowSlice> {}
}

const injectedJoinFlowSlice = injectLazily(joinFlowSlice);

export const {
  inviteFlowOpened,
  overlayClosed,
  inviteAccepted,
  stepCompleted,
  stepBack,
  answersReopened,
  joinFlowRestored,
} = joinFlowSlice.actions;
export const { selectJoinStep, selectOverlayOpen, selectAcceptedInviteCode } =
  injectedJoinFlowSlice.selectors;
