import { createSelector, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import {
  EMPTY_ONBOARDING_DRAFT,
  WIZARD_STEP_FIELDS,
  isWizardStepValid,
  nextWizardStep,
  previousWizardStep,
  toggleLookingFor,
  validateWizardField,
  type LookingForOption,
  type OnboardingDraft,
  type WizardErrors,
  type WizardField,
} from '../../domain/fieldRules';
import { type WizardStepId } from '../../domain/registrationFields';
import { injectLazily } from '../../shared/store';
import type { WizardTextField } from './steps/stepTypes';

/** What the store knows about the chosen photo; the Blob itself lives in `photoStore`. */
export interface PhotoMeta {
  id: string;
  name: string;
  type: string;
  size: number;
  width: number | null;
  height: number | null;
}

export interface OnboardingState {
  draft: OnboardingDraft;
  step: WizardStepId;
  /** 1 going forward (the next panel slides in from the right), -1 going back. */
  direction: 1 | -1;
  /** Fields the person has edited; only these show live errors. */
  touched: WizardField[];
  photo: PhotoMeta | null;
}

export const initialOnboardingState: OnboardingState = {
  draft: EMPTY_ONBOARDING_DRAFT,
  step: 1,
  direction: 1,
  touched: [],
  photo: null,
};

export function photoCountOf(state: Pick<OnboardingState, 'photo'>): number {
  return state.photo ? 1 : 0;
}

/** Live messages of `step`'s fields that the person has touched: fields validate as typed. */
export function touchedStepErrors(state: OnboardingState, step: WizardStepId): WizardErrors {
  const errors: WizardErrors = {};
  for (const field of WIZARD_STEP_FIELDS[step]) {
    if (!state.touched.includes(field)) continue;
    const message = validateWizardField(field, state.draft, photoCountOf(state));
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}

function touch(state: OnboardingState, field: WizardField) {
  if (!state.touched.includes(field)) state.touched.push(field);
}

export const onboardingSlice = createSlice({
  name: 'onboarding',
  initialState: initialOnboardingState,
  reducers: {
    fieldChanged(state, action: PayloadAction<{ field: WizardTextField; value: string }>) {
      const { field, value } = action.payload;
      state.draft[field] = value;
      touch(state, field);
    },
    /** Adds or removes an option; a 5th option is refused (at most 4). */
    lookingForToggled(state, action: PayloadAction<LookingForOption>) {
      state.draft.lookingFor = toggleLookingFor(state.draft.lookingFor, action.payload);
      touch(state, 'lookingFor');
    },
    /** Only one photo is kept: a new one replaces the old. */
    photoChosen(state, action: PayloadAction<PhotoMeta>) {
      state.photo = action.payload;
      touch(state, 'photos');
    },
    photoRemoved(state) {
      state.photo = null;
      touch(state, 'photos');
    },
    /** Moves on only when the current step is valid; the new step starts without errors. */
    wentNext(state) {
      if (!isWizardStepValid(state.step, state.draft, photoCountOf(state))) return;
      const next = nextWizardStep(state.step);
      if (next === undefined) return;
      const fieldsOfNext: readonly WizardField[] = WIZARD_STEP_FIELDS[next];
      state.step = next;
      state.direction = 1;
      state.touched = state.touched.filter((field) => !fieldsOfNext.includes(field));
    },
    wentBack(state) {
      const previous = previousWizardStep(state.step);
      if (previous === undefined) return;
      state.step = previous;
      state.direction = -1;
    },
    /** The page's session-storage restore, already checked (pages/join/joinDraftSchema.ts). */
    onboardingRestored(_state, action: PayloadAction<OnboardingState>) {
      return action.payload;
    },
    onboardingReset() {
      return initialOnboardingState;
    },
  },
  selectors: {
    selectOnboardingState: (state) => state,
    selectOnboardingDraft: (state) => state.draft,
    selectWizardStep: (state) => state.step,
    selectWizardDirection: (state) => state.direction,
    selectPhotoMeta: (state) => state.photo,
    selectStepErrors: createSelector([(state: OnboardingState) => state], (state) =>
      touchedStepErrors(state, state.step),
    ),
    selectIsStepValid: (state) => isWizardStepValid(state.step, state.draft, photoCountOf(state)),
  },
});

declare module '../../shared/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof onboardingSlice> {}
}

// Injected when the /join code loads; the selectors fall back to the initial state before that.
const injectedOnboardingSlice = injectLazily(onboardingSlice);

export const {
  fieldChanged,
  lookingForToggled,
  photoChosen,
  photoRemoved,
  wentNext,
  wentBack,
  onboardingRestored,
  onboardingReset,
} = onboardingSlice.actions;
export const {
  selectOnboardingState,
  selectOnboardingDraft,
  selectWizardStep,
  selectWizardDirection,
  selectPhotoMeta,
  selectStepErrors,
  selectIsStepValid,
} = injectedOnboardingSlice.selectors;
