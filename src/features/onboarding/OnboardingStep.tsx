import { useCallback, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import type { LookingForOption } from '../../domain/fieldRules';
import type { WizardStepId } from '../../domain/registrationFields';
import { fieldChanged, lookingForToggled, selectOnboardingState, touchedStepErrors } from './onboardingSlice';
import { stepRegistry } from './steps/stepRegistry';
import { registrationField } from '../../domain/registrationFields';
import { messageProps } from './steps/StepLayout';
import type { FieldBinding, WizardTextField } from './steps/stepTypes';
import { usePhotoChoice } from './usePhotoChoice';

/**
 * One wizard step from the registry, wired to the store: the draft, the live messages of the fields
 * the person touched, and the photo controls. Any step can be shown this way, in the order or not.
 */
export function OnboardingStep({ step, headingId }: { step: WizardStepId; headingId: string }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectOnboardingState);
  const errors = useMemo(() => touchedStepErrors(state, step), [state, step]);
  const photo = usePhotoChoice();

  const field = useCallback(
    (name: WizardTextField): FieldBinding => ({
      name,
      value: state.draft[name],
      maxLength: registrationField(name).maxLength,
      onChange: (event) => dispatch(fieldChanged({ field: name, value: event.target.value })),
      ...messageProps(errors[name]),
    }),
    [dispatch, state.draft, errors],
  );
  const onLookingForToggle = useCallback(
    (option: LookingForOption) => dispatch(lookingForToggled(option)),
    [dispatch],
  );

  const Step = stepRegistry[step];
  return (
    <Step
      headingId={headingId}
      draft={state.draft}
      errors={errors}
      field={field}
      onLookingForToggle={onLookingForToggle}
      photo={photo}
    />
  );
}
