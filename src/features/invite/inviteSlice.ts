import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { injectLazily } from '../../shared/store';

export type InviteOverlayMode = 'inviteCode' | 'noInvite' | 'success';

/** What the person decided in the invite overlay; the code's check lives in RTK Query (`inviteApi`). */
export interface InviteState {
  mode: InviteOverlayMode;
  code: string;
}

const initialState: InviteState = { mode: 'inviteCode', code: '' };

export const inviteSlice = createSlice({
  name: 'invite',
  initialState,
  reducers: {
    modeChanged(state, action: PayloadAction<InviteOverlayMode>) {
      state.mode = action.payload;
    },
    codeChanged(state, action: PayloadAction<string>) {
      state.code = action.payload;
    },
  },
  selectors: {
    selectInviteMode: (state) => state.mode,
    selectInviteCode: (state) => state.code,
  },
});

declare module '../../shared/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof inviteSlice> {}
}

// Injected when the /join code loads; the selectors below fall back to the initial state before that.
const injectedInviteSlice = injectLazily(inviteSlice);

export const { modeChanged, codeChanged } = inviteSlice.actions;
export const { selectInviteMode, selectInviteCode } = injectedInviteSlice.selectors;
