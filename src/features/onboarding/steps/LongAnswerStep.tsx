import { brand } from '../../../config/brand';
import { LongTextField } from './LongTextField';
import { StepHeader } from './StepLayout';
import type { StepProps } from './stepTypes';

/** Step 5 (defined, skipped in the order): what brings you joy, at least 30 characters. */
export function JoyStep({ headingId, field }: StepProps) {
  return (
    <>
      <StepHeader headingId={headingId} title="What makes you happy?">
        Big or small: a Sunday ritual, a hobby, a place. {brand.assistantName} loves the details.
      </StepHeader>
      <LongTextField
        label="What brings you joy?"
        {...field('joy')}
        placeholder="e.g. Long walks on the coast with my dog and a flask of coffee"
      />
    </>
  );
}

/** Step 6 (defined, skipped in the order): something exciting you are working on, at least 30 characters. */
export function ExcitingStep({ headingId, field }: StepProps) {
  return (
    <>
      <StepHeader headingId={headingId} title="What are you excited about?">
        A project, a plan, something you are building or learning: the things that light you up.
      </StepHeader>
      <LongTextField
        label="Something exciting you are working on"
        {...field('exciting')}
        placeholder="e.g. Setting up a community garden on our street this spring"
      />
    </>
  );
}
