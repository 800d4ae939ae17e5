import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { InviteCodeStatus } from '../../domain/inviteCode';
import { initialiseInjectedSlices, rootReducer } from '../../shared/store';

export type InviteOverlayMode = 'inviteCode' | 'noInvite' | 'success';

export interface InviteState {
  mode: InviteOverlayMode;
  code: string;
  status: InviteCodeStatus;
  /** The server's sentence about the code ("Invite code is valid", "This invite code has expired"). */
  message: string | null;
  /** Why the code could not be checked (network, rate limit); never means the code is invalid. */
  error: string | null;
  /** The code a valid answer was for, so a late answer for an older code is ignored. */
  validatedCode: string | null;
}

const initialState: InviteState = {
  mode: 'inviteCode',
  code: '',
  status: 'idle',
  message: null,
  error: null,
  validatedCode: null,
};

export const inviteSlice = createSlice({
  name: 'invite',
  initialState,
  reducers: {
    modeChanged(state, action: PayloadAction<InviteOverlayMode>) {
      state.mode = action.payload;
    },
    /** Typing resets the status to idle; a debounced check follows. */
    codeChanged(state, action: PayloadAction<string>) {
      state.code = action.payload;
      state.status = 'idle';
      state.message = null;
      state.error = null;
      state.validatedCode = null;
    },
    validationStarted(state, action: PayloadAction<string>) {
      if (action.payload !== state.code) return;
      state.status = 'validating';
      state.error = null;
    },
    validationAnswered(state, action: PayloadAction<{ code: string; valid: boolean; message: string }>) {
      if (action.payload.code !== state.code) return;
      state.status = action.payload.valid ? 'valid' : 'invalid';
      state.message = action.payload.message;
      state.validatedCode = action.payload.valid ? action.payload.code : null;
    },
    /** The check itself failed: back to idle so the person can retry, with the reason shown. */
    validationFailed(state, action: PayloadAction<{ code: string; error: string }>) {
      if (action.payload.code !== state.code) return;
      state.status = 'idle';
      state.error = action.payload.error;
    },
  },
  selectors: {
    selectInviteMode: (state) => state.mode,
    selectInviteCode: (state) => state.code,
    selectInviteStatus: (state) => state.status,
    selectInviteMessage: (state) => state.message,
    selectInviteError: (state) => state.error,
    selectIsValidating: (state) => state.status === 'validating',
  },
});

declare module '../../shared/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof inviteSlice> {}
}

// Injected when the /join code loads; the selectors below fall back to the initial state before that.
const injectedInviteSlice = inviteSlice.injectInto(rootReducer);
initialiseInjectedSlices();

export const { modeChanged, codeChanged, validationStarted, validationAnswered, validationFailed } =
  inviteSlice.actions;
export const {
  selectInviteMode,
  selectInviteCode,
  selectInviteStatus,
  selectInviteMessage,
  selectInviteError,
  selectIsValidating,
} = injectedInviteSlice.selectors;
