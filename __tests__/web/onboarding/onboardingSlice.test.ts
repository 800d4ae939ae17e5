import { toWebRegistrationPayload } from '../../../src/domain/registration';
import {
  fieldChanged,
  lookingForToggled,
  onboardingRestored,
  photoChosen,
  selectIsStepValid,
  selectOnboardingDraft,
  selectOnboardingState,
  selectStepErrors,
  selectWizardStep,
  wentBack,
  wentNext,
} from '../../../src/features/onboarding/onboardingSlice';
import { restoreJoinDraft } from '../../../src/pages/join/joinDraftSchema';
import { makeStore } from '../../../src/shared/store';

describe('onboarding slice', () => {
  test('wentNext refuses an invalid step and starts the next step without errors', () => {
    const store = makeStore();
    store.dispatch(wentNext());
    expect(selectWizardStep(store.getState())).toBe(1);
    // Age touched early (e.g. by a restore) must not greet the person with an error on step 2.
    store.dispatch(fieldChanged({ field: 'age', value: '5' }));
    store.dispatch(fieldChanged({ field: 'firstName', value: 'Ada' }));
    store.dispatch(fieldChanged({ field: 'lastName', value: 'Lovelace' }));
    expect(selectIsStepValid(store.getState())).toBe(true);
    store.dispatch(wentNext());
    expect(selectWizardStep(store.getState())).toBe(2);
    expect(selectStepErrors(store.getState())).toEqual({});
    store.dispatch(fieldChanged({ field: 'age', value: '5' }));
    expect(selectStepErrors(store.getState())).toEqual({ age: 'Please enter a valid age (18-100)' });
    store.dispatch(wentBack());
    expect(selectWizardStep(store.getState())).toBe(1);
    expect(selectOnboardingState(store.getState()).direction).toBe(-1);
    store.dispatch(wentBack());
    expect(selectWizardStep(store.getState())).toBe(1);
  });

  test('the whole state survives a JSON round trip through restoreJoinDraft and onboardingRestored', () => {
    const store = makeStore();
    store.dispatch(fieldChanged({ field: 'firstName', value: 'Ada' }));
    store.dispatch(fieldChanged({ field: 'lastName', value: 'Lovelace' }));
    store.dispatch(wentNext());
    store.dispatch(fieldChanged({ field: 'age', value: '36' }));
    store.dispatch(wentNext());
    store.dispatch(
      photoChosen({ id: 'p1', name: 'me.jpg', type: 'image/jpeg', size: 10, width: 20, height: 30 }),
    );
    const saved = JSON.stringify(selectOnboardingState(store.getState()));
    const reloaded = makeStore();
    reloaded.dispatch(onboardingRestored(restoreJoinDraft({ onboarding: JSON.parse(saved) })!.onboarding));
    expect(selectOnboardingState(reloaded.getState())).toEqual(selectOnboardingState(store.getState()));
    expect(selectWizardStep(reloaded.getState())).toBe(3);
  });

  test('a malformed or over-eager restore falls back safely', () => {
    const store = makeStore();
    const restore = (onboarding: unknown) => restoreJoinDraft({ onboarding })!.onboarding;
    store.dispatch(onboardingRestored(restore('nonsense')));
    expect(selectWizardStep(store.getState())).toBe(1);
    store.dispatch(
      onboardingRestored(
        restore({
          draft: { firstName: 'Ada', lastName: 42, lookingFor: ['Romance', 'Dating', 'Romance'] },
          step: 8,
          touched: ['firstName', 'nope'],
          photo: { id: '' },
        }),
      ),
    );
    const state = selectOnboardingState(store.getState());
    // Step 1 is not valid without a last name, so the restore cannot skip past it.
    expect(state.step).toBe(1);
    expect(state.draft.firstName).toBe('Ada');
    expect(state.draft.lastName).toBe('');
    expect(state.draft.lookingFor).toEqual(['Romance']);
    expect(state.touched).toEqual(['firstName']);
    expect(state.photo).toBeNull();
  });

  test('interests keep the joy and exciting answers and drop empty ones', () => {
    const store = makeStore();
    store.dispatch(fieldChanged({ field: 'joy', value: '  Cold-water swimming with friends at dawn  ' }));
    store.dispatch(fieldChanged({ field: 'exciting', value: '   ' }));
    store.dispatch(fieldChanged({ field: 'occupation', value: 'Nurse' }));
    store.dispatch(lookingForToggled('Network'));
    const payload = toWebRegistrationPayload(selectOnboardingDraft(store.getState()), [], 'CODE');
    expect(payload.interests).toEqual(['Cold-water swimming with friends at dawn']);
    expect(payload.occupation).toBe('Nurse');
    expect(payload.looking_for).toEqual(['Network']);
  });
});
