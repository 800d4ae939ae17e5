import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { initialiseInjectedSlices, rootReducer } from '../../app/store';

/** Spec §4: tutorial, then (with the invite overlay open at the start) form, whoIKnow1, whoIKnow2, completion. */
export type JoinStep = 'tutorial' | 'form' | 'whoIKnow1' | 'whoIKnow2' | 'completion';

export interface JoinFlowState {
  step: JoinStep;
  overlayOpen: boolean;
  /** The invite code the server accepted; sent again with the registration, which checks it again. */
  inviteCode: string | null;
}

const initialState: JoinFlowState = { step: 'tutorial', overlayOpen: true, inviteCode: null };

const order: JoinStep[] = ['tutorial', 'form', 'whoIKnow1', 'whoIKnow2', 'completion'];

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
      const next = order[order.indexOf(state.step) + 1];
      if (next && state.inviteCode) state.step = next;
    },
    stepBack(state) {
      const previous = order[order.indexOf(state.step) - 1];
      if (previous && previous !== 'tutorial') state.step = previous;
    },
    /** A reload in the middle of registering comes back to where the person was. */
    joinFlowRestored(_state, action: PayloadAction<JoinFlowState>) {
      return action.payload;
    },
  },
  selectors: {
    selectJoinStep: (state) => state.step,
    selectOverlayOpen: (state) => state.overlayOpen,
    selectAcceptedInviteCode: (state) => state.inviteCode,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof joinFlowSlice> {}
}

const injectedJoinFlowSlice = joinFlowSlice.injectInto(rootReducer);
initialiseInjectedSlices();

export const { inviteFlowOpened, overlayClosed, inviteAccepted, stepCompleted, stepBack, joinFlowRestored } =
  joinFlowSlice.actions;
export const { selectJoinStep, selectOverlayOpen, selectAcceptedInviteCode } =
  injectedJoinFlowSlice.selectors;
