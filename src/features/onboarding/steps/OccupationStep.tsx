import { brand } from '../../../config/brand';
import { LongTextField } from './LongTextField';
import { StepHeader } from './StepLayout';
import type { StepProps } from './stepTypes';

/** Step 7: the occupation answer, at least 30 characters; it becomes the result's "me". */
export function OccupationStep({ headingId, field }: StepProps) {
  return (
    <>
      <StepHeader headingId={headingId} title="Tell us about your work">
        A sentence or two is plenty: what you do, where, and what you like about it. It helps{' '}
        {brand.assistantName} find people you will click with.
      </StepHeader>
      <LongTextField
        label="What is your occupation?"
        {...field('occupation')}
        placeholder="e.g. I’m a nurse at a children’s hospital in Leeds and I love my night-shift team"
      />
    </>
  );
}
