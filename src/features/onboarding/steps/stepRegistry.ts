import type { WizardStepId } from '../../../domain/registrationFields';
import { AgeStep } from './AgeStep';
import { ExcitingStep, JoyStep } from './LongAnswerStep';
import { LookingForStep } from './LookingForStep';
import { NameStep } from './NameStep';
import { OccupationStep } from './OccupationStep';
import { PhoneLocationStep } from './PhoneLocationStep';
import { PhotoStep } from './PhotoStep';
import type { StepComponent } from './stepTypes';

/**
 * Every step of the wizard by id. Steps 4, 5 and 6 exist but WIZARD_STEP_ORDER (1, 2, 3, 7, 8)
 * skips them; putting one back in the order is all it takes to show it.
 */
export const stepRegistry: Record<WizardStepId, StepComponent> = {
  1: NameStep,
  2: AgeStep,
  3: PhotoStep,
  4: LookingForStep,
  5: JoyStep,
  6: ExcitingStep,
  7: OccupationStep,
  8: PhoneLocationStep,
};
