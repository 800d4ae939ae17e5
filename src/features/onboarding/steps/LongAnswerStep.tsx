import { brand } from '../../../config/brand';
import { limits } from '../../../domain/limits';
import { LongTextField } from './LongTextField';
import { StepHeader } from './StepLayout';
import type { StepProps } from './stepTypes';

/** Step 5 (defined, skipped in the order): what brings you joy, at least 30 characters. */
export function JoyStep({ headingId, draft, errors, onFieldChange }: StepProps) {
  return (
    <>
      <StepHeader headingId={headingId} title="What makes you happy?">
        Big or small: a Sunday ritual, a hobby, a place. {brand.assistantName} loves the details.
      </StepHeader>
      <LongTextField
        label="What brings you joy?"
        name="joy"
        placeholder="e.g. Long walks on the coast with my dog and a flask of coffee"
        maxLength={limits.fieldMaxLength.joy}
        value={draft.joy}
        error={errors.joy}
        onChange={(value) => onFieldChange('joy', value)}
      />
    </>
  );
}

/** Step 6 (defined, skipped in the order): something exciting you are working on, at least 30 characters. */
export function ExcitingStep({ headingId, draft, errors, onFieldChange }: StepProps) {
  return (
    <>
      <StepHeader headingId={headingId} title="What are you excited about?">
        A project, a plan, something you are building or learning: the things that light you up.
      </StepHeader>
      <LongTextField
        label="Something exciting you are working on"
        name="exciting"
        placeholder="e.g. Setting up a community garden on our street this spring"
        maxLength={limits.fieldMaxLength.exciting}
        value={draft.exciting}
        error={errors.exciting}
        onChange={(value) => onFieldChange('exciting', value)}
      />
    </>
  );
}
