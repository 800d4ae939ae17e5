import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { injectLazily } from '../../shared/store';

export interface RegistrationState {
  /** Share of the upload sent so far, 0 to 1. */
  uploadProgress: number;
}

const initialState: RegistrationState = { uploadProgress: 0 };

export const registrationSlice = createSlice({
  name: 'registration',
  initialState,
  reducers: {
    uploadProgressed(state, action: PayloadAction<number>) {
      state.uploadProgress = Math.min(1, Math.max(0, action.payload));
    },
    uploadReset(state) {
      state.uploadProgress = 0;
    },
  },
  selectors: {
    selectUploadProgress: (state) => state.uploadProgress,
  },
});

declare module '../../shared/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof registrationSlice> {}
}

const injectedRegistrationSlice = injectLazily(registrationSlice);

export const { uploadProgressed, uploadReset } = registrationSlice.actions;
export const { selectUploadProgress } = injectedRegistrationSlice.selectors;
